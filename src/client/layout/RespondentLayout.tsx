import { AppShell, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { useSignedInUser } from "../auth/useSession.ts";
import { useClinicTimeZone } from "../dates/useClinicTimeZone.ts";
import { LockedHeader } from "../pages/session/login-as/LockedHeader.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { InShellContext } from "./in-shell.ts";
import { PageLoader } from "./PageLoader.tsx";
import { ProductMark } from "./ProductMark.tsx";

/**
 * The respondent area's frame: no navigation yet, just the user's menu (or, on a device a clinician
 * handed over, only the way back to them); the child route or `children`.
 */
export function RespondentLayout({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const zoneLoading = useClinicTimeZone();
  return (
    <InShellContext.Provider value={true}>
      <AppShell header={{ height: 56 }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <ProductMark />
            {user.loggedAsRespondent ? <LockedHeader user={user} /> : <AccountMenu user={user} />}
          </Group>
        </AppShell.Header>
        <AppShell.Main>{zoneLoading ? <PageLoader /> : (children ?? <Outlet />)}</AppShell.Main>
      </AppShell>
    </InShellContext.Provider>
  );
}
