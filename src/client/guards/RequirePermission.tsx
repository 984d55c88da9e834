import { lazy, type ReactNode, Suspense } from "react";
import { Outlet } from "react-router-dom";
import type { Permission } from "../../shared/permissions.ts";
import { hasAnyPermission } from "../auth/permissions.ts";
import { useSession } from "../auth/useSession.ts";
import { useInShell } from "../layout/in-shell.ts";
import { NAV_ITEMS } from "../layout/nav-items.ts";
import { PageLoader } from "../layout/PageLoader.tsx";
import { NoAccessPage } from "../pages/system/NoAccessPage.tsx";

// The frames load with the screens they hold; a refusal is rare enough to wait for one.
const ClinicalLayout = lazy(() => import("../layout/ClinicalLayout.tsx").then((m) => ({ default: m.ClinicalLayout })));
const RespondentLayout = lazy(() =>
  import("../layout/RespondentLayout.tsx").then((m) => ({ default: m.RespondentLayout })),
);

/**
 * Renders its children (or the child routes) only for a user holding any of the permissions.
 * Anyone else signed in is told "You don't have access to this page" inside their own frame
 * (issue 9 §5): the clinician frame with its navigation for staff, the respondent frame for
 * respondents. The server refuses the data either way; this only keeps the user oriented.
 */
export function RequirePermission({ anyOf, children }: { anyOf: readonly Permission[]; children?: ReactNode }) {
  const { user } = useSession();
  const inShell = useInShell();
  if (hasAnyPermission(user, anyOf)) return children ?? <Outlet />;
  if (inShell || !user) return <NoAccessPage />;
  const staff = NAV_ITEMS.some((item) => hasAnyPermission(user, item.anyOf));
  const respondent = hasAnyPermission(user, ["respondent.session"]);
  if (!staff && !respondent) return <NoAccessPage />;
  const Frame = staff ? ClinicalLayout : RespondentLayout;
  return (
    <Suspense fallback={<PageLoader />}>
      <Frame>
        <NoAccessPage />
      </Frame>
    </Suspense>
  );
}
