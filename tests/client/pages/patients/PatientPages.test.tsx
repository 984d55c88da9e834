// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { PatientChartPage } from "../../../../src/client/pages/chart-measures/PatientChartPage.tsx";
import { PatientAddPage } from "../../../../src/client/pages/patients/PatientAddPage.tsx";
import { PatientEditPage } from "../../../../src/client/pages/patients/PatientEditPage.tsx";
import { PatientPermissionsProvider } from "../../../../src/client/pages/patients/PatientPermissions.tsx";
import { PatientViewPage } from "../../../../src/client/pages/patients/PatientViewPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { CLINICIAN, clinicians, jordan, READ_ONLY, teams } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);

const jordansChart = { ...jordan, access_control_id: 3, client_clinic_assignment_user_id: 5 };

type Handler = (options?: { method?: string; body?: unknown; query?: Record<string, unknown> }) => unknown;
let routes: Record<string, Handler>;

beforeEach(() => {
  apiMock.mockReset();
  routes = {
    "clinical-user/by-role/clinician": () => clinicians,
    "clinician-team": () => teams,
    "patients/7": (o) => ({ ...jordansChart, ...(o?.method === "PUT" ? (o.body as object) : {}) }),
    // The patient page opens the patient's chart (/assignment/3/5/...), whose tabs read the team.
    "teams/3": () => ({
      ccaId: 3,
      patientId: 7,
      rows: [
        {
          ccauId: 5,
          ccaId: 3,
          isPatient: true,
          full_name: "Jordan Rivera",
          relation_id: 1,
          relation: "Patient",
          respondent_type_label: null,
        },
      ],
    }),
    "patients/check-mrn": () => ({ available: true, patientId: null }),
  };
  apiMock.mockImplementation(async (path, options) => {
    const handler = routes[path];
    if (!handler)
      throw new ApiError(404, "The patient does not exist or you do not have access to view it.", "not_found");
    return handler(options) as never;
  });
});

function renderAt(route: string, permissions: readonly string[] = CLINICIAN) {
  const page = (element: ReactElement) => (
    <PatientPermissionsProvider permissions={permissions}>{element}</PatientPermissionsProvider>
  );
  return renderWithProviders(
    <Routes>
      <Route path="/clinician/patients" element={<h1>Patient list</h1>} />
      <Route path="/clinician/patients/add" element={page(<PatientAddPage />)} />
      <Route path="/clinician/patients/patient/:patientId" element={page(<PatientViewPage />)} />
      <Route path="/clinician/patients/patient/:patientId/edit" element={page(<PatientEditPage />)} />
      <Route path="/assignment/:ccaId/:ccauId/:tab" element={page(<PatientChartPage />)} />
      <Route path="/404" element={<h1>Not found page</h1>} />
    </Routes>,
    { route },
  );
}

