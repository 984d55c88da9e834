import type { SessionUser } from "../../../generated/types/entities/user.ts";

/**
 * What the API layer asks the rest of the app to do. The app registers handlers that know the
 * router and the stores (see app/useApiWiring.ts).
 */
export interface ApiHandlers {
  /** The credentials are no longer usable (invalid_token, a failed renewal): sign out locally. */
  sessionEnded(): void;
  /** A renewal answered with the user as the server now sees them (roles may have changed). */
  sessionRenewed(user: SessionUser): void;
  /** 403 password_reset_required: the account must change its password before anything else. */
  passwordResetRequired(): void;
  /** The server answered 503: show the maintenance page. */
  maintenance(): void;
  /** A call succeeded: the maintenance page, if shown, goes back home. */
  reachable(): void;
}

/**
 * Until the app has mounted, a dead session needs no navigation: the tokens are already cleared
 * and the session loader (auth/session-actions.ts) reports the sign-out to the guards, which keep
 * the user's target. A 503 still reaches the maintenance page by a page load.
 */
const defaults: ApiHandlers = {
  sessionEnded: () => {},
  sessionRenewed: () => {},
  passwordResetRequired: () => {},
  maintenance: () => {
    if (window.location.pathname !== "/maintenance") window.location.assign("/maintenance");
  },
  reachable: () => {},
};

let current: ApiHandlers = defaults;

export function apiHandlers(): ApiHandlers {
  return current;
}

/** Installs handlers; returns a function that puts the previous ones back. */
export function setApiHandlers(handlers: Partial<ApiHandlers>): () => void {
  const previous = current;
  current = { ...current, ...handlers };
  return () => {
    current = previous;
  };
}
