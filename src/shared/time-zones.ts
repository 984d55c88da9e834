/**
 * The time zones a clinic may choose (general setting client_time_zone): the IANA zones this
 * runtime's Intl supports, plus UTC, which Intl treats as an alias and leaves out of the list.
 * The settings form offers this list and the server accepts only what is on it, so a zone the
 * picker shows is one the server can compute due days in.
 */
export function supportedTimeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  return [...zones].sort();
}

let cached: Set<string> | null = null;

/**
 * Whether the zone is on the list, directly or as another name of a listed zone: browsers and
 * Node ship different ICU versions, so the picker may offer "Asia/Kolkata" where this runtime
 * lists "Asia/Calcutta". A name Intl cannot resolve to a listed zone is refused.
 */
export function isSupportedTimeZone(zone: string): boolean {
  cached ??= new Set(supportedTimeZones());
  if (cached.has(zone)) return true;
  try {
    return cached.has(new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires", for reading. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll("_", " ").split("/").join(" / ");
}
