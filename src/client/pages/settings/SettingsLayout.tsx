import { Button, Group } from "@mantine/core";
import { Link, Outlet, useLocation } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { useGeneralSettings } from "../../settings/useGeneralSettings.ts";
import { sectionsFor } from "./settings-sections.ts";

/**
 * The settings area's frame: a row of links to the sections the user may open (wrapping on a
 * phone, so none hides off screen), then the page. Pages bring their own heading.
 */
export function SettingsLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = sectionsFor(user, useGeneralSettings());
  return (
    <>
      <Group component="nav" aria-label="Settings" gap={4} mb="md">
        {sections.map((section) => {
          const current = pathname === section.to || pathname.startsWith(`${section.to}/`);
          return (
            <Button
              key={section.to}
              component={Link}
              to={section.to}
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
