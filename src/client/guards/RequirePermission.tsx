import type { ReactNode } from "react";
import { Outlet } from "react-router-dom";
import type { Permission } from "../../shared/permissions.ts";
import { hasAnyPermission } from "../auth/permissions.ts";
import { useSession } from "../auth/useSession.ts";
import { NotFoundPage } from "../pages/system/NotFoundPage.tsx";

/**
 * Renders its children (or the child routes) only for a user holding any of the permissions;
 * anyone else sees the 404 page (spec §2: no permission leads to 404), which also does not tell
 * them the screen exists. Use it as a route element or around a part of a page.
 */
export function RequirePermission({ anyOf, children }: { anyOf: readonly Permission[]; children?: ReactNode }) {
  const { user } = useSession();
  if (!hasAnyPermission(user, anyOf)) return <NotFoundPage />;
  return children ?? <Outlet />;
}
