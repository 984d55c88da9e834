import { Redirect } from "../../app/Redirect.tsx";
import { useSession } from "../../auth/useSession.ts";
import { NotFoundPage } from "../system/NotFoundPage.tsx";
import { settingsHome } from "./settings-sections.ts";

/** /settings: admins land on clinical users, staff on patient users (spec §2 Settings). */
export function SettingsRedirect() {
  const home = settingsHome(useSession().user);
  return home ? <Redirect to={home} /> : <NotFoundPage />;
}
