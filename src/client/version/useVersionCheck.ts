import { useEffect } from "react";
import { api } from "../api/http.ts";
import { applyServerVersion } from "./version-check.ts";

/** An open tab notices a deployment within this time, or when it is shown again. */
export const VERSION_CHECK_MS = 5 * 60_000;

function checkVersion(): void {
  api<{ version?: unknown }>("health", { renew: false })
    .then((health) => {
      if (typeof health.version === "string") applyServerVersion(health.version);
    })
    .catch(() => {
      // Unreachable or in maintenance: the API layer has already reacted.
    });
}

export function useVersionCheck(): void {
  useEffect(() => {
    checkVersion();
    const timer = window.setInterval(checkVersion, VERSION_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") checkVersion();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}
