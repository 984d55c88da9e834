import { Outlet } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { SectionNav } from "../../layout/SectionNav.tsx";
import { useGeneralSettings } from "../../settings/useGeneralSettings.ts";
import { sectionsFor } from "./settings-sections.ts";

/**
 * The settings area's frame: a row of links to the sections the user may open, then the page.
 * Pages bring their own heading.
 */
export function SettingsLayout() {
  const { user } = useSession();
  return (
    <>
      <SectionNav label="Settings" sections={sectionsFor(user, useGeneralSettings())} />
      <Outlet />
    </>
  );
}
