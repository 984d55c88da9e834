import { Outlet } from "react-router-dom";
import { useSession } from "../auth/useSession.ts";
import { InactivityPrompt } from "../inactivity/InactivityPrompt.tsx";
import { useVersionCheck } from "../version/useVersionCheck.ts";
import { useApiWiring } from "./useApiWiring.ts";
import { useCrossTabSession } from "./useCrossTabSession.ts";

/** The root route: app-wide watchers, then the matched screen. */
export function AppRoot({ checkVersion = true }: { checkVersion?: boolean }) {
  useApiWiring();
  useCrossTabSession();
  const { status } = useSession();
  return (
    <>
      {checkVersion && <VersionWatcher />}
      <Outlet />
      {status === "signedIn" && <InactivityPrompt />}
    </>
  );
}

function VersionWatcher() {
  useVersionCheck();
  return null;
}
