import { Outlet, useLocation } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { SectionNav } from "../../layout/SectionNav.tsx";
import { analyticsSectionsFor } from "./analytics-sections.ts";

/**
 * The analytics area's frame: a row of links to the sections the user may open, then the page,
 * which brings its own heading. The usage tabs carry the address's dates along (?from=&to=), so
 * moving between Patients, Clinical and Measures keeps the range.
 */
export function AnalyticsLayout() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const keep = pathname.startsWith("/analytics/usage/") ? search : "";
  return (
    <>
      <SectionNav
        label="Analytics"
        sections={analyticsSectionsFor(user)}
        hrefOf={(s) => (s.to.startsWith("/analytics/usage/") ? `${s.to}${keep}` : s.to)}
      />
      <Outlet />
    </>
  );
}
