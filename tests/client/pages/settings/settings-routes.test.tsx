// @vitest-environment jsdom
import "../../app/dom-setup.ts";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clinician, renderAt, resetApp, SLOW, serve, signedIn, tearDownApp } from "../../app/app-harness.tsx";
import { json } from "../../app/fake-fetch.ts";
import { ADMIN, sessionUser } from "./fixtures.ts";

const STAFF = sessionUser(4, ["staff"]);

beforeEach(resetApp);
afterEach(tearDownApp);

/** Every list answers empty; the test is about who reaches which page. */
function serveLists() {
  return serve((r) => (r.method === "GET" ? json(200, { rows: [], totalRecords: 0 }) : json(404, {})));
}

const NO_ACCESS = "You don't have access to this page";

describe("settings routes", () => {
  it("sends an admin from /settings to the clinical users", async () => {
    serveLists();
    signedIn(ADMIN);
    const router = renderAt("/settings");
    await screen.findByRole("heading", { level: 1, name: "Clinical users" }, SLOW);
    expect(router.state.location.pathname).toBe("/settings/clinical-users");
    const sections = within(screen.getByRole("navigation", { name: "Settings" }));
    expect(sections.getAllByRole("link").map((l) => l.textContent)).toEqual([
      "Clinical users",
      "Clinician teams",
      "Locations",
      "Patient users",
      "General",
      "Outbox",
      "Audit log",
    ]);
    expect(sections.getByRole("link", { name: "Clinical users" }).getAttribute("aria-current")).toBe("page");
  });

  it("offers an admin the chart titles while the clinic uses programs, and opens the screen", async () => {
    serve(
      (r) => {
        if (r.path === "/api/analytics/chart-texts") return json(200, []);
        return r.method === "GET" ? json(200, { rows: [], totalRecords: 0 }) : json(404, {});
      },
      { programs_enabled: true },
    );
    signedIn(ADMIN);
    renderAt("/settings/chart-texts");
    await screen.findByRole("heading", { level: 1, name: "Chart titles" }, SLOW);
    const sections = within(screen.getByRole("navigation", { name: "Settings" }));
    const link = await sections.findByRole("link", { name: "Chart titles" });
    expect(link.getAttribute("href")).toBe("/settings/chart-texts");
    expect(link.getAttribute("aria-current")).toBe("page");
    expect(await screen.findByRole("heading", { name: "No programs yet" }, SLOW)).toBeTruthy();
  });

  it("has no chart titles screen while the clinic does not use programs", async () => {
    const requests = serveLists();
    signedIn(ADMIN);
    renderAt("/settings/chart-texts");
    expect(await screen.findByRole("heading", { name: "Page not found" }, SLOW)).toBeTruthy();
    const sections = within(screen.getByRole("navigation", { name: "Settings" }));
    expect(sections.queryByRole("link", { name: "Chart titles" })).toBeNull();
    expect(requests.some((r) => r.path.startsWith("/api/analytics/chart-texts"))).toBe(false);
  });

  it("sends staff from /settings to the patient users, the only section they may open", async () => {
    const requests = serveLists();
    signedIn(STAFF);
    const router = renderAt("/settings");
    await screen.findByRole("heading", { level: 1, name: "Patient users" }, SLOW);
    expect(router.state.location.pathname).toBe("/settings/patient-users");
    const sections = within(screen.getByRole("navigation", { name: "Settings" }));
    expect(sections.getAllByRole("link").map((l) => l.textContent)).toEqual(["Patient users"]);
    await waitFor(() => expect(requests.some((r) => r.path === "/api/patient-user/respondents")).toBe(true));
  });

  it("tells staff they have no access to an admin-level settings page, in the shell, without asking the server", async () => {
    const requests = serveLists();
    signedIn(STAFF);
    renderAt("/settings/locations");
    expect(await screen.findByRole("heading", { name: NO_ACCESS }, SLOW)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(requests.some((r) => r.path.startsWith("/api/location"))).toBe(false);
  });

  it("tells a clinician they have no access to any settings address, in the shell", async () => {
    const requests = serveLists();
    signedIn(clinician);
    renderAt("/settings/patient-users");
    expect(await screen.findByRole("heading", { name: NO_ACCESS }, SLOW)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(requests.some((r) => r.path.startsWith("/api/patient-user"))).toBe(false);
  });

  it("shows a clinician no Settings link", async () => {
    serveLists();
    signedIn(clinician);
    renderAt("/clinician/patients");
    const main = await screen.findByRole("navigation", { name: "Main" }, SLOW);
    expect(within(main).getByRole("link", { name: "Patients" })).toBeTruthy();
    expect(within(main).queryByRole("link", { name: "Settings" })).toBeNull();
  });

  it("shows the Settings link in the main navigation to admins and staff", async () => {
    serveLists();
    signedIn(STAFF);
    renderAt("/clinician/patients");
    const main = await screen.findByRole("navigation", { name: "Main" }, SLOW);
    expect(within(main).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
  });
});
