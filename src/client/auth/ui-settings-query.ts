import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import { api } from "../api/http.ts";

/** Cache key of one user's UI settings; sign-out clears the whole cache. */
export function uiSettingsKey(userId: number) {
  return ["ui-settings", userId] as const;
}

export function fetchUiSettings(): Promise<UiSettings> {
  return api<UiSettings>("settings/ui-settings");
}
