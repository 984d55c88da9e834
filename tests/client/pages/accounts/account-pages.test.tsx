// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { AccountSetupPage } from "../../../../src/client/pages/account/AccountSetupPage.tsx";
import { ForgotPasswordPage } from "../../../../src/client/pages/account/ForgotPasswordPage.tsx";
import { ResetPasswordPage } from "../../../../src/client/pages/account/ResetPasswordPage.tsx";
import { PASSWORD_CONTAINS_USERNAME, PASSWORD_TOO_COMMON } from "../../../../src/shared/passwords/password-strength.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { respondentUser, sessionFor } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
const apiMock = vi.mocked(api);
type Options = { method?: string; body?: unknown; query?: Record<string, unknown> };

const LINK_EXPIRED = "Your link has expired. Please try again.";
const expired = (message = LINK_EXPIRED) => new ApiError(400, message, "link_expired");

let routes: Record<string, (o?: Options) => unknown>;
beforeEach(() => {
  apiMock.mockReset();
  localStorage.clear();
  sessionStore.set({ status: "anonymous" });
  routes = {};
  apiMock.mockImplementation(async (path, options) => {
    const handler = routes[path];
    if (!handler) throw new ApiError(404, `No route ${path}`, "not_found");
    return handler(options as Options) as never;
  });
});

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/security/account-setup" element={<AccountSetupPage />} />
      <Route path="/security/reset-password" element={<ResetPasswordPage />} />
      <Route path="/security/forgot-password" element={<ForgotPasswordPage />} />
    </Routes>,
    { route },
  );
}

const bodiesOf = (path: string) => apiMock.mock.calls.filter(([p]) => p === path).map(([, o]) => (o as Options).body);

describe("account setup (invitation link)", () => {
  it("says the link has expired when the server no longer knows it, and shows no form", async () => {
    routes["security/validate-token"] = () => {
      throw expired();
    };
    renderAt("/security/account-setup?token=spent-token");
    expect(await screen.findByText(LINK_EXPIRED)).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(apiMock).toHaveBeenCalledWith(
      "security/validate-token",
      expect.objectContaining({ query: { token: "spent-token" } }),
    );
  });

  it("says the same for an address without a token, without asking the server", async () => {
    renderAt("/security/account-setup");
    expect(await screen.findByText(LINK_EXPIRED)).toBeTruthy();
    expect(apiMock).not.toHaveBeenCalled();
  });

  it("checks the passwords as the server would, then signs the new account in", async () => {
    routes["security/validate-token"] = () => ({ valid: true, firstName: "Morgan" });
    routes["security/username"] = () => ({ username: "mrivera", available: true });
    routes["security/account-setup"] = () => sessionFor(respondentUser);
    renderAt("/security/account-setup?token=live-token");
    expect(await screen.findByText(/Welcome, Morgan/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "mrivera" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "weak" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "other" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Invalid password.")).toBeTruthy();
    expect(screen.getByText("Those passwords don't match.")).toBeTruthy();
    expect(bodiesOf("security/account-setup")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(sessionStore.get().status).toBe("signedIn"));
    expect(bodiesOf("security/account-setup")).toEqual([
      { token: "live-token", username: "mrivera", password: "Str0ng#Pass", confirmPassword: "Str0ng#Pass" },
    ]);
  });

  it("says the link has expired when it was used up before the form was sent", async () => {
    routes["security/validate-token"] = () => ({ valid: true, firstName: "Morgan", username: "mrivera" });
    routes["security/account-setup"] = () => {
      throw expired();
    };
    renderAt("/security/account-setup?token=raced-token");
    await screen.findByText(/Welcome, Morgan/);
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("mrivera");
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(LINK_EXPIRED)).toBeTruthy();
    expect(sessionStore.get().status).toBe("anonymous");
  });
});

describe("the password strength rule in the browser", () => {
  it("refuses a common password and one containing the username before sending, with the server's sentences", async () => {
    routes["security/validate-token"] = () => ({ valid: true, firstName: "Morgan", username: "mrivera" });
    routes["security/account-setup"] = () => sessionFor(respondentUser);
    renderAt("/security/account-setup?token=live-token");
    await screen.findByText(/Welcome, Morgan/);
    const attempt = (password: string) => {
      fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
      fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: password } });
      fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    };
    attempt("Password1!");
    expect(await screen.findByText(PASSWORD_TOO_COMMON, {}, { timeout: 15_000 })).toBeTruthy();
    attempt("Q7#MRivera9x");
    expect(await screen.findByText(PASSWORD_CONTAINS_USERNAME)).toBeTruthy();
    expect(bodiesOf("security/account-setup")).toHaveLength(0);
  }, 30_000);
});

describe("reset password", () => {
  it("says 'Reset key no longer valid' for a spent key and points to a new link", async () => {
    routes["security/reset-password"] = () => {
      throw expired("Reset key no longer valid");
    };
    renderAt("/security/reset-password?key=old-key");
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Reset key no longer valid")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/security/forgot-password",
    );
    expect(bodiesOf("security/reset-password")).toEqual([
      { key: "old-key", password: "Str0ng#Pass", confirmPassword: "Str0ng#Pass" },
    ]);
  });
});

describe("forgot password", () => {
  async function ask(typed: string) {
    const view = renderAt("/security/forgot-password");
    fireEvent.change(screen.getByLabelText("Username or email"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    const answer = (await screen.findByRole("status")).textContent;
    const formGone = screen.queryByLabelText("Username or email") === null;
    view.unmount();
    return { answer, formGone };
  }

  it("gives the same answer for a username, a known email and an unknown one", async () => {
    // The server answers the same sentence for every request; the page must add nothing that differs.
    routes["security/forgot-password"] = () => ({ message: "If we found your account, we sent a link." });
    const answers = [await ask("parent"), await ask("morgan@example.org"), await ask("nobody-zz@example.org")];
    expect(new Set(answers.map((a) => a.answer)).size).toBe(1);
    expect(answers[0].answer).toBe("If we found your account, we sent a link to reset your password.");
    expect(answers.every((a) => a.formGone)).toBe(true);
    // A typed "@" asks by email, anything else by username (api/forgot-password.json).
    expect(bodiesOf("security/forgot-password")).toEqual([
      { username: "parent" },
      { email: "morgan@example.org" },
      { email: "nobody-zz@example.org" },
    ]);
  });

  it("asks for something to look up before sending", async () => {
    routes["security/forgot-password"] = () => ({ message: "sent" });
    renderAt("/security/forgot-password");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Enter your username or email.")).toBeTruthy();
    expect(bodiesOf("security/forgot-password")).toHaveLength(0);
  });
});
