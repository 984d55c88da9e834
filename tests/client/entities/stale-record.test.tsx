// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toastError, toastSuccess } from "../../../src/client/notifications/toast.ts";
import { GeneralSettingsPage } from "../../../src/client/pages/settings/GeneralSettingsPage.tsx";
import { LocationEditPage } from "../../../src/client/pages/settings/LocationEditPage.tsx";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { type FakeRequest, installFetch, json } from "../app/fake-fetch.ts";
import { mainStreet } from "../pages/settings/fixtures.ts";
import { renderWithProviders } from "../renderers/test-utils.tsx";

vi.mock("../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));

/** What the server answers to a save based on an older version (the contract of issue 7 §2). */
const STALE = { error: MESSAGES.staleRecord, code: "stale_record" };

/** The location as loaded, and as another admin left it meanwhile. */
const loaded = { ...mainStreet, version: 3 };
const changedElsewhere = { ...mainStreet, name: "Main Street Clinic East", city: "Peoria", version: 4 };

let requests: FakeRequest[] = [];
const puts = (path: string) => requests.filter((r) => r.method === "PUT" && r.path === path);

beforeEach(() => {
  vi.mocked(toastSuccess).mockReset();
  vi.mocked(toastError).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function renderLocationEdit() {
  return renderWithProviders(
    <Routes>
      <Route path="/settings/locations" element={<h1>Locations list</h1>} />
      <Route path="/settings/locations/:locationId/edit" element={<LocationEditPage />} />
    </Routes>,
    { route: "/settings/locations/1/edit" },
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe("an entity editor and the record's version", () => {
  it("sends the version of the record it was loaded with on every update", async () => {
    requests = installFetch((r) => {
      if (r.method === "GET" && r.path === "/api/location/1") return json(200, loaded);
      if (r.method === "PUT" && r.path === "/api/location/1")
        return json(200, { ...loaded, ...(r.body as object), version: 4 });
      return json(404, { error: "No route", code: "not_found" });
    });
    renderLocationEdit();
    fireEvent.change(await screen.findByLabelText("City"), { target: { value: "Chicago" } });
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));
    expect(await screen.findByRole("heading", { name: "Locations list" })).toBeTruthy();
    expect(puts("/api/location/1")).toHaveLength(1);
    // The form never holds the version (it is readOnly), yet the save names it.
    expect(puts("/api/location/1")[0].body).toEqual({
      name: "Main Street Clinic",
      address_line1: "120 Main Street",
      address_line2: null,
      city: "Chicago",
      state: "IL",
      zip: "62701",
      version: 3,
    });
    expect(toastSuccess).toHaveBeenCalledWith("Location updated");
  });

  it("says a stale save in the server's words, keeps the edits until Reload, then starts from the latest copy", async () => {
    let gets = 0;
    let saves = 0;
    requests = installFetch((r) => {
      if (r.method === "GET" && r.path === "/api/location/1")
        return json(200, gets++ === 0 ? loaded : changedElsewhere);
      if (r.method === "PUT" && r.path === "/api/location/1") {
        saves += 1;
        return saves === 1 ? json(409, STALE) : json(200, { ...changedElsewhere, ...(r.body as object), version: 5 });
      }
      return json(404, { error: "No route", code: "not_found" });
    });
    renderLocationEdit();
    fireEvent.change(await screen.findByLabelText("Zip"), { target: { value: "62702" } });
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MESSAGES.staleRecord)).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    // Nothing is lost until the person chooses to reload.
    expect(input("Zip").value).toBe("62702");
    expect(input("Name").value).toBe("Main Street Clinic");
    expect(screen.queryByRole("heading", { name: "Locations list" })).toBeNull();

    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(input("Name").value).toBe("Main Street Clinic East"));
    expect(input("City").value).toBe("Peoria");
    expect(input("Zip").value).toBe("62701");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(requests.filter((r) => r.method === "GET" && r.path === "/api/location/1")).toHaveLength(2);

    // The next save is based on the copy just loaded.
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));
    expect(await screen.findByRole("heading", { name: "Locations list" })).toBeTruthy();
    expect(puts("/api/location/1").map((r) => (r.body as { version: number }).version)).toEqual([3, 4]);
  });

  it("treats a save the server says names no version (428) the same way", async () => {
    const required = { error: MESSAGES.versionRequired, code: "version_required" };
    requests = installFetch((r) => {
      if (r.method === "GET" && r.path === "/api/location/1") return json(200, loaded);
      if (r.method === "PUT") return json(428, required);
      return json(404, { error: "No route", code: "not_found" });
    });
    renderLocationEdit();
    await screen.findByLabelText("Zip");
    fireEvent.click(screen.getByRole("button", { name: "Save location" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MESSAGES.versionRequired)).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Reload" })).toBeTruthy();
  });
});

describe("general settings and their version", () => {
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
    version: 5,
  };
  const savedElsewhere = { ...settings, customer_name: "Harbor Health", version: 6 };
  const settingsPuts = () => puts("/api/settings/general");

  it("sends the version back with a save, and after a stale save reloads the latest settings into the form", async () => {
    let gets = 0;
    requests = installFetch((r) => {
      if (r.path === "/api/settings/ui-settings") return json(200, {});
      if (r.method === "GET" && r.path === "/api/settings/general")
        return json(200, gets++ === 0 ? settings : savedElsewhere);
      if (r.method === "PUT" && r.path === "/api/settings/general") {
        return settingsPuts().length === 1
          ? json(409, STALE)
          : json(200, { ...savedElsewhere, ...(r.body as object), version: 7 });
      }
      return json(404, { error: "No route", code: "not_found" });
    });
    renderWithProviders(<GeneralSettingsPage />, { route: "/settings/general" });
    fireEvent.click(await screen.findByLabelText("Send text messages"));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MESSAGES.staleRecord)).toBeTruthy();
    expect(settingsPuts()[0].body).toMatchObject({ customer_name: "Demo Clinic", sms_enabled: true, version: 5 });
    expect((screen.getByLabelText("Send text messages") as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(input("Clinic name").value).toBe("Harbor Health"));
    expect((screen.getByLabelText("Send text messages") as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.change(input("Clinic name"), { target: { value: "Harbor Health Center" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Settings saved"));
    expect(settingsPuts()[1].body).toMatchObject({ customer_name: "Harbor Health Center", version: 6 });

    // The form stays on screen: its next save names the version the server just answered with.
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(settingsPuts()).toHaveLength(3));
    expect(settingsPuts()[2].body).toMatchObject({ version: 7 });
  });
});
