// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { toastError } from "../../../../src/client/notifications/toast.ts";
import { PatientChartPage } from "../../../../src/client/pages/chart-measures/PatientChartPage.tsx";
import { PatientPermissionsProvider } from "../../../../src/client/pages/patients/PatientPermissions.tsx";
import { PatientViewPage } from "../../../../src/client/pages/patients/PatientViewPage.tsx";
import { RespondentAddPage } from "../../../../src/client/pages/respondents/RespondentAddPage.tsx";
import { RespondentEditPage } from "../../../../src/client/pages/respondents/RespondentEditPage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { CLINICIAN, clinicians, READ_ONLY, teams } from "../patients/fixtures.ts";
import { patient, team, WARNING } from "./fixtures.ts";
import { selectOption } from "./select-option.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

type Options = { method?: string; body?: unknown; query?: Record<string, unknown> };
let routes: Record<string, (o?: Options) => unknown>;

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastError).mockReset();
  routes = {
    "patients/7": () => patient,
    "teams/70": () => team,
    "clinical-user/by-role/clinician": () => clinicians,
    "clinician-team": () => teams,
    "respondents/exist": () => ({ exists: false, onTeam: false }),
    respondents: (o) => ({ ...team.rows[1], ...(o?.body as object), ccauId: 799, full_name: "Robin Rivera" }),
  };
  apiMock.mockImplementation(async (path, options) => {
    const handler = routes[path];
    if (!handler) throw new ApiError(404, `No route ${path}`, "not_found");
    return handler(options as Options) as never;
  });
});

function renderAt(route: string, permissions: readonly string[] = CLINICIAN) {
  const page = (element: ReactElement) => (
    <PatientPermissionsProvider permissions={permissions}>{element}</PatientPermissionsProvider>
  );
  return renderWithProviders(
    <Routes>
      <Route path="/clinician/patients/patient/:patientId" element={page(<PatientViewPage />)} />
      {/* The chart's team is on its Information tab (the patient page opens the chart). */}
      <Route path="/assignment/:ccaId/:ccauId/:tab" element={page(<PatientChartPage />)} />
      <Route path="/clinician/patients/patient/:patientId/respondent/add" element={page(<RespondentAddPage />)} />
      <Route
        path="/clinician/patients/patient/:patientId/respondent/:ccauId/edit"
        element={page(<RespondentEditPage />)}
      />
      <Route path="/404" element={<h1>Not found page</h1>} />
    </Routes>,
    { route },
  );
}

function calls(path: string, method = "GET") {
  return apiMock.mock.calls.filter(([p, o]) => p === path && ((o as Options | undefined)?.method ?? "GET") === method);
}

async function fillRespondent() {
  await screen.findByRole("heading", { name: "Add respondent" });
  selectOption(screen.getByLabelText("Respondent type"), "Caregiver");
  selectOption(screen.getByLabelText("Relation to patient"), "Father");
  fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Robin" } });
  fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Rivera" } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: " robin@example.org " } });
  fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "(312) 555-0100" } });
  fireEvent.click(screen.getByRole("button", { name: "Save respondent" }));
}

