import { Navigate } from "react-router-dom";
import { useSession } from "../../auth/useSession.ts";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { settingsHome } from "./settings-sections.ts";

/** /settings: admins land on clinical users, staff on patient users (spec §2 Settings). */
export function SettingsRedirect() {
  const home = settingsHome(useSession().user);
  return home ? <Navigate to={home} replace /> : <NotFoundPage />;
}
