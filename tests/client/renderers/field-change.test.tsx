// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SchemaForm } from "../../../src/client/renderers/SchemaForm.tsx";
import { SchemaTable } from "../../../src/client/renderers/SchemaTable.tsx";
import { columnsForTable } from "../../../src/client/renderers/table-columns.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
import { NEW_FIELD, schemasWithNewField } from "../../helpers/changed-schemas.ts";
import { renderWithProviders } from "./test-utils.tsx";

/**
 * The field-change promise (issue 2 §5), client half: a field added only in schemas/ (entity,
 * form and table files, then codegen) shows in the rendered form and the table's column set,
 * and the form refuses a wrong value with the schema's message. The server half is
 * tests/server/entities/field-change.test.ts.
 */
vi.mock("../../../src/client/api/http.ts", () => ({
  api: vi.fn(async (path: string) => {
    if (path.startsWith("clinical-user/by-role/clinician"))
      return { rows: [{ id: 1, full_name: "Casey Clinician" }], totalRecords: 1 };
    if (path === "clinician-team") return { rows: [], totalRecords: 0 };
    throw new Error(`unexpected call ${path}`);
  }),
}));

const changed = schemasWithNewField();
afterAll(() => changed.cleanup());

describe("a schema-only patient field in the client", () => {
  it("renders as a labelled input in the patient form, and its value is submitted", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        bundle={changed.bundle}
        formId="forms/patient.form.json"
        submitLabel="Save patient"
        onSubmit={onSubmit}
        formData={{
          mrn: "MRN9",
          first_name: "A",
          last_name: "B",
          birth_date: "2000-01-01",
          gender: "f",
          clinicians: [1],
        }}
      />,
    );
    const input = screen.getByLabelText(NEW_FIELD.title);
    expect(input).toHaveProperty("placeholder", "e.g. Spanish");
    fireEvent.change(input, { target: { value: "  Spanish  " } });
    fireEvent.click(screen.getByRole("button", { name: "Save patient" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ [NEW_FIELD.name]: "Spanish" });
  });

  it("refuses a too-long value with the schema's own message", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        bundle={changed.bundle}
        formId="forms/patient.form.json"
        submitLabel="Save patient"
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByLabelText(NEW_FIELD.title), { target: { value: "x".repeat(41) } });
    fireEvent.click(screen.getByRole("button", { name: "Save patient" }));
    await screen.findAllByText(NEW_FIELD.wrongTypeMessage);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is a column of the patient table, sortable, showing the row's value", () => {
    const columns = columnsForTable(changed.bundle, "tables/patients.table.json");
    expect(columns.map((c) => c.header)).toContain(NEW_FIELD.title);
    expect(columns.find((c) => c.field === NEW_FIELD.name)?.sortable).toBe(true);
    // The unchanged bundle has no such column: the change came from the table file alone.
    expect(columnsForTable(defaultBundle, "tables/patients.table.json").map((c) => c.field)).not.toContain(
      NEW_FIELD.name,
    );

    renderWithProviders(
      <SchemaTable
        bundle={changed.bundle}
        tableId="tables/patients.table.json"
        label="Patients"
        rows={[{ id: 1, full_name: "Ana Lima", mrn: "M1", [NEW_FIELD.name]: "Portuguese" }]}
        totalRecords={1}
        page={1}
        pageSize={25}
        onSortChange={() => {}}
        onPageChange={() => {}}
      />,
    );
    const table = screen.getByRole("table", { name: "Patients" });
    expect(within(table).getByRole("columnheader", { name: new RegExp(NEW_FIELD.title) })).toBeTruthy();
    expect(within(table).getByText("Portuguese")).toBeTruthy();
  });
});

describe("a schema-only insurance field in the client", () => {
  it("renders in the chart's insurance form and its value is submitted with the rest", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm
        bundle={changed.bundle}
        formId="forms/insurance.form.json"
        submitLabel="Save insurance"
        onSubmit={onSubmit}
        formData={{ primary_provider: "Aetna" }}
      />,
    );
    fireEvent.change(screen.getByLabelText(NEW_FIELD.title), { target: { value: " Spanish " } });
    fireEvent.click(screen.getByRole("button", { name: "Save insurance" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ primary_provider: "Aetna", [NEW_FIELD.name]: "Spanish" });
  });
});
