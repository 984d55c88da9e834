// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { AccessCodePage } from "../../../../src/client/pages/account/AccessCodePage.tsx";
import type { AccountChoice } from "../../../../src/client/pages/account/account-api.ts";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { respondentUser, sessionFor } from "./fixtures.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);
type Options = { method?: string; body?: unknown };

const CODE_SENT = "If we found your account, we sent an access code to it.";
const choice = (accountId: number, patientName: string, relation: number, relationLabel: string): AccountChoice => ({
  accountId,
  ccauId: accountId,
  userId: 57,
  name: "Morgan Rivera",
  patientName,
  relation,
  relationLabel,
});

let routes: Record<string, (o?: Options) => unknown>;
beforeEach(() => {
  apiMock.mockReset();
  localStorage.clear();
  sessionStore.set({ status: "anonymous" });
  routes = { "security/generate-access-code": () => ({ message: CODE_SENT }) };
  apiMock.mockImplementation(async (path, options) => {
    const handler = routes[path];
    if (!handler) throw new ApiError(404, `No route ${path}`, "not_found");
    return handler(options as Options) as never;
  });
});

const bodiesOf = (path: string) => apiMock.mock.calls.filter(([p]) => p === path).map(([, o]) => (o as Options).body);

async function requestAndEnter(code: string) {
  renderWithProviders(<AccessCodePage />, { route: "/security/access-code" });
  fireEvent.change(screen.getByLabelText("Username, email or mobile number"), {
    target: { value: " morgan@example.org " },
  });
  fireEvent.click(screen.getByRole("button", { name: "Send code" }));
  expect(await screen.findByText(CODE_SENT)).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Access code"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("signing in with an access code", () => {
  it("lists the accounts one code opens with the person's own account first, and signs in to the one picked", async () => {
    // Listed out of order on purpose: the screen puts relation 1 (the patient's own account) first.
    routes["security/validate-access-code"] = () => ({
      accounts: [
        choice(52, "Tomas Johansson", 4, "Mother"),
        choice(50, "Morgan Rivera", 1, "Patient"),
        choice(51, "Jordan Rivera", 4, "Mother"),
      ],
      selectionToken: "selection-1",
    });
    routes["security/select-account"] = () => sessionFor(respondentUser);
    await requestAndEnter("123456");

    expect(await screen.findByRole("heading", { name: "Select an account" })).toBeTruthy();
    const buttons = within(screen.getByRole("list", { name: "Accounts" })).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Morgan RiveraYour own account",
      "Tomas JohanssonAs Morgan Rivera, mother",
      "Jordan RiveraAs Morgan Rivera, mother",
    ]);
    expect(sessionStore.get().status).toBe("anonymous");

    fireEvent.click(buttons[2]);
    await waitFor(() => expect(sessionStore.get().status).toBe("signedIn"));
    expect(bodiesOf("security/validate-access-code")).toEqual([{ identifier: "morgan@example.org", code: "123456" }]);
    expect(bodiesOf("security/select-account")).toEqual([{ selectionToken: "selection-1", accountId: 51 }]);
  });

  it("signs in at once when the code opens one account", async () => {
    routes["security/validate-access-code"] = () => sessionFor(respondentUser);
    await requestAndEnter("654321");
    await waitFor(() => expect(sessionStore.get().status).toBe("signedIn"));
    expect(screen.queryByRole("heading", { name: "Select an account" })).toBeNull();
  });

  it("checks the code's shape first, then shows the server's refusal under the code", async () => {
    const invalid = "That access code is not valid or has expired. Request a new code.";
    routes["security/validate-access-code"] = () => {
      throw new ApiError(400, invalid, "invalid_code");
    };
    await requestAndEnter("12ab");
    expect(await screen.findByText("The access code is 6 digits.")).toBeTruthy();
    expect(bodiesOf("security/validate-access-code")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Access code"), { target: { value: "999999" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(sessionStore.get().status).toBe("anonymous");
  });

  it("starts over when the selection has expired", async () => {
    routes["security/validate-access-code"] = () => ({
      accounts: [choice(51, "Jordan Rivera", 4, "Mother"), choice(52, "Tomas Johansson", 4, "Mother")],
      selectionToken: "selection-2",
    });
    routes["security/select-account"] = () => {
      throw new ApiError(400, "Your sign-in has expired. Request a new access code.", "link_expired");
    };
    await requestAndEnter("123456");
    fireEvent.click((await screen.findAllByRole("button", { name: /Jordan Rivera/ }))[0]);
    expect(await screen.findByText("Your sign-in has expired. Request a new access code.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Request a new code" }));
    expect(await screen.findByRole("heading", { name: "Sign in with an access code" })).toBeTruthy();
  });
});
