// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SchemaForm } from "../../../src/client/renderers/SchemaForm.tsx";
import { defaultBundle, type JsonSchema, type SchemaBundle, schemaById } from "../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "./test-utils.tsx";

vi.mock("../../../src/client/api/http.ts", () => ({
  api: vi.fn(async (path: string) => {
    if (path.startsWith("clinical-user/by-role/clinician")) {
      return { rows: [{ id: 1, full_name: "Casey Clinician" }], totalRecords: 1 };
    }
    if (path === "clinician-team") return { rows: [{ id: 3, name: "Outpatient Team" }], totalRecords: 1 };
    throw new Error(`unexpected call ${path}`);
  }),
}));

const FORM_ID = "forms/patient.form.json";

const validPatient = {
  mrn: "MRN2001",
  first_name: "Avery",
  last_name: "Example",
  birth_date: "2010-04-02",
  gender: "f",
  clinicians: [1],
};

function renderForm(props: Partial<Parameters<typeof SchemaForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = renderWithProviders(
    <SchemaForm formId={FORM_ID} onSubmit={onSubmit} submitLabel="Save patient" {...props} />,
  );
  return { onSubmit, ...view };
}

/** What a person meets in the form: each label, the control it names, and whether it is required. */
/** What the form's required mark (renderers.css) and a screen reader go by. */
function isMarkedRequired(control: Element | null): boolean {
  return !!control && (control.hasAttribute("required") || control.getAttribute("aria-required") === "true");
}

