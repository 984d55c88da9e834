import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Answers, AnswerValue } from "../../shared/scoring/index.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { notFound } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";
import { dueDayEnd } from "./availability.ts";

export const SESSION_NOT_FOUND = "This measure does not exist or you do not have access to it.";

export type SessionStatus = "not_started" | "partial" | "submitted" | "disabled";

/** One client measure (a session) with its respondent, chart and patient. */
export interface SessionRow {
  id: number;
  ccauId: number;
  ccaId: number;
  /** The respondent's account: the only respondent who may answer or read it. */
  respondentUserId: number;
  respondentName: string;
  relationId: number;
  patientId: number;
  patientName: string;
  patientGender: string;
  measureId: number;
  /** The pinned definition version; null only for rows made before versions were kept. */
  versionId: number | null;
  currentVersionId: number | null;
  status: SessionStatus;
  dueDate: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  completedBy: number | null;
  completedByName: string | null;
  lastAnsweredQuestion: string | null;
  severity: string | null;
  scoreResult: unknown;
  /** Not submitted and past the end of its due day: no longer answerable. */
  expired: boolean;
  /** A recurring occurrence generated ahead whose window has not opened yet (docs/scheduling.md). */
  notYetOpen: boolean;
}

function sessionQuery(db: Kysely<Database>, zone: string) {
  return db
    .selectFrom("client_measure as cm")
    .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .innerJoin("app_user as ru", "ru.id", "cu.user_id")
    .innerJoin("measure as m", "m.id", "cm.measure_id")
    .leftJoin("app_user as cb", "cb.id", "cm.completed_by")
    .select([
      "cm.id",
      "cm.ccau_id as ccauId",
      "cu.cca_id as ccaId",
      "cu.user_id as respondentUserId",
      sql<string>`ru.first_name || ' ' || ru.last_name`.as("respondentName"),
      "cu.relation_id as relationId",
      "p.id as patientId",
      sql<string>`p.first_name || ' ' || p.last_name`.as("patientName"),
      "p.gender as patientGender",
      "cm.measure_id as measureId",
      "cm.measure_version_id as versionId",
      "m.current_version_id as currentVersionId",
      "cm.status",
      "cm.due_date as dueDate",
      "cm.started_at as startedAt",
      "cm.completed_at as completedAt",
      "cm.completed_by as completedBy",
      sql<string | null>`case when cb.id is null then null else cb.first_name || ' ' || cb.last_name end`.as(
        "completedByName",
      ),
      "cm.last_answered_question as lastAnsweredQuestion",
      "cm.severity",
      "cm.score_result as scoreResult",
      sql<boolean>`(cm.status in ('not_started', 'partial') and now() >= ${dueDayEnd(zone)})`.as("expired"),
      sql<boolean>`(cm.opens_on is not null and now() < (cm.opens_on::timestamp at time zone ${zone}))`.as(
        "notYetOpen",
      ),
    ])
    .where("cu.deleted_at", "is", null);
}

async function findSession(
  db: Kysely<Database>,
  zone: string,
  id: number,
  access: RawBuilder<SqlBool>,
): Promise<SessionRow> {
  const row = await sessionQuery(db, zone).where("cm.id", "=", id).where(access).executeTakeFirst();
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row as SessionRow;
}

/**
 * A session of the signed-in respondent: its respondent link must be their own account.
 * Anybody else's session, and a withdrawn (disabled) one, is a 404 as if it did not exist.
 * handedTo: the respondent link a device handed over in the clinic is limited to (login-as):
 * then only that link's sessions still to answer exist.
 */
export function ownSession(
  db: Kysely<Database>,
  zone: string,
  userId: number,
  id: number,
  handedTo?: number,
): Promise<SessionRow> {
  const handed =
    handedTo === undefined ? sql`true` : sql`(cm.ccau_id = ${handedTo} and cm.status in ('not_started', 'partial'))`;
  return findSession(db, zone, id, sql<SqlBool>`(cu.user_id = ${userId} and cm.status <> 'disabled' and ${handed})`);
}

/** A session of a chart the clinician may see (patient-access.ts); 404 otherwise. */
export function visibleSession(db: Kysely<Database>, zone: string, user: RequestUser, id: number): Promise<SessionRow> {
  return findSession(db, zone, id, chartVisible(user, "visible", "cu.cca_id"));
}

/** Takes the session's row lock: saves and the submit of one session run one at a time. */
export async function lockSession(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.selectFrom("client_measure").select("id").where("id", "=", id).forUpdate().execute();
}

/** The saved answers of a session (cleared answers left out), and the highest save number seen. */
export async function loadAnswers(db: Kysely<Database>, id: number): Promise<{ answers: Answers; lastSeq: number }> {
  const rows = await db
    .selectFrom("answer")
    .select(["question_id", "value", "client_seq"])
    .where("client_measure_id", "=", id)
    .execute();
  const answers: Record<string, AnswerValue> = {};
  let lastSeq = 0;
  for (const row of rows) {
    if (row.value !== null && row.value !== undefined) answers[row.question_id] = row.value as AnswerValue;
    lastSeq = Math.max(lastSeq, Number(row.client_seq));
  }
  return { answers, lastSeq };
}
