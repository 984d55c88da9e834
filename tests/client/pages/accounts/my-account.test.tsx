// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../../generated/types/entities/user.ts";
import { ApiError } from "../../../../src/client/api/api-error.ts";
import { api } from "../../../../src/client/api/http.ts";
import { sessionStore } from "../../../../src/client/auth/session-store.ts";
import { ChangePasswordPage } from "../../../../src/client/pages/my-account/ChangePasswordPage.tsx";
import { ContactInfoPage } from "../../../../src/client/pages/my-account/ContactInfoPage.tsx";
import { EditUsernamePage } from "../../../../src/client/pages/my-account/EditUsernamePage.tsx";
import { renderWithProviders } from "../../renderers/test-utils.tsx";
import { respondentUser } from "./fixtures.ts";
import { selectOption } from "./select-option.ts";

vi.mock("../../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../../src/client/notifications/toast.ts", () => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
const apiMock = vi.mocked(api);
type Options = { method?: string; body?: unknown };

const account = {
  id: 57,
  username: "parent",
  first_name: "Morgan",
  middle_name: null,
  last_name: "Rivera",
  status: 2,
  user_type: "patient",
  isAccountActive: true,
  nameEditable: true,
  contacts: [
    {
      id: 1,
      user_id: 57,
      channel: 1,
      primary: true,
      emr: false,
      value: "morgan@example.org",
      editable: true,
      enabled: true,
    },
    { id: 2, user_id: 57, channel: 2, primary: true, emr: false, value: "3125550147", editable: true, enabled: true },
    {
      id: 3,
      user_id: 57,
      channel: 1,
      primary: false,
      emr: true,
      value: "records@example.org",
      editable: false,
      enabled: true,
    },
  ],
};

let routes: Record<string, (o?: Options) => unknown>;
beforeEach(() => {
  apiMock.mockReset();
  routes = { "users/57": () => account };
  apiMock.mockImplementation(async (path, options) => {
    const handler = routes[path];
    if (!handler) throw new ApiError(404, `No route ${path}`, "not_found");
    return handler(options as Options) as never;
  });
});

function renderAs(user: SessionUser, route: string) {
  sessionStore.set({ status: "signedIn", user });
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/my-account/contact-info" element={<ContactInfoPage />} />
      <Route path="/my-account/edit-username" element={<EditUsernamePage />} />
      <Route path="/my-account/change-password" element={<ChangePasswordPage />} />
    </Routes>,
    { route },
  );
}

const callsTo = (path: string, method: string) =>
  apiMock.mock.calls.filter(([p, o]) => p === path && (o as Options | undefined)?.method === method);

describe("my account: contact information", () => {
  it("lists contacts by channel, phones masked, and locks the clinic's record contacts", async () => {
    renderAs(respondentUser, "/my-account/contact-info");
    const email = await screen.findByRole("region", { name: "Email" });
    const phone = screen.getByRole("region", { name: "Phone" });
    expect(within(phone).getByText("(312) 555-0147")).toBeTruthy();
    expect(
      within(email)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("aria-label")),
    ).toEqual(["morgan@example.org", "records@example.org"]);
    const locked = within(email).getByRole("listitem", { name: "records@example.org" });
    expect(within(locked).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    expect(within(locked).getByText("From your clinic's records")).toBeTruthy();
  });

  it("adds a mobile number as digits, checked against the contact schema first", async () => {
    routes["users/57/contact-info"] = (o) => ({ id: 9, user_id: 57, ...(o?.body as object) });
    renderAs(respondentUser, "/my-account/contact-info");
    fireEvent.click(await screen.findByRole("button", { name: "Add contact" }));
    selectOption(screen.getByLabelText("Type"), "Phone");
    const value = screen.getByLabelText("Email or mobile number");
    fireEvent.change(value, { target: { value: "312555" } });
    fireEvent.click(screen.getByRole("button", { name: "Save contact" }));
    expect(await screen.findByText("That mobile number is too short. It must be 10 digits.")).toBeTruthy();
    expect(callsTo("users/57/contact-info", "POST")).toHaveLength(0);
    fireEvent.change(value, { target: { value: "(312) 555-0199" } });
    fireEvent.click(screen.getByRole("button", { name: "Save contact" }));
    await waitFor(() => expect(callsTo("users/57/contact-info", "POST")).toHaveLength(1));
    expect((callsTo("users/57/contact-info", "POST")[0][1] as Options).body).toEqual({
      channel: 2,
      value: "3125550199",
      primary: false,
      enabled: true,
    });
  });

  it("deletes a contact only after confirming", async () => {
    routes["users/57/contact-info/2"] = () => undefined;
    renderAs(respondentUser, "/my-account/contact-info");
    fireEvent.click(await screen.findByRole("button", { name: "Delete (312) 555-0147" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete contact" });
    expect(callsTo("users/57/contact-info/2", "DELETE")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete contact" }));
    await waitFor(() => expect(callsTo("users/57/contact-info/2", "DELETE")).toHaveLength(1));
  });
});

describe("my account: username and password", () => {
  it("changes the username and the session shows the new one", async () => {
    routes["users/57/username"] = (o) => ({ ...account, ...(o?.body as object) });
    renderAs(respondentUser, "/my-account/edit-username");
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "morgan.r" } });
    fireEvent.click(screen.getByRole("button", { name: "Save username" }));
    await waitFor(() => {
      const state = sessionStore.get();
      expect(state.status === "signedIn" && state.user.username).toBe("morgan.r");
    });
    expect((callsTo("users/57/username", "PUT")[0][1] as Options).body).toEqual({ username: "morgan.r" });
  });

  it("offers change-password only to an active respondent account; anyone else goes home", async () => {
    renderAs({ ...respondentUser, status: 4 }, "/my-account/change-password");
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
  });

  it("after a wrong current password, offers signing in with an access code", async () => {
    routes["security/change-password"] = () => {
      throw new ApiError(400, "Current password is incorrect.", "validation", [
        { field: "currentPassword", message: "Current password is incorrect." },
      ]);
    };
    renderAs(respondentUser, "/my-account/change-password");
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "Wrong#Pass1" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Str0ng#Pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Current password is incorrect.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out and sign in with an access code" })).toBeTruthy();
  });
});
