import { useSyncExternalStore } from "react";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import type { Permission } from "../../shared/permissions.ts";
import { hasAnyPermission } from "./permissions.ts";
import { login, logout } from "./session-actions.ts";
import { type SessionEnd, type SessionState, sessionStore } from "./session-store.ts";

export interface Session {
  status: SessionState["status"];
  /** The signed-in user (spec §3 Logged-in user), or null. */
  user: SessionUser | null;
  /** Why the last session ended, while anonymous. */
  endedBy?: SessionEnd;
  /** True when the user holds any of the permissions (src/shared/permissions.ts names). */
  can: (...anyOf: Permission[]) => boolean;
  login: typeof login;
  logout: typeof logout;
}

export function useSession(): Session {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  const user = state.status === "signedIn" ? state.user : null;
  const endedBy = state.status === "anonymous" ? state.endedBy : undefined;
  return { status: state.status, user, endedBy, can: (...anyOf) => hasAnyPermission(user, anyOf), login, logout };
}

/** For pages behind RequireAuth, where a user is certain. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error("useSignedInUser outside a signed-in route");
  return user;
}
