import { useQuery } from "@tanstack/react-query";
import type { GeneralSettings } from "../../../generated/types/api/general-settings.ts";
import { api } from "../api/http.ts";
import { needsPasswordChange } from "../auth/permissions.ts";
import { useSession } from "../auth/useSession.ts";

export const GENERAL_SETTINGS_KEY = ["settings", "general"] as const;

/** The query behind useGeneralSettings, for callers that must know whether it is still loading. */
export function useGeneralSettingsQuery() {
  const { user } = useSession();
  return useQuery({
    queryKey: GENERAL_SETTINGS_KEY,
    queryFn: () => api<GeneralSettings>("settings/general"),
    enabled: !!user && !needsPasswordChange(user),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

/**
 * Deployment-wide settings (GET /api/settings/general). {} until loaded or when the load failed
 * (spec §8); callers apply the defaults of spec §9. A failed load is retried on the next mount
 * rather than cached, so a configured short session timeout is not lost to one network blip.
 */
export function useGeneralSettings(): GeneralSettings {
  return useGeneralSettingsQuery().data ?? {};
}
