import { AppShell, Burger, Group, NavLink, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { hasAnyPermission } from "../auth/permissions.ts";
import { useSignedInUser } from "../auth/useSession.ts";
import { useClinicTimeZone } from "../dates/useClinicTimeZone.ts";
import { useGeneralSettings } from "../settings/useGeneralSettings.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { DemoDatabaseBadge, DemoDatabaseStrip } from "./DemoDatabaseNotice.tsx";
import { InShellContext } from "./in-shell.ts";
import { NAV_ITEMS } from "./nav-items.ts";
import { PageLoader } from "./PageLoader.tsx";
import { ProductMark } from "./ProductMark.tsx";

/**
 * The clinician area's frame: header, navigation (a drawer on phones) and the page: the matched
 * child route, or `children` (the no-access page keeps the frame so the user can go elsewhere).
 */
export function ClinicalLayout({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const settings = useGeneralSettings();
  const zoneLoading = useClinicTimeZone();
  const { pathname } = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  const items = NAV_ITEMS.filter(
    (item) => hasAnyPermission(user, item.anyOf) && (!item.when || settings[item.when] === true),
  );

  return (
    <InShellContext.Provider value={true}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 220, breakpoint: "sm", collapsed: { mobile: !navOpen } }}
        padding={{ base: "sm", sm: "md" }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={navOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpen ? "Close navigation" : "Open navigation"}
              />
              <ProductMark />
              {settings.customer_name && (
                <Text c="dimmed" size="sm" truncate visibleFrom="sm">
                  {settings.customer_name}
                </Text>
              )}
            </Group>
            <Group gap="md" wrap="nowrap">
              {settings.embedded_database && <DemoDatabaseBadge />}
              <AccountMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main">
          {settings.customer_name && (
            <Text c="dimmed" size="sm" px="sm" py="xs" hiddenFrom="sm">
              {settings.customer_name}
            </Text>
          )}
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              rightSection={item.badge ? <item.badge /> : undefined}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              onClick={nav.close}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main>
          {settings.embedded_database && <DemoDatabaseStrip />}
          {zoneLoading ? <PageLoader /> : (children ?? <Outlet />)}
        </AppShell.Main>
      </AppShell>
    </InShellContext.Provider>
  );
}
