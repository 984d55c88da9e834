import { Outlet } from "react-router-dom";
import { hasTabOnlySession } from "../api/tokens.ts";
import { useSession } from "../auth/useSession.ts";
import { useClinicTimeZone } from "../dates/useClinicTimeZone.ts";
import { InactivityPrompt } from "../inactivity/InactivityPrompt.tsx";
import { useVersionCheck } from "../version/useVersionCheck.ts";
import { useApiWiring } from "./useApiWiring.ts";
import { useCrossTabSession } from "./useCrossTabSession.ts";

/** The root route: app-wide watchers, then the matched screen. */
export function AppRoot({ checkVersion = true }: { checkVersion?: boolean }) {
  useApiWiring();
  useCrossTabSession();
  const { status } = useSession();
  // Every screen's dates and times read in the clinic's zone (layouts wait for it, see the hook).
  useClinicTimeZone();
  // A PDF-rendering tab (pdf-key) may call only what its print page needs: no version polling,
  // no keep-alive; its short session simply ends.
  const rendering = hasTabOnlySession();
  return (
    <>
      {checkVersion && !rendering && <VersionWatcher />}
      <Outlet />
      {status === "signedIn" && !rendering && <InactivityPrompt />}
    </>
  );
}

function VersionWatcher() {
  useVersionCheck();
  return null;
}