function formStructure(container: HTMLElement) {
  return [...container.querySelectorAll("label")].map((label) => {
    const control = label.htmlFor ? container.ownerDocument.getElementById(label.htmlFor) : null;
    const kind = control
      ? `${control.tagName.toLowerCase()}${control.getAttribute("type") ? `[type=${control.getAttribute("type")}]` : ""}${control.getAttribute("role") ? `[role=${control.getAttribute("role")}]` : ""}`
      : "NO CONTROL";
    return `${label.textContent} -> ${kind}${isMarkedRequired(control) ? " required" : ""}`;
  });
}

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Save patient" }));
}

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((d) => d.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

// Every form file of the bundle renders, and its structure is pinned (STYLE habit 8): a new form
// or field shows up here without new test code.
// All but the outcomes explorer's filter panel file, which AnalyticsFilterPanel draws (its own test:
// tests/client/analytics/filter-fields.test.ts).
const formIds = Object.keys(defaultBundle).filter(
  (id) => id.startsWith("forms/") && id !== "forms/analytics-query.form.json",
);

describe.each(formIds)("SchemaForm renders %s", (formId) => {
  it("with a label per field, each naming its control", () => {
    const { container } = renderForm({ formId });
    const structure = formStructure(container);
    expect(structure.some((line) => line.includes("NO CONTROL"))).toBe(false);
    expect(structure).toMatchSnapshot();
    // A label names one thing: finding a field by its label never meets a hidden twin.
    for (const label of container.querySelectorAll("label")) {
      expect(screen.getAllByLabelText(label.textContent ?? "")).toHaveLength(1);
    }
  });

  it("marks every field the entity requires, so no required error appears under an unmarked field", () => {
    const { container } = renderForm({ formId });
    const entity = schemaById(defaultBundle, String(schemaById(defaultBundle, formId)["x-entity"]));
    // The field an "one of these is required" error lands on (clinicians, or a team) counts too.
    const required = new Set([...((entity.required ?? []) as string[]), ...[entity["x-anyOf-field"]].filter(Boolean)]);
    const controls = [...container.querySelectorAll("label")]
      .map((label) => (label.htmlFor ? document.getElementById(label.htmlFor) : null))
      .filter((control): control is HTMLElement => control !== null);
    const unmarked = [...required].filter((field) => {
      const control = controls.find((c) => c.id.endsWith(`_${field}`));
      return control !== undefined && !isMarkedRequired(control);
    });
    expect(unmarked).toEqual([]);
  });
});

describe("SchemaForm with the patient form", () => {
  it("renders every field under its schema title, in the form's order", () => {
    renderForm();
    for (const label of [
      "First name",
      "Middle name",
      "Last name",
      "MRN",
      "Birthdate",
      "Gender at birth",
      "Email",
      "Email notifications",
      "Mobile number",
      "Text message notifications",
      "Clinicians",
      "Clinician teams",
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it("shows no error before the user has done anything", () => {
    const { container } = renderForm();
    expect(container.querySelectorAll("[aria-invalid=true]")).toHaveLength(0);
    expect(screen.queryByText(/is required/)).toBeNull();
  });

  it("shows the spec's messages under their fields when empty data is submitted", async () => {
    const { onSubmit } = renderForm();
    submit();
    await waitFor(() => expect(errorOf("First name")).toBe("First name is required"));
    expect(errorOf("Last name")).toBe("Last name is required");
    expect(errorOf("MRN")).toBe("MRN is required");
    expect(errorOf("Birthdate")).toBe("Birthdate is required");
    expect(errorOf("Gender at birth")).toBe("Gender at birth is required");
    expect(errorOf("Clinicians")).toBe("Clinician is required");
    expect(errorOf("Middle name")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Invalid email' and that a short mobile number is too short", async () => {
    const { onSubmit } = renderForm({ formData: validPatient });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "555123" } });
    submit();
    await waitFor(() => expect(errorOf("Email")).toBe("Invalid email"));
    expect(errorOf("Mobile number")).toBe("That mobile number is too short. It must be 10 digits.");
    expect(errorOf("First name")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a field's error when the field is left, and only that field's", async () => {
    renderForm();
    const first = screen.getByLabelText("First name");
    fireEvent.focus(first);
    fireEvent.blur(first);
    await waitFor(() => expect(errorOf("First name")).toBe("First name is required"));
    expect(errorOf("Last name")).toBeNull();
    fireEvent.change(first, { target: { value: "Avery" } });
    await waitFor(() => expect(errorOf("First name")).toBeNull());
  });

  it("says a future birthdate is invalid", async () => {
    renderForm({ formData: { ...validPatient, birth_date: "2999-01-01" } });
    submit();
    await waitFor(() => expect(errorOf("Birthdate")).toBe("Birthdate is invalid"));
  });

  it("submits the normalized record: trimmed names, blank middle name as null, digits only", async () => {
    const { onSubmit } = renderForm({ formData: { ...validPatient, id: 9, full_name: "read only" } });
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "  Avery  " } });
    fireEvent.change(screen.getByLabelText("Middle name"), { target: { value: "   " } });
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "(555) 123-4567" } });
    fireEvent.click(screen.getByLabelText("Text message notifications"));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      ...validPatient,
      first_name: "Avery",
      middle_name: null,
      email: null,
      email_notification: false,
      mobile_number: "5551234567",
      mobile_notification: true,
      clinician_teams: [],
    });
  });

  it("shows server field errors under their fields, with their addon, until the field is edited", async () => {
    renderForm({
      formData: validPatient,
      serverErrors: [{ field: "mrn", message: "MRN already in use" }],
      errorAddons: { mrn: <a href="/clinician/patients/patient/7">View existing patient</a> },
    });
    expect(errorOf("MRN")).toBe("MRN already in use");
    expect(screen.getByRole("link", { name: "View existing patient" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7",
    );
    fireEvent.change(screen.getByLabelText("MRN"), { target: { value: "MRN2002" } });
    await waitFor(() => expect(errorOf("MRN")).toBeNull());
    expect(screen.queryByRole("link", { name: "View existing patient" })).toBeNull();
  });

  it("lists server errors about fields the form does not show", () => {
    renderForm({ formData: validPatient, serverErrors: [{ field: "status", message: "Active is not valid" }] });
    expect(within(screen.getByRole("alert")).getByText("Active is not valid")).toBeTruthy();
  });

  it("offers the pickable clinicians and keeps the chosen ones as ids", async () => {
    const { onSubmit } = renderForm({ formData: { ...validPatient, clinicians: undefined } });
    fireEvent.click(screen.getByLabelText("Clinicians"));
    fireEvent.click(await screen.findByRole("option", { name: "Casey Clinician" }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].clinicians).toEqual([1]);
  });
});

