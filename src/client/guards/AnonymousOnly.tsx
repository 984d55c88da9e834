import { Outlet, useLocation } from "react-router-dom";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { Redirect } from "../app/Redirect.tsx";
import { homePath, needsPasswordChange } from "../auth/permissions.ts";
import { useSession } from "../auth/useSession.ts";
import { PageLoader } from "../layout/PageLoader.tsx";
import type { LoginRedirectState } from "./RequireAuth.tsx";

/**
 * Where a user who has just signed in (or who opens an anonymous page while signed in) goes: the
 * remembered target when there is one, else their home. Only paths of this app are followed.
 */
export function afterSignIn(user: SessionUser, state: unknown): string {
  if (needsPasswordChange(user)) return "/force-reset-password";
  const from = (state as LoginRedirectState | null)?.from;
  const path = from?.pathname;
  if (path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/security")) {
    return `${path}${from?.search ?? ""}${from?.hash ?? ""}`;
  }
  return homePath(user);
}

/** Pages for anonymous users only (/security/...): a signed-in user goes on (spec §2 Guards). */
export function AnonymousOnly() {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <PageLoader />;
  if (session.user) return <Redirect to={afterSignIn(session.user, location.state)} />;
  return <Outlet />;
}
