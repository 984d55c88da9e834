import type { SessionUser } from "../../../generated/types/entities/user.ts";

/**
 * Who is signed in, as a tiny external store: the API layer and the sign-out paths change it
 * outside React; components read it through useSession().
 * loading: tokens exist and the session is being fetched. unreachable: the server could not be
 * asked (offline, 5xx); the tokens are kept and the guards offer to try again.
 * endedBy says why a session ended: after a deliberate sign-out or an inactivity timeout the login
 * page does not send the next person back to the previous user's screen.
 */
export type SessionEnd = "sign-out" | "inactivity" | "expired";

export type SessionState =
  | { status: "loading" }
  | { status: "unreachable" }
  | { status: "anonymous"; endedBy?: SessionEnd }
  | { status: "signedIn"; user: SessionUser };

let state: SessionState = { status: "loading" };
const listeners = new Set<() => void>();

export const sessionStore = {
  get(): SessionState {
    return state;
  },
  set(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function currentUser(): SessionUser | null {
  return state.status === "signedIn" ? state.user : null;
}
