import { Button, Group } from "@mantine/core";
import { Link, Outlet, useLocation } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { analyticsSectionsFor } from "./analytics-sections.ts";

/**
 * The analytics area's frame: a row of links to the sections the user may open (wrapping on a
 * phone), then the page, which brings its own heading. The usage tabs carry the address's dates
 * along (?from=&to=), so moving between Patients, Clinical and Measures keeps the range.
 */
export function AnalyticsLayout() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const keep = pathname.startsWith("/analytics/usage/") ? search : "";
  return (
    <>
      <Group component="nav" aria-label="Analytics" gap={4} mb="md">
        {analyticsSectionsFor(user).map((section) => {
          const current = pathname === section.to || pathname.startsWith(`${section.to}/`);
          const carry = section.to.startsWith("/analytics/usage/") ? keep : "";
          return (
            <Button
              key={section.to}
              component={Link}
              to={`${section.to}${carry}`}
              size="compact-sm"
              variant={current ? "light" : "subtle"}
              color={current ? undefined : "gray"}
              aria-current={current ? "page" : undefined}
              style={{ flex: "none" }}
            >
              {section.label}
            </Button>
          );
        })}
      </Group>
      <Outlet />
    </>
  );
}
