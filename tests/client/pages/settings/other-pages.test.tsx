// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../../src/client/api/http.ts";
import { toastSuccess } from "../../../../src/client/notifications/toast.ts";
import { AuditLogPage } from "../../../../src/client/pages/settings/AuditLogPage.tsx";
import { adminOwnedSettings, GeneralSettingsPage } from "../../../../src/client/pages/settings/GeneralSettingsPage.tsx";
import { OutboxPage } from "../../../../src/client/pages/settings/OutboxPage.tsx";
import { PatientUserListPage } from "../../../../src/client/pages/settings/PatientUserListPage.tsx";
import { PatientUserViewPage } from "../../../../src/client/pages/settings/PatientUserViewPage.tsx";
import { supportedTimeZones } from "../../../../src/shared/time-zones.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { recordedCalls, signIn } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);

const robin = {
  id: 40,
  name_first: "Robin",
  name_last: "Bautista",
  full_name: "Robin Bautista",
  status: 4,
  is_patient: false,
  patients: [],
  patient_names: "Imani Bautista",
  patient_relations: "Guardian",
  contact_information: "robin@example.org",
  last_activity_code: 2,
};

const imani = {
  ccaId: 3,
  ccauId: 8,
  patient_id: 12,
  full_name: "Imani Bautista",
  mrn: "MRN1012",
  patient_relation: "Guardian",
};

const settings = {
  customer_name: "Demo Clinic",
  client_time_zone: "America/New_York",
  email_enabled: true,
  sms_enabled: false,
  programs_enabled: true,
  include_appointments_feature: false,
  ehr_integration_available: false,
  setting_state: "patients",
  embedded_database: true,
  session_configuration: { timeout: 7200, warningThreshhold: 7140, secondsToShow: 60, checkRate: 1 },
  scheduling_due_dates_options: [0, 1, 3, 7, 14],
};

const invitation = {
  id: 3,
  channel: "email",
  recipient: "avery@example.org",
  subject: "Set up your Demo Clinic account",
  body: "Hello Avery,\n\nChoose a username and password here:\n\nhttp://127.0.0.1:3000/security/account-setup?token=••••",
  link: "http://127.0.0.1:3000/security/account-setup?token=••••",
  status: "kept",
  attempts: 0,
  last_error: null,
  purpose: "account_setup",
  created_at: "2026-03-01T10:00:00.000Z",
  sent_at: null,
};

let uiSettings: Record<string, unknown> = {};

beforeEach(() => {
  apiMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
  uiSettings = {};
  signIn();
  apiMock.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === "settings/ui-settings") {
      if (options?.method === "POST") uiSettings = { ...uiSettings, ...(options.body as object) };
      return uiSettings as never;
    }
    if (path === "patient-user/respondents") return { rows: [robin], totalRecords: 1 } as never;
    if (path === "patient-user/respondents/40") return { ...robin, username: "robin40", patients: [imani] } as never;
    if (path === "settings/general")
      return (options?.method === "PUT" ? { ...settings, ...(options.body as object) } : settings) as never;
    if (path === "outbox") return { rows: [invitation], totalRecords: 1 } as never;
    throw new Error(`unexpected call ${path}`);
  });
});

const calls = (path: string) => recordedCalls(apiMock).filter((c) => c.path === path);

describe("PatientUserListPage", () => {
  it("filters by the saved status and saves a new choice as respondentsStatusSelector", async () => {
    uiSettings = { respondentsStatusSelector: "4" };
    renderWithProviders(<PatientUserListPage />, { route: "/settings/patient-users" });
    const link = await screen.findByRole("link", { name: "Robin Bautista" });
    expect(link.getAttribute("href")).toBe("/settings/patient-users/40");
    expect(calls("patient-user/respondents")).toHaveLength(1);
    expect(calls("patient-user/respondents")[0].query).toMatchObject({ status: 4, search: "", sort: "name_last" });

    fireEvent.change(screen.getByLabelText("Account status"), { target: { value: "2" } });
    await waitFor(() => expect(calls("patient-user/respondents").at(-1)?.query).toMatchObject({ status: 2 }));
    expect(calls("settings/ui-settings").filter((c) => c.method === "POST")[0].body).toEqual({
      respondentsStatusSelector: "2",
    });

    fireEvent.change(screen.getByLabelText("Search patient users"), { target: { value: "MRN1001" } });
    await waitFor(() =>
      expect(calls("patient-user/respondents").at(-1)?.query).toMatchObject({ status: 2, search: "MRN1001" }),
    );
  });
});

