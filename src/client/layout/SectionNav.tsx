import { Button, Group } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";

export interface Section {
  label: string;
  to: string;
}

/**
 * An area's row of links to the sections the user may open (settings, analytics), wrapping on a
 * phone so none hides off screen; the current one is marked for screen readers too.
 * `hrefOf` may carry state along (the usage tabs keep the address's dates).
 */
export function SectionNav({
  label,
  sections,
  hrefOf = (s) => s.to,
}: {
  label: string;
  sections: readonly Section[];
  hrefOf?: (section: Section) => string;
}) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap={4} mb="md">
      {sections.map((section) => {
        const current = pathname === section.to || pathname.startsWith(`${section.to}/`);
        return (
          <Button
            key={section.to}
            component={Link}
            to={hrefOf(section)}
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
  );
}
