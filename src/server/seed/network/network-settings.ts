import type { Kysely } from "kysely";
import type { Database } from "../../db/database-types.ts";

/** The network's name, as invitations and reminders sign off (general setting customer_name). */
export const NETWORK_CLINIC_NAME = "Lakeside Behavioral Health Network";

/**
 * The general settings a generated network starts with (general_setting rows over the schema's
 * defaults, settings/general-settings.ts). Programs are on: the network's patients are admitted
 * to its programs (network-programs.ts, network-session-plan.ts). The clinic's time zone is the schema's default, written down so the dates the
 * generator plans (today, due days) and the app's reading of them cannot drift apart.
 */
export async function networkSettings(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("general_setting")
    .values([
      { key: "programs_enabled", value: JSON.stringify(true) },
      { key: "customer_name", value: JSON.stringify(NETWORK_CLINIC_NAME) },
      { key: "client_time_zone", value: JSON.stringify("America/New_York") },
    ])
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}
