import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * Marks a result as seen by a user (docs/home.md "Seen marks"): called when a clinician opens a
 * submitted session's report, after the access check that let them read it. Opening it again
 * changes nothing, so the first opening's time stays. Unanswered and partial sessions are not
 * results: they get no mark.
 */
export async function markResultSeen(
  db: Kysely<Database>,
  userId: number,
  session: { id: number; status: string },
): Promise<void> {
  if (session.status !== "submitted") return;
  await db
    .insertInto("result_seen")
    .values({ user_id: userId, client_measure_id: session.id })
    .onConflict((oc) => oc.columns(["user_id", "client_measure_id"]).doNothing())
    .execute();
}
