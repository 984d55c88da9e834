import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { AGREEMENT_REQUIRED } from "./agreement.ts";
import { clinicTimeZoneSql, dueDayEnd } from "./availability.ts";
import { SESSION_NOT_FOUND, type SessionStatus } from "./session-store.ts";

/** What a per-question save needs to know about its session, read under the session's lock. */
export interface ClaimedSession {
  id: number;
  ccaId: number;
  measureId: number;
  status: SessionStatus;
  /** Not submitted and past the end of its due day (the clinic's zone): no longer answerable. */
  expired: boolean;
  /** A recurring occurrence whose window has not opened yet. */
  notYetOpen: boolean;
  versionId: number | null;
  /**
   * The version this save answers with: the newest one while nobody has answered yet
   * (session-definition.ts definitionForAnswering), else the pinned one; null only for a
   * measure with no stored definition at all.
   */
  answeringVersionId: number | null;
  answeringContentHash: string | null;
  started: boolean;
  administeredBy: number | null;
  lastAnsweredQuestion: string | null;
}

/**
 * One statement for everything a per-question save checks before it writes (issue 12): the
 * caller's privacy agreement (403, as agreement.ts), the session being theirs and not withdrawn
 * (404, as session-store.ts ownSession, handed-over devices included), its row lock (saves and
 * the submit of one session run one at a time), whether it is still answerable in the clinic's
 * time zone, read in the same statement (availability.ts), and the content hash of the definition
 * version it is answered with, so a definition this process has seen costs no statement at all.
 * Must run in the save's transaction.
 */
export async function claimSessionForAnswer(
  trx: Kysely<Database>,
  opts: { userId: number; clientMeasureId: number; handedTo?: number },
): Promise<ClaimedSession> {
  const handed =
    opts.handedTo === undefined
      ? sql`true`
      : sql`(cm.ccau_id = ${opts.handedTo} and cm.status in ('not_started', 'partial'))`;
  const zone = sql<string>`z.zone`;
  const { rows } = await sql<Partial<ClaimedSession> & { agreed: boolean | null }>`
    select (select u.hippa_agreement_at is not null from app_user u where u.id = ${opts.userId}) as agreed, s.*
    from (select) one
    left join (
      select cm.id, cu.cca_id as "ccaId", cm.measure_id as "measureId", cm.status,
        (cm.status in ('not_started', 'partial') and now() >= ${dueDayEnd(zone)}) as "expired",
        (cm.opens_on is not null and now() < (cm.opens_on::timestamp at time zone ${zone})) as "notYetOpen",
        cm.measure_version_id as "versionId", v.id as "answeringVersionId", v.content_hash as "answeringContentHash",
        cm.started_at is not null as "started", cm.clinical_administered_by as "administeredBy",
        cm.last_answered_question as "lastAnsweredQuestion"
      from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id
      join measure m on m.id = cm.measure_id
      left join measure_version v on v.id = case when cm.status = 'not_started' and m.current_version_id is not null
        then m.current_version_id else coalesce(cm.measure_version_id, m.current_version_id) end
      cross join (select ${clinicTimeZoneSql} as zone) z
      where cm.id = ${opts.clientMeasureId} and cu.user_id = ${opts.userId} and cu.deleted_at is null
        and cm.status <> 'disabled' and ${handed}
      for update of cm
    ) s on true`.execute(trx);
  const row = rows[0];
  if (!row?.agreed) throw new HttpError(403, AGREEMENT_REQUIRED, "hippa_agreement_required");
  if (row.id === null || row.id === undefined) throw notFound(SESSION_NOT_FOUND);
  return row as ClaimedSession;
}
