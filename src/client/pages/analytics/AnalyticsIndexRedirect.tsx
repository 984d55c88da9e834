import { Redirect } from "../../app/Redirect.tsx";
import { useSession } from "../../auth/useSession.ts";
import { analyticsHome } from "./analytics-sections.ts";

/** /analytics: the outcomes explorer for the analytics role, usage patients for the others (spec §2). */
export function AnalyticsIndexRedirect() {
  const { user } = useSession();
  return <Redirect to={analyticsHome(user)} />;
}
