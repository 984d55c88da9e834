import { Outlet } from "react-router-dom";
import { PageLoader } from "../../layout/PageLoader.tsx";
import { useGeneralSettingsQuery } from "../../settings/useGeneralSettings.ts";
import { NotFoundPage } from "../system/NotFoundPage.tsx";

/** The program pages exist only while general settings programs_enabled is on (spec §2); else the 404 page. */
export function RequireProgramsEnabled() {
  const settings = useGeneralSettingsQuery();
  if (settings.isPending) return <PageLoader />;
  return settings.data?.programs_enabled === true ? <Outlet /> : <NotFoundPage />;
}