describe("the phone widget", () => {
  it("masks while typing and keeps digits", async () => {
    const { onSubmit } = renderForm({ formData: validPatient });
    const input = screen.getByLabelText("Mobile number") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "555" } });
    expect(input.value).toBe("(555");
    fireEvent.change(input, { target: { value: "(555)1234" } });
    expect(input.value).toBe("(555) 123-4");
    fireEvent.change(input, { target: { value: "(555) 123-4567" } });
    expect(input.value).toBe("(555) 123-4567");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].mobile_number).toBe("5551234567");
  });

  it("keeps an eleventh digit visible, so the too-long message makes sense", async () => {
    const { onSubmit } = renderForm({ formData: validPatient });
    const input = screen.getByLabelText("Mobile number") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "(555) 123-45678" } });
    expect(input.value).toBe("(555) 123-4567 8");
    submit();
    await waitFor(() => expect(errorOf("Mobile number")).toBe("That mobile number is too long. It must be 10 digits."));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a stored number masked", () => {
    renderForm({ formData: { ...validPatient, mobile_number: "5559876543" } });
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("(555) 987-6543");
  });

  it("deletes the digit before a mask character instead of the character", () => {
    renderForm({ formData: { ...validPatient, mobile_number: "555123" } });
    const input = screen.getByLabelText("Mobile number") as HTMLInputElement;
    expect(input.value).toBe("(555) 123");
    // Backspace right after ") " removes the space: the digit before it should go instead.
    input.setSelectionRange(5, 5);
    fireEvent.change(input, { target: { value: "(555)123", selectionStart: 5 } });
    expect(input.value).toBe("(551) 23");
  });
});

describe("a field added to the entity", () => {
  function bundleWithPreferredName(): SchemaBundle {
    const bundle = structuredClone(defaultBundle);
    const entity = bundle["entities/patient.json"] as JsonSchema & { properties: Record<string, JsonSchema> };
    entity.properties.preferred_name = { type: ["string", "null"], title: "Preferred name", maxLength: 50 };
    return bundle;
  }

  it("renders as a labelled text input where the form's '*' stands, with no form change", async () => {
    const bundle = bundleWithPreferredName();
    const { container, onSubmit } = renderForm({ bundle, formData: validPatient });
    const input = screen.getByLabelText("Preferred name") as HTMLInputElement;
    expect(input.tagName).toBe("INPUT");
    expect(input.type).toBe("text");
    expect(input.required).toBe(false);
    expect(formStructure(container).at(-1)).toBe("Preferred name -> input[type=text]");
    fireEvent.change(input, { target: { value: " Ave " } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].preferred_name).toBe(" Ave ");
  });

  it("is validated by its schema like any other field", async () => {
    renderForm({ bundle: bundleWithPreferredName(), formData: validPatient });
    fireEvent.change(screen.getByLabelText("Preferred name"), { target: { value: "x".repeat(51) } });
    submit();
    await waitFor(() => expect(errorOf("Preferred name")).toBe("Preferred name is not valid"));
  });
});

describe("the record's version", () => {
  it("is never a field, even where a body schema lists it as writable (the general settings update)", () => {
    const bundle = structuredClone(defaultBundle);
    const update = bundle["api/general-settings-update.json"] as JsonSchema & {
      properties: Record<string, JsonSchema>;
    };
    update.properties.version = { type: "integer", title: "Version", minimum: 1 };
    const { container } = renderForm({
      bundle,
      formId: "forms/general-settings.form.json",
      formData: { customer_name: "Demo Clinic", version: 4 },
    });
    expect(screen.queryByLabelText("Version")).toBeNull();
    expect(formStructure(container).some((line) => line.startsWith("Version"))).toBe(false);
  });
});
