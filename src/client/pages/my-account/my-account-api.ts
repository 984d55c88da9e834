import { useQuery } from "@tanstack/react-query";
import type { Contact } from "../../../../generated/types/entities/contact.ts";
import { api } from "../../api/http.ts";
import { withVersion } from "../../entities/record-version.ts";

export type { Contact };

/** GET /api/users/:id: the signed-in respondent's own account (accounts/my-account-routes.ts). */
export interface MyAccount {
  id: number;
  username: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  status: number;
  user_type: "clinical" | "patient";
  isAccountActive: boolean;
  nameEditable: boolean;
  contacts: Contact[];
}

export type ContactBody = Pick<Contact, "channel" | "value" | "primary" | "enabled">;

export const myAccountKeys = { one: (userId: number) => ["my-account", userId] as const };

export function useMyAccount(userId: number) {
  return useQuery({
    queryKey: myAccountKeys.one(userId),
    queryFn: ({ signal }) => api<MyAccount>(`users/${userId}`, { signal }),
    meta: { errorToast: false }, // the page says it could not load, in place
  });
}

export const myAccountApi = {
  addContact: (userId: number, body: ContactBody) =>
    api<Contact>(`users/${userId}/contact-info`, { method: "POST", body }),
  /** Changes a contact, naming the version it was read at (a stale one is refused, in words). */
  updateContact: (userId: number, contact: Contact, body: ContactBody) =>
    api<Contact>(`users/${userId}/contact-info/${contact.id}`, { method: "PUT", body: withVersion(body, contact) }),
  deleteContact: (userId: number, contactId: number) =>
    api<void>(`users/${userId}/contact-info/${contactId}`, { method: "DELETE" }),
  changeUsername: (userId: number, body: Record<string, unknown>) =>
    api<MyAccount>(`users/${userId}/username`, { method: "PUT", body }),
};