describe("PatientUserViewPage", () => {
  it("shows the details file's sections, the account in words, and the linked charts as links", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/settings/patient-users/:userId" element={<PatientUserViewPage />} />
      </Routes>,
      { route: "/settings/patient-users/40" },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Robin Bautista" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit patient user" }).getAttribute("href")).toBe(
      "/settings/patient-users/40/edit",
    );
    expect(screen.getByRole("link", { name: "← Patient users" }).getAttribute("href")).toBe("/settings/patient-users");
    const details = screen.getByRole("region", { name: "Patient user details" });
    expect(details.textContent).toContain("First nameRobin");
    expect(details.textContent).toContain("Middle nameNot provided");
    const account = screen.getByRole("region", { name: "Account" });
    expect(account.textContent).toContain("Usernamerobin40");
    expect(account.textContent).toContain("StatusInvited");
    const linked = within(screen.getByRole("region", { name: "Linked patients" })).getByRole("table", {
      name: "Linked patients",
    });
    expect(within(linked).getByRole("link", { name: "Imani Bautista" }).getAttribute("href")).toBe(
      "/clinician/patients/patient/12",
    );
    expect(within(linked).getByText("Guardian")).toBeTruthy();
  });
});

describe("GeneralSettingsPage", () => {
  it("edits only what an admin owns (no derived secondsToShow, no read-only flags, no version)", () => {
    expect(adminOwnedSettings({ ...settings, version: 5 } as typeof settings)).toEqual({
      customer_name: "Demo Clinic",
      client_time_zone: "America/New_York",
      email_enabled: true,
      sms_enabled: false,
      programs_enabled: true,
      include_appointments_feature: false,
      session_configuration: { timeout: 7200, warningThreshhold: 7140, checkRate: 1 },
      scheduling_due_dates_options: [0, 1, 3, 7, 14],
    });
  });

  it("saves the settings with PUT settings/general", async () => {
    renderWithProviders(<GeneralSettingsPage />, { route: "/settings/general" });
    const name = await screen.findByLabelText("Clinic name");
    fireEvent.change(name, { target: { value: "Harbor Health" } });
    fireEvent.click(screen.getByLabelText("Send text messages"));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls("settings/general").filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls("settings/general").find((c) => c.method === "PUT")?.body).toMatchObject({
      customer_name: "Harbor Health",
      sms_enabled: true,
      session_configuration: { timeout: 7200, warningThreshhold: 7140, checkRate: 1 },
      scheduling_due_dates_options: [0, 1, 3, 7, 14],
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Settings saved"));
  });

  it("shows and takes the inactivity times in minutes, and saves them in the seconds the schema stores", async () => {
    renderWithProviders(<GeneralSettingsPage />, { route: "/settings/general" });
    const signOut = (await screen.findByLabelText("Sign out after (minutes)")) as HTMLInputElement;
    const warn = screen.getByLabelText("Warn after (minutes)") as HTMLInputElement;
    expect(signOut.value).toBe("120");
    expect(warn.value).toBe("119");
    expect(screen.queryByText(/seconds\)/)).toBeTruthy(); // "Check every (seconds)" keeps its own unit
    expect(screen.queryByLabelText(/Sign out after \(seconds\)/)).toBeNull();
    fireEvent.change(signOut, { target: { value: "30" } });
    fireEvent.change(warn, { target: { value: "28.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls("settings/general").filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls("settings/general").find((c) => c.method === "PUT")?.body).toMatchObject({
      session_configuration: { timeout: 1800, warningThreshhold: 1710, checkRate: 1 },
    });
  });

  it("picks the clinic time zone from a searchable list of known zones, not free text", async () => {
    renderWithProviders(<GeneralSettingsPage />, { route: "/settings/general" });
    const zone = (await screen.findByLabelText("Clinic time zone")) as HTMLInputElement;
    expect(zone.value).toBe("America / New York");
    fireEvent.click(zone);
    const options = await screen.findAllByRole("option");
    // Every zone the server takes, and nothing else (shared/time-zones.ts).
    expect(options).toHaveLength(supportedTimeZones().length);
    fireEvent.click(screen.getByRole("option", { name: "America / Chicago" }));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls("settings/general").filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls("settings/general").find((c) => c.method === "PUT")?.body).toMatchObject({
      client_time_zone: "America/Chicago",
    });
  });
});

