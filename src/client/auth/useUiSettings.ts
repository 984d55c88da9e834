import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import { api } from "../api/http.ts";
import { toastError } from "../notifications/toast.ts";
import { needsPasswordChange } from "./permissions.ts";
import { fetchUiSettings, uiSettingsKey } from "./ui-settings-query.ts";
import { useSession } from "./useSession.ts";

export interface UiSettingsApi {
  /** The saved settings ({} until loaded, or when loading failed: spec §8). */
  settings: UiSettings;
  isLoading: boolean;
  /**
   * Saves a shallow patch (`{patientsList: {view: "my"}}` replaces patientsList as a whole). Shows
   * the change at once, posts it, and keeps the server's answer; on failure puts the old value
   * back, shows a toast and resolves to null.
   */
  setUiSettings: (patch: UiSettings) => Promise<UiSettings | null>;
}

/** Per-user UI settings (spec §3), kept on the server so that a choice follows the user. */
export function useUiSettings(): UiSettingsApi {
  const { user } = useSession();
  const client = useQueryClient();
  const userId = user?.id ?? 0;
  const query = useQuery({
    queryKey: uiSettingsKey(userId),
    queryFn: fetchUiSettings,
    enabled: !!user && !needsPasswordChange(user),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

  const setUiSettings = useCallback(
    async (patch: UiSettings): Promise<UiSettings | null> => {
      const key = uiSettingsKey(userId);
      const previous = client.getQueryData<UiSettings>(key) ?? {};
      client.setQueryData<UiSettings>(key, { ...previous, ...patch });
      try {
        const saved = await api<UiSettings>("settings/ui-settings", { method: "POST", body: patch });
        client.setQueryData<UiSettings>(key, saved);
        return saved;
      } catch (error) {
        client.setQueryData<UiSettings>(key, previous);
        toastError(error);
        return null;
      }
    },
    [client, userId],
  );

  return { settings: query.data ?? {}, isLoading: query.isLoading, setUiSettings };
}
