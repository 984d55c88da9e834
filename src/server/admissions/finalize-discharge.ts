import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { openDischargeMeasures, openEpisodeAlerts } from "./admission-read.ts";

/**
 * Makes a pending discharge final when nothing holds it any more (spec §4 Discharge;
 * docs/programs-episodes.md): every discharge measure of the episode answered (or removed) and
 * every alert of the episode acknowledged. Called after each change that can release it: the
 * discharge itself, a submitted session of the episode, an acknowledged alert of the episode.
 *
 * Order does not matter: the episode's row is locked before the check, after the caller's own
 * change, so of two changes committing at once (the last discharge measure submitted while the
 * last alert is acknowledged) the second to take the lock sees the first's commit and finalizes.
 *
 * A final discharge stops the episode: its schedules are disabled and its sessions not yet
 * submitted are withdrawn (the answers of a partly answered one deleted, as when a patient is
 * deactivated); submitted results stay. Returns whether it became final now.
 */
export async function finalizeIfComplete(trx: Kysely<Database>, episodeId: number): Promise<boolean> {
  const episode = await trx
    .selectFrom("access_control_program")
    .select(["id", "discharge_status"])
    .where("id", "=", episodeId)
    .forUpdate()
    .executeTakeFirst();
  if (episode?.discharge_status !== "pending") return false;
  const finalized = await trx
    .updateTable("access_control_program")
    .set({ discharge_status: "final", discharge_final_at: sql`now()`, version: sql`version + 1` })
    .where("id", "=", episodeId)
    .where("discharge_status", "=", "pending")
    .where(sql<SqlBool>`${openDischargeMeasures(episodeId)} = 0`)
    .where(sql<SqlBool>`${openEpisodeAlerts(episodeId)} = 0`)
    .executeTakeFirst();
  if (Number(finalized.numUpdatedRows) === 0) return false;
  await trx
    .updateTable("schedule")
    .set({ enabled: false })
    .where("access_control_program_id", "=", episodeId)
    .execute();
  await sql`delete from answer where client_measure_id in (
    select id from client_measure where access_control_program_id = ${episodeId} and status = 'partial')`.execute(trx);
  await trx
    .updateTable("client_measure")
    .set({ status: "disabled" })
    .where("access_control_program_id", "=", episodeId)
    .where("status", "in", ["not_started", "partial"])
    .execute();
  return true;
}

/**
 * Attributes a just-submitted session to the episode it was answered in (issue 11 §4), when its
 * schedule did not already tie it to one: the chart's admission not finally discharged that began
 * on or before the clinic's today, the latest admitted first (a chart in two programs at once
 * counts a clinician's own measure in the newer one). Then, the episode's discharge may be final.
 */
export async function attributeAndSettle(trx: Kysely<Database>, clientMeasureId: number, zone: string): Promise<void> {
  const row = await sql<{ episode: number | null }>`
    update client_measure cm set access_control_program_id = coalesce(cm.access_control_program_id, (
      select acp.id from access_control_program acp join cca_user cu on cu.cca_id = acp.cca_id
      where cu.id = cm.ccau_id and acp.discharge_status is distinct from 'final'
        and acp.admission_date <= (now() at time zone ${zone})::date
      order by acp.admission_date desc, acp.id desc limit 1))
    where cm.id = ${clientMeasureId}
    returning cm.access_control_program_id as episode`.execute(trx);
  const episode = row.rows[0]?.episode;
  if (episode != null) await finalizeIfComplete(trx, Number(episode));
}

/** After an alert is acknowledged: the discharge of its session's episode may be final now. */
export async function settleAfterAcknowledgement(trx: Kysely<Database>, alertId: number): Promise<void> {
  const row = await trx
    .selectFrom("alert as a")
    .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
    .select("cm.access_control_program_id as episode")
    .where("a.id", "=", alertId)
    .executeTakeFirst();
  if (row?.episode != null) await finalizeIfComplete(trx, row.episode);
}
