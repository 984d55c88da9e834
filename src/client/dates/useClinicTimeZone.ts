import { useGeneralSettingsQuery } from "../settings/useGeneralSettings.ts";
import { setClinicTimeZone } from "./clinic-dates.ts";

/**
 * Points the shared date formatter at the clinic's time zone from the general settings, while the
 * app root and the layouts render, so the screens under it format with the zone in the same pass. Returns true
 * while the settings' first load is under way: the layouts wait for it (a few milliseconds)
 * rather than show a time on the device's clock and then move it.
 */
export function useClinicTimeZone(): boolean {
  const query = useGeneralSettingsQuery();
  setClinicTimeZone(query.data?.client_time_zone);
  return query.isLoading;
}