describe("the chart's team on the patient page", () => {
  it("lists the patient first, then each respondent with relation, status, contacts and the §6 warning", async () => {
    renderAt("/assignment/70/700/information");
    const list = await screen.findByRole("list", { name: "Respondents" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("aria-label"))).toEqual(["Jordan Rivera", "Morgan Rivera", "Nadia Karimi"]);
    expect(within(items[0]).getByText("Patient")).toBeTruthy();
    expect(within(items[1]).getByText("Mother")).toBeTruthy();
    expect(items[1].textContent).toContain("Account statusNot Invited");
    expect(items[1].textContent).toContain("morgan@example.org, (312) 555-0147");
    expect(within(items[2]).getByText(WARNING)).toBeTruthy();
    expect(within(items[1]).queryByText(WARNING)).toBeNull();
    // The patient's own row is edited on the patient form and never removed.
    expect(within(items[0]).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(items[1]).getByRole("link", { name: "Edit Morgan Rivera" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7/respondent/701/edit",
    );
    expect(screen.getByRole("link", { name: "Add respondent" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7/respondent/add",
    );
  });

  it("offers no changes to users who may only view patients", async () => {
    renderAt("/assignment/70/700/information", READ_ONLY);
    await screen.findByRole("list", { name: "Respondents" });
    expect(screen.queryByRole("link", { name: "Add respondent" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Send invitation|Remove/ })).toBeNull();
  });

  it("sends an invitation, and shows the server's reason when it cannot", async () => {
    const reason = "This person has no email address or mobile number to send to.";
    routes["users/57/send-invitation"] = () => ({ sent: true, channel: "email", delivery: "kept" });
    routes["users/58/send-invitation"] = () => {
      throw new ApiError(400, reason, "validation", [{ field: "contact", message: reason }]);
    };
    renderAt("/assignment/70/700/information");
    fireEvent.click(await screen.findByRole("button", { name: "Send invitation to Morgan Rivera" }));
    await waitFor(() => expect(calls("users/57/send-invitation", "POST")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Send invitation to Nadia Karimi" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    const [error, title] = vi.mocked(toastError).mock.calls[0];
    expect((error as ApiError).message).toBe(reason);
    expect(title).toBe("The invitation was not sent");
  });

  it("confirms a removal, explaining that results are kept, then removes", async () => {
    routes["respondents/701"] = () => ({ ccauId: 701, result: "marked_deleted" });
    renderAt("/assignment/70/700/information");
    fireEvent.click(await screen.findByRole("button", { name: "Remove Morgan Rivera" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove respondent" });
    expect(dialog.textContent).toContain("their results are kept in the chart");
    expect(calls("respondents/701", "DELETE")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove respondent" }));
    await waitFor(() => expect(calls("respondents/701", "DELETE")).toHaveLength(1));
  });
});

describe("adding a respondent: link, don't duplicate", () => {
  it("asks the server first, and offers edit when the person is already on the team", async () => {
    routes["respondents/exist"] = () => ({
      exists: true,
      onTeam: true,
      canLink: false,
      accountId: 57,
      ccauId: 701,
      respondent: { full_name: "Morgan Rivera" },
    });
    renderAt("/clinician/patients/patient/7/respondent/add");
    await fillRespondent();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Morgan Rivera is already on Jordan Rivera's team");
    expect(within(notice).getByRole("link", { name: "Edit respondent" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7/respondent/701/edit",
    );
    expect(calls("respondents/exist")[0][1]).toEqual({
      query: {
        ccaId: 70,
        email: "robin@example.org",
        phone: "3125550100",
        name_first: "Robin",
        name_last: "Rivera",
      },
    });
    expect(calls("respondents", "POST")).toHaveLength(0);
  });

  it("offers to link a person the clinic already knows, and links them with existingUserId", async () => {
    routes["respondents/exist"] = () => ({ exists: true, onTeam: false, canLink: true, accountId: 90 });
    renderAt("/clinician/patients/patient/7/respondent/add");
    await fillRespondent();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("A respondent with this email or mobile number already has an account");
    expect(calls("respondents", "POST")).toHaveLength(0);
    fireEvent.click(within(notice).getByRole("button", { name: "Link existing respondent" }));
    await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" });
    const [[, post]] = calls("respondents", "POST");
    expect((post as Options).body).toMatchObject({ ccaId: 70, existingUserId: 90, relation_id: 5 });
  });

  it("offers an invitation for a person known only on other charts, and says plainly that it was sent", async () => {
    const sent =
      "An invitation to join this chart was sent to the email address you entered. They are added to the team when they accept it.";
    routes["respondents/exist"] = () => ({ exists: true, onTeam: false, canLink: false, needsInvitation: true });
    routes.respondents = () => ({ pending: true, channel: "email", message: sent });
    renderAt("/clinician/patients/patient/7/respondent/add");
    await fillRespondent();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("they get an invitation to join Jordan Rivera's care team");
    expect(calls("respondents", "POST")).toHaveLength(0);
    fireEvent.click(within(notice).getByRole("button", { name: "Send invitation" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain(sent);
    const [[, post]] = calls("respondents", "POST");
    expect((post as Options).body).not.toHaveProperty("existingUserId");
    expect(screen.getByRole("link", { name: "Back to Jordan Rivera" })).toBeTruthy();
  });

  it("adds a new respondent when nobody matches, without existingUserId", async () => {
    renderAt("/clinician/patients/patient/7/respondent/add");
    await fillRespondent();
    await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" });
    const [[, post]] = calls("respondents", "POST");
    expect((post as Options).body).toEqual({
      ccaId: 70,
      respondent_type: "caregiver",
      relation_id: 5,
      name_first: "Robin",
      name_middle: null,
      name_last: "Rivera",
      email: "robin@example.org",
      email_notification: true,
      phone: "3125550100",
      mobile_notification: true,
    });
  });

  it("turns the server's 'already on the team' refusal into the same offer", async () => {
    routes.respondents = () => {
      throw new ApiError(
        400,
        "This person is already on the team.",
        "validation",
        [{ field: "existingUserId", message: "This person is already on the team." }],
        { existingCcauId: 701 },
      );
    };
    renderAt("/clinician/patients/patient/7/respondent/add");
    await fillRespondent();
    const notice = await screen.findByRole("alert");
    expect(within(notice).getByRole("link", { name: "Edit respondent" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/7/respondent/701/edit",
    );
  });
});

describe("editing a respondent", () => {
  it("starts from the team row and saves with PUT", async () => {
    routes["respondents/701"] = (o) => ({ ...team.rows[1], ...(o?.body as object) });
    renderAt("/clinician/patients/patient/7/respondent/701/edit");
    const first = (await screen.findByLabelText("First name")) as HTMLInputElement;
    expect(first.value).toBe("Morgan");
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("(312) 555-0147");
    fireEvent.change(first, { target: { value: "Morgana" } });
    fireEvent.click(screen.getByRole("button", { name: "Save respondent" }));
    await screen.findByRole("heading", { level: 1, name: "Jordan Rivera" });
    expect(calls("respondents/exist")).toHaveLength(0);
    const [[, put]] = calls("respondents/701", "PUT");
    expect((put as Options).body).toMatchObject({ name_first: "Morgana", relation_id: 4, phone: "3125550147" });
  });
});