function errorOf(label: string): string | null {
  const id = screen
    .getByLabelText(label)
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((d) => d.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("patient view page", () => {
  it("opens the patient's chart, its Information tab showing the patient under their name, values by field kind", async () => {
    renderAt("/clinician/patients/patient/7?tab=information");
    expect(await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeTruthy();
    const details = screen.getByRole("region", { name: "Patient details" });
    expect(details.textContent).toContain("BirthdateJun 15, 2012");
    expect(details.textContent).toContain("Gender at birthMale");
    expect(details.textContent).toContain("Mobile number(555) 123-4567");
    expect(details.textContent).toContain("Email notificationsYes");
    expect(details.textContent).toContain("Middle nameNot provided");
    await waitFor(() => expect(details.textContent).toContain("CliniciansCasey Clinician"));
    expect(screen.getByRole("link", { name: "Edit patient" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7/edit",
    );
  });

  it("hides 'Edit patient' from users who may not change patients", async () => {
    renderAt("/clinician/patients/patient/7?tab=information", READ_ONLY);
    await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" });
    expect(screen.queryByRole("link", { name: "Edit patient" })).toBeNull();
  });

  it("says why the chart cannot open when the patient's own respondent link is missing, instead of an empty page", async () => {
    routes["patients/7"] = () => ({ ...jordansChart, client_clinic_assignment_user_id: null });
    renderAt("/clinician/patients/patient/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("This chart cannot open");
    expect(screen.getByRole("link", { name: "Back to patients" }).getAttribute("href")).toBe("/clinician/patients");
  });

  it("says 'Patient not found' for a patient that is missing or out of reach", async () => {
    renderAt("/clinician/patients/patient/999");
    expect(await screen.findByRole("heading", { name: "Patient not found" })).toBeTruthy();
    expect(screen.getByText("The patient does not exist or you do not have access to view it.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to patients" }).getAttribute("href")).toBe("/clinician/patients");
  });
});

describe("patient add page", () => {
  it("warns that an MRN is taken when the field is left, linking to that patient", async () => {
    routes["patients/check-mrn"] = () => ({ available: false, patientId: 7 });
    renderAt("/clinician/patients/add");
    const mrn = screen.getByLabelText("MRN");
    fireEvent.change(mrn, { target: { value: " MRN1001 " } });
    fireEvent.blur(mrn);
    await waitFor(() => expect(errorOf("MRN")).toBe("MRN already in use"));
    expect(screen.getByRole("link", { name: "View existing patient" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7",
    );
    expect(apiMock).toHaveBeenCalledWith("patients/check-mrn", { query: { mrn: "MRN1001", patientId: undefined } });
  });

  it("says the MRN is taken without a link when the other patient is out of reach", async () => {
    routes["patients/check-mrn"] = () => ({ available: false, patientId: null });
    renderAt("/clinician/patients/add");
    fireEvent.change(screen.getByLabelText("MRN"), { target: { value: "MRN9999" } });
    fireEvent.blur(screen.getByLabelText("MRN"));
    await waitFor(() => expect(errorOf("MRN")).toBe("MRN already in use"));
    expect(screen.queryByRole("link", { name: "View existing patient" })).toBeNull();
  });

  it("says nothing while typing when the server neither confirms nor denies (a chart out of reach)", async () => {
    routes["patients/check-mrn"] = () => ({ available: null, patientId: null });
    renderAt("/clinician/patients/add");
    fireEvent.change(screen.getByLabelText("MRN"), { target: { value: "MRN9998" } });
    fireEvent.blur(screen.getByLabelText("MRN"));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith("patients/check-mrn", expect.anything()));
    await new Promise((r) => setTimeout(r, 50));
    expect(errorOf("MRN")).toBeFalsy();
  });

  it("is not offered to users who may not add patients", () => {
    renderAt("/clinician/patients/add", READ_ONLY);
    expect(screen.getByRole("heading", { name: "Not found page" })).toBeTruthy();
  });
});

describe("patient edit page", () => {
  it("starts from the stored patient and saves the changes with PUT, then shows the patient", async () => {
    renderAt("/clinician/patients/patient/7/edit");
    const first = (await screen.findByLabelText("First name")) as HTMLInputElement;
    expect(first.value).toBe("Jordan");
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("(555) 123-4567");
    fireEvent.change(first, { target: { value: "Jordy" } });
    fireEvent.click(screen.getByRole("button", { name: "Save patient" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeTruthy();
    const put = apiMock.mock.calls.find(([path, o]) => path === "patients/7" && o?.method === "PUT");
    expect(put?.[1]?.body).toEqual({
      first_name: "Jordy",
      middle_name: null,
      last_name: "Rivera",
      mrn: "MRN1001",
      birth_date: "2012-06-15",
      gender: "m",
      email: "jordan@example.org",
      email_notification: true,
      mobile_number: "5551234567",
      mobile_notification: false,
      clinicians: [1],
      clinician_teams: [],
      // The version the form started from: a save based on an older one is refused (409).
      version: 3,
    });
  });

  it("shows the server's field errors under their fields", async () => {
    routes["patients/7"] = (o) => {
      if (o?.method !== "PUT") return jordan;
      throw new ApiError(
        400,
        "Some fields need your attention.",
        "validation",
        [
          { field: "mrn", message: "MRN already in use" },
          { field: "email", message: "Invalid email" },
        ],
        { existingPatientId: 8 },
      );
    };
    renderAt("/clinician/patients/patient/7/edit");
    await screen.findByLabelText("First name");
    fireEvent.click(screen.getByRole("button", { name: "Save patient" }));
    await waitFor(() => expect(errorOf("MRN")).toBe("MRN already in use"));
    expect(errorOf("Email")).toBe("Invalid email");
    expect(screen.getByRole("link", { name: "View existing patient" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/8",
    );
  });
});
