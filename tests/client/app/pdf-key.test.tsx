// @vitest-environment jsdom
import "./dom-setup.ts";
import { screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { clearTokens, hasTabOnlySession, storedTokens } from "../../../src/client/api/tokens.ts";
import { PDF_LINK_EXPIRED, resetPdfSignInForTests } from "../../../src/client/auth/pdf-sign-in.ts";
import { endSessionLocally, startSession } from "../../../src/client/auth/session-actions.ts";
import { sessionStore } from "../../../src/client/auth/session-store.ts";
import { reportWithAlert } from "../pages/measures/fixtures.ts";
import { jordan, jordanOverview } from "../pages/print/print-fixtures.ts";
import { renderAt, resetApp, SLOW, serve, tearDownApp } from "./app-harness.tsx";
import { type FakeRequest, json } from "./fake-fetch.ts";
import { tokenExpiringIn } from "./jwt.ts";

// Plotly needs a real browser: the probe is "drawn" as soon as it mounts.
vi.mock("../../../src/client/renderers/PlotlyChart.tsx", () => ({
  default: ({ onDrawn }: { onDrawn?: () => void }) => {
    useEffect(() => onDrawn?.(), [onDrawn]);
    return <output data-testid="plot" />;
  },
}));

const pdfUser: SessionUser = {
  id: 90,
  username: "pdf-renderer",
  firstName: "PDF",
  lastName: "Renderer",
  roles: ["pdf"],
  permissions: ["patients.viewAll"],
  status: 2,
  user_type: "clinical",
};

const PRINT_PATH = "/assignment/3/5/measures/41/pdf";
const PDF_TOKEN = tokenExpiringIn(300, "90");

/** The server: pdf-login answers `login`; get-session and the print page's data as usual. */
function server(login: () => Response): FakeRequest[] {
  return serve((r) => {
    if (r.path === "/api/security/pdf-login") return login();
    if (r.path === "/api/security/get-session") return json(200, { user: pdfUser });
    if (r.path === "/api/measure-session/41/session-report") return json(200, reportWithAlert());
    if (r.path === "/api/overview/measures/5") return json(200, jordanOverview());
    if (r.path === "/api/patients/7") return json(200, jordan);
    return json(404, { error: "No route", code: "not_found" });
  });
}

beforeEach(() => {
  clearTokens();
  resetApp();
  resetPdfSignInForTests();
  sessionStore.set({ status: "loading" });
});
afterEach(() => {
  tearDownApp();
  clearTokens();
  window.history.replaceState(null, "", "/");
  delete document.documentElement.dataset.pdfReady;
  delete document.documentElement.dataset.pdfError;
});

describe("a print page opened with a pdf-key", () => {
  it("signs in with the key before any other call, keeps the token in this tab only and drops the key from the address", async () => {
    // A clinician is signed in in another tab of this browser: that session must stay untouched.
    localStorage.setItem("mbc.accessToken", "clinician-token");
    window.history.replaceState(null, "", `${PRINT_PATH}?pdf-key=K-123#top`);
    const requests = server(() => json(200, { accessToken: PDF_TOKEN, expiresIn: 300 }));

    await startSession();

    expect(requests[0]).toMatchObject({ method: "POST", path: "/api/security/pdf-login", body: { key: "K-123" } });
    expect(requests[1].path).toBe("/api/security/get-session");
    expect(requests[1].headers.get("authorization")).toBe(`Bearer ${PDF_TOKEN}`);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(`${PRINT_PATH}#top`);
    expect(hasTabOnlySession()).toBe(true);
    expect(storedTokens().accessToken).toBe(PDF_TOKEN);
    expect(localStorage.getItem("mbc.accessToken")).toBe("clinician-token");
    expect(sessionStore.get()).toEqual({ status: "signedIn", user: pdfUser });

    renderAt(PRINT_PATH);
    await screen.findByRole("heading", { level: 1, name: "PHQ-9 session report" }, SLOW);
    expect(screen.getByText("MRN1001")).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dataset.pdfReady).toBe("true"), SLOW);
    // Only what the print page needs: no version check, keep-alive or renewal.
    expect(requests.map((r) => r.path).filter((p) => /health|keep-alive|renew-token/.test(p))).toEqual([]);

    // Its end forgets this tab's token and nothing of the browser's.
    endSessionLocally("expired");
    expect(hasTabOnlySession()).toBe(false);
    expect(localStorage.getItem("mbc.accessToken")).toBe("clinician-token");
  });

  it("says the link has expired when the key is refused, signals the error and never goes to the login page", async () => {
    window.history.replaceState(null, "", `${PRINT_PATH}?pdf-key=used`);
    const requests = server(() => json(401, { error: "Invalid PDF key", code: "invalid_pdf_key" }));

    await startSession();

    expect(requests.map((r) => r.path)).toEqual(["/api/security/pdf-login"]);
    expect(window.location.search).toBe("");
    const router = renderAt(PRINT_PATH);
    expect(await screen.findByText(PDF_LINK_EXPIRED, undefined, SLOW)).toBeTruthy();
    expect(document.documentElement.dataset.pdfError).toBe(PDF_LINK_EXPIRED);
    expect(router.state.location.pathname).toBe(PRINT_PATH);
    expect(screen.queryByRole("heading", { name: "Sign in" })).toBeNull();
  });

  it("is ignored on any other page", async () => {
    window.history.replaceState(null, "", "/clinician/patients?pdf-key=K-9");
    const requests = server(() => json(200, { accessToken: PDF_TOKEN, expiresIn: 300 }));
    await startSession();
    expect(requests).toEqual([]);
    expect(hasTabOnlySession()).toBe(false);
    expect(sessionStore.get().status).toBe("anonymous");
  });
});
