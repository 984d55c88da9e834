import { Outlet, useLocation } from "react-router-dom";
import { Redirect } from "../app/Redirect.tsx";
import { needsPasswordChange } from "../auth/permissions.ts";
import { useSession } from "../auth/useSession.ts";
import { PageLoader } from "../layout/PageLoader.tsx";
import { ServerUnreachable } from "./ServerUnreachable.tsx";

/** Where the login page returns to: kept in the router's history state, never in the URL. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The pages of the respondent area (pages/session/routes.tsx): all a handed-over device may show. */
function inRespondentArea(pathname: string): boolean {
  return pathname === "/session" || pathname.startsWith("/session/") || pathname === "/no-sessions";
}

/**
 * Protected routes (spec §2 Guards): anonymous users go to the login page, which remembers the
 * target; users who must change their password go to /force-reset-password first.
 */
export function RequireAuth({ forPasswordChange = false }: { forPasswordChange?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <PageLoader />;
  if (session.status === "unreachable") return <ServerUnreachable />;
  if (!session.user) {
    const deliberate = session.endedBy === "sign-out" || session.endedBy === "inactivity";
    const state: LoginRedirectState = deliberate
      ? {}
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Redirect to="/security/login" state={state} />;
  }
  // A device handed to a respondent is locked to the respondent's sessions (issue 10 §5).
  if (session.user.loggedAsRespondent && !inRespondentArea(location.pathname)) return <Redirect to="/session" />;
  const mustChange = needsPasswordChange(session.user);
  if (mustChange && !forPasswordChange) return <Redirect to="/force-reset-password" />;
  if (!mustChange && forPasswordChange) return <Redirect to="/" />;
  return <Outlet />;
}
