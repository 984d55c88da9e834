import { clearItems, readItem, STORAGE_KEYS, writeItem } from "../local-store.ts";

/**
 * Spec §4 Version change: when the server runs a new version, local state is cleared and the page
 * reloads once so that the new code runs. The sign-in (tokens, shared activity) survives: the
 * server still honours it, and a deployment should not sign every clinician out.
 * Returns true when a reload was started.
 */
export function applyServerVersion(version: string, reload: () => void = () => window.location.reload()): boolean {
  const seen = readItem(STORAGE_KEYS.appVersion);
  if (seen === version) return false;
  writeItem(STORAGE_KEYS.appVersion, version);
  if (seen === null) return false; // first visit: nothing stale to clear
  clearItems([STORAGE_KEYS.accessToken, STORAGE_KEYS.lastActivity, STORAGE_KEYS.appVersion]);
  // Stored before reloading, so the reloaded page sees the same version and does not reload again.
  reload();
  return true;
}