describe("OutboxPage", () => {
  it("says the messages are kept because no mail server is configured, and shows a masked link as text only", async () => {
    renderWithProviders(<OutboxPage />, { route: "/settings/outbox" });
    expect(screen.getByText("Messages kept because no mail server is configured")).toBeTruthy();
    const card = await screen.findByRole("article", { name: /Set up your Demo Clinic account to avery@example.org/ });
    expect(within(card).queryByRole("link")).toBeNull();
    expect(within(card).queryByRole("button", { name: "Copy link" })).toBeNull();
    expect(
      within(card).getByText(
        "The link or code in this message is hidden here. Only the person it was sent to receives it.",
      ),
    ).toBeTruthy();
    expect(within(card).getByText("Invitation")).toBeTruthy();
    expect(within(card).getByText("Kept here (not sent)")).toBeTruthy();
  });

  it("names every purpose in words, the alert reminder included", async () => {
    apiMock.mockImplementation(
      async () => ({ rows: [{ ...invitation, purpose: "alert_escalation" }], totalRecords: 1 }) as never,
    );
    renderWithProviders(<OutboxPage />, { route: "/settings/outbox" });
    const card = await screen.findByRole("article");
    expect(within(card).getByText("Unacknowledged alert reminder")).toBeTruthy();
    expect(within(card).queryByText("alert_escalation")).toBeNull();
  });

  it("names the questionnaire reminders in words", async () => {
    apiMock.mockImplementation(
      async () => ({ rows: [{ ...invitation, purpose: "measure_closing_reminder" }], totalRecords: 1 }) as never,
    );
    renderWithProviders(<OutboxPage />, { route: "/settings/outbox" });
    const card = await screen.findByRole("article");
    expect(within(card).getByText("Questionnaire reminder before it closes")).toBeTruthy();
    expect(within(card).queryByText("measure_closing_reminder")).toBeNull();
  });

  it("makes a link without a secret (a sign-in page) clickable", async () => {
    const login = "http://127.0.0.1:3000/security/login";
    apiMock.mockImplementation(
      async () =>
        ({ rows: [{ ...invitation, body: "Your username is avery", link: login }], totalRecords: 1 }) as never,
    );
    renderWithProviders(<OutboxPage />, { route: "/settings/outbox" });
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("link", { name: login }).getAttribute("href")).toBe(login);
  });

  it("never makes a non-web address clickable", async () => {
    apiMock.mockImplementation(
      async () => ({ rows: [{ ...invitation, link: "javascript:alert(1)" }], totalRecords: 1 }) as never,
    );
    renderWithProviders(<OutboxPage />, { route: "/settings/outbox" });
    const card = await screen.findByRole("article");
    expect(within(card).queryByRole("link")).toBeNull();
    expect(within(card).getByText("Link: javascript:alert(1)")).toBeTruthy();
  });
});

describe("AuditLogPage", () => {
  it("refuses an inverted date range on both fields and asks the server nothing new", async () => {
    apiMock.mockImplementation(async () => ({ rows: [], totalRecords: 0, totalAccuracy: "exact" }) as never);
    renderWithProviders(<AuditLogPage />, { route: "/settings/audit-log" });
    await waitFor(() => expect(apiMock).toHaveBeenCalled());
    const calls = apiMock.mock.calls.length;
    const from = screen.getByRole("textbox", { name: "From" });
    const to = screen.getByRole("textbox", { name: "To" });
    fireEvent.change(from, { target: { value: "2026-11-20" } });
    fireEvent.blur(from);
    fireEvent.change(to, { target: { value: "2026-11-01" } });
    fireEvent.blur(to);
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("From must be on or before To")).toBeTruthy();
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(apiMock.mock.calls.length).toBe(calls);
  });
});
