// @vitest-environment jsdom
import "./dom-setup.ts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storedTokens } from "../../../src/client/api/tokens.ts";
import { sessionStore } from "../../../src/client/auth/session-store.ts";
import type { LoginRedirectState } from "../../../src/client/guards/RequireAuth.tsx";
import { queryClient } from "../../../src/client/query-client.ts";
import { clinician, renderAt, resetApp, respondent, SLOW, serve, signedIn, tearDownApp } from "./app-harness.tsx";
import { json } from "./fake-fetch.ts";
import { tokenExpiringIn } from "./jwt.ts";

beforeEach(resetApp);
afterEach(tearDownApp);

describe("guards", () => {
  it("sends an anonymous user to the login page, remembers the target and returns there after sign-in", async () => {
    const requests = serve((r) =>
      r.path === "/api/security/login"
        ? json(200, { accessToken: tokenExpiringIn(900), user: clinician })
        : json(404, {}),
    );
    const router = renderAt("/clinician/patients/add");

    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    expect(router.state.location.pathname).toBe("/security/login");
    expect((router.state.location.state as LoginRedirectState).from?.pathname).toBe("/clinician/patients/add");

    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "clinician" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Demo#2026!" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    await screen.findByRole("heading", { name: "Add a patient" }, SLOW);
    expect(router.state.location.pathname).toBe("/clinician/patients/add");
    expect(requests.find((r) => r.path === "/api/security/login")?.body).toEqual({
      username: "clinician",
      password: "Demo#2026!",
    });
    expect(storedTokens().accessToken).toEqual(expect.any(String));
    expect(localStorage.getItem("mbc.refreshToken")).toBeNull();
    expect(requests.find((r) => r.path === "/api/security/login")?.headers.get("x-refresh-token-transport")).toBe(
      "cookie",
    );
    // The user's UI settings are fetched at sign-in, so their choices follow them.
    await waitFor(() => expect(requests.some((r) => r.path === "/api/settings/ui-settings")).toBe(true));
  });

  it("shows the server's message when sign-in fails, and stays on the login page", async () => {
    serve(() => json(401, { error: "The username or password is incorrect.", code: "invalid_credentials" }));
    const router = renderAt("/security/login");
    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "clinician" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("The username or password is incorrect.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/security/login");
  });

  it("explains an expired password and points to Forgot password", async () => {
    serve(() => json(401, { error: "Password reset required", code: "password_expired" }));
    renderAt("/security/login");
    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "clinician" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Old#Pass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Password reset required")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Use Forgot password" }).getAttribute("href")).toBe(
      "/security/forgot-password",
    );
  });

  it("tells a respondent they have no access to a clinician page, inside their own frame", async () => {
    serve();
    signedIn(respondent);
    const router = renderAt("/clinician/patients");
    expect(await screen.findByRole("heading", { name: "You don't have access to this page" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/clinician/patients");
    expect(screen.queryByRole("heading", { name: /Patient list/ })).toBeNull();
  });

  it("shows a clinician without settings access the no-access page inside the app shell, navigation kept", async () => {
    serve(() => json(200, { rows: [] }));
    signedIn(clinician);
    const router = renderAt("/settings/general");
    expect(await screen.findByRole("heading", { name: "You don't have access to this page" }, SLOW)).toBeTruthy();
    expect(screen.queryByText("Page not found")).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Patients" }).getAttribute("href")).toBe("/clinician/patients");
    expect(within(nav).queryByRole("link", { name: "Settings" })).toBeNull();
    expect(router.state.location.pathname).toBe("/settings/general");
  });

  it("sends a signed-in user away from the login page to their home", async () => {
    serve(() => json(200, { rows: [] }));
    signedIn(clinician);
    const router = renderAt("/security/login");
    await screen.findByRole("heading", { name: "Clinician home" }, SLOW);
    expect(router.state.location.pathname).toBe("/clinician/home");
    expect(screen.getByRole("link", { name: "Patients" })).toBeTruthy();
    expect(screen.getByText("Casey Lee")).toBeTruthy();
  });

  it("takes each role home from /", async () => {
    serve();
    signedIn(respondent);
    const router = renderAt("/");
    // The respondent's home is /session; until the privacy agreement is accepted it shows only that.
    await screen.findByRole("heading", { name: "Privacy agreement" }, SLOW);
    expect(router.state.location.pathname).toBe("/session");
    // Clinicians go to their worklists; staff, who see the whole clinic, to the patient list.
    for (const [user, path] of [
      [clinician, "/clinician/home"],
      [
        { ...clinician, roles: ["staff"], permissions: ["patients.viewAll", "patients.write", "settings.staff"] },
        "/clinician/patients",
      ],
    ] as const) {
      cleanup();
      queryClient.clear();
      signedIn(user as typeof clinician);
      const next = renderAt("/");
      await waitFor(() => expect(next.state.location.pathname).toBe(path), SLOW);
    }
  });

  it("redirects /security to the login page and unknown routes to the 404 page", async () => {
    serve();
    const router = renderAt("/security");
    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    expect(router.state.location.pathname).toBe("/security/login");
    cleanup();
    renderAt("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByText(/There is no page at this address/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your home page" }).getAttribute("href")).toBe("/");
  });

  it("holds a user who must change their password on the change-password page, with the schema's messages", async () => {
    serve();
    signedIn({ ...clinician, status: 5, mustChangePassword: true });
    const router = renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: "Choose a new password" }, SLOW);
    expect(router.state.location.pathname).toBe("/force-reset-password");

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "Demo#2026!" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "different" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Invalid password.")).toBeTruthy();
    expect(screen.getByText("Those passwords don't match.")).toBeTruthy();
  });

  it("marks both new password fields when they don't match, with the message once", async () => {
    serve();
    signedIn({ ...clinician, status: 5, mustChangePassword: true });
    renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: "Choose a new password" }, SLOW);
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "Demo#2026!" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "Harbor#Lantern42" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Harbor#Lantern43" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Those passwords don't match.")).toBeTruthy();
    expect(screen.getByLabelText("Confirm password").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Current password").getAttribute("aria-invalid")).not.toBe("true");
    expect(screen.getAllByText("Those passwords don't match.")).toHaveLength(1);
  });

  it("signs out and lands on the login page when the server says the token is invalid", async () => {
    serve((r) =>
      r.path === "/api/patients" ? json(401, { error: "Invalid access token", code: "invalid_token" }) : json(404, {}),
    );
    signedIn(clinician);
    const router = renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    expect(router.state.location.pathname).toBe("/security/login");
    expect(storedTokens()).toEqual({ accessToken: null });
    expect(sessionStore.get().status).toBe("anonymous");
    expect(queryClient.getQueryData(["probe"])).toBeUndefined();
    expect(await screen.findByText("Your session has expired. Please sign in.")).toBeTruthy();
  });

  it("signs out from the Account menu: revokes on the server and forgets everything locally", async () => {
    const requests = serve((r) => (r.path === "/api/patients" ? json(200, { rows: [1, 2] }) : json(204, null)));
    signedIn(clinician);
    const router = renderAt("/clinician/patients");
    await screen.findByRole("heading", { name: "Patient list (2)" }, SLOW);

    fireEvent.click(screen.getByRole("button", { name: /^Account/ }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));

    await screen.findByRole("heading", { name: "Sign in" }, SLOW);
    expect(router.state.location.pathname).toBe("/security/login");
    expect((router.state.location.state as LoginRedirectState | null)?.from).toBeUndefined();
    const logout = requests.find((r) => r.path === "/api/security/logout");
    expect(logout?.body).toEqual({}); // the session is named by the access token; the refresh cookie is HttpOnly
    expect(logout?.headers.get("authorization")).toMatch(/^Bearer /);
    expect(storedTokens()).toEqual({ accessToken: null });
    expect(queryClient.getQueryData(["probe"])).toBeUndefined();
  });
});
