// @vitest-environment jsdom
import "./dom-setup.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storedTokens } from "../../../src/client/api/tokens.ts";
import { clinician, renderAt, resetApp, SLOW, serve, signedIn, tearDownApp } from "./app-harness.tsx";
import { json } from "./fake-fetch.ts";

beforeEach(resetApp);
afterEach(tearDownApp);

/** 16 s timeout, prompt after 6 s (seconds, as the server sends them). */
const SHORT = { session_configuration: { timeout: 16, warningThreshhold: 6 } };

function idleFor(ms: number) {
  localStorage.setItem("mbc.lastActivity", String(Date.now() - ms));
}

describe("the inactivity prompt", () => {
  it("counts down, and 'Stay signed in' keeps the session and tells the server", async () => {
    const requests = serve((r) => json(200, r.path === "/api/patients" ? { rows: [] } : { status: "ok" }), SHORT);
    signedIn(clinician);
    renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: /Patient list/ }, SLOW);
    await waitFor(() => expect(requests.some((r) => r.path === "/api/settings/general")).toBe(true));

    idleFor(8_000);
    const dialog = await screen.findByRole("dialog", { name: "Are you still there?" }, SLOW);
    expect(within(dialog).getByText(/^You will be signed out in \d+ seconds$/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Stay signed in" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Are you still there?" })).toBeNull(), SLOW);
    expect(requests.filter((r) => r.path === "/api/security/keep-alive")).toHaveLength(1);
    expect(Number(localStorage.getItem("mbc.lastActivity"))).toBeGreaterThan(Date.now() - 2_000);
  });

  it("signs out at zero and shows the login page", async () => {
    const requests = serve((r) => json(r.path === "/api/security/logout" ? 204 : 200, { rows: [] }), SHORT);
    signedIn(clinician);
    renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: /Patient list/ }, SLOW);
    await waitFor(() => expect(requests.some((r) => r.path === "/api/settings/general")).toBe(true));

    idleFor(17_000); // as after a laptop wakes up past the deadline
    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    expect(storedTokens()).toEqual({ accessToken: null });
    await waitFor(() => expect(requests.some((r) => r.path === "/api/security/logout")).toBe(true));
  });
});
