import { type Kysely, sql } from "kysely";
import type { ReportAlert, SessionReport } from "../../shared/api/measure-reports.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { compareSessions, type ScoreResult, type SessionComparison } from "../../shared/scoring/index.ts";
import { sessionEpisode } from "../admissions/session-episode.ts";
import { alertRows } from "../alerts/alert-read.ts";
import type { Database } from "../db/database-types.ts";
import type { DefinitionVersion } from "../measures/definitions.ts";
import { clinicTimeZone } from "./availability.ts";
import { reportAnswers, reportMeasure, reportScore } from "./report.ts";
import { sessionDefinition } from "./session-definition.ts";
import { loadAnswers, type SessionRow } from "./session-store.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Change since the first and the previous submitted session of the same measure for the same
 * respondent (submitted before this one), with the reliable-change verdict of the session's
 * definition. Sessions that could not be scored give no comparison.
 */
async function comparison(
  db: Kysely<Database>,
  session: SessionRow,
  version: DefinitionVersion,
  result: ScoreResult,
): Promise<SessionComparison> {
  const earlier = await db
    .selectFrom("client_measure as cm")
    .leftJoin("measure_score as ms", (j) =>
      j.onRef("ms.client_measure_id", "=", "cm.id").on("ms.score_type", "=", "total_score"),
    )
    .select(["cm.id", "ms.value as total"])
    .where("cm.ccau_id", "=", session.ccauId)
    .where("cm.measure_id", "=", session.measureId)
    .where("cm.status", "=", "submitted")
    .where(sql<boolean>`(cm.completed_at, cm.id) < (${session.completedAt}::timestamptz, ${session.id}::bigint)`)
    .orderBy("cm.completed_at")
    .orderBy("cm.id")
    .execute();
  const asTotal = (row: { total: number | null } | undefined) =>
    row ? { scorable: row.total !== null, total: row.total ?? undefined } : null;
  return compareSessions(version.definition, asTotal(earlier[0]), asTotal(earlier.at(-1)), result);
}

/**
 * The session report (spec §7 session-report, overview/answers-report): the measure and the
 * definition version answered, every answer with its question text and option labels, the
 * score as stored at submit (total, subscales, severity, cut-off), change since the first and
 * previous sessions, and the session's alerts. Partial sessions have answers and alerts but no
 * score: partial answers never produce one. Respondents get their answers and scores; alerts
 * are clinical follow-up and are shown to clinicians only. The episode of care the session counts
 * in, with the length of treatment at completion, is shown to both (docs/programs-episodes.md).
 */
export async function sessionReport(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  session: SessionRow,
  /** Alerts are included for clinicians, marked overdue after the general setting's hours. */
  opts: { includeAlerts: false } | { includeAlerts: true; overdueHours: number },
): Promise<SessionReport> {
  const version = await sessionDefinition(db, session);
  const def = version.definition;
  const { answers } = await loadAnswers(db, session.id);
  const stored = session.status === "submitted" ? (session.scoreResult as ScoreResult | null) : null;
  const alerts: ReportAlert[] = opts.includeAlerts ? await alertRows(db, session.id, opts.overdueHours) : [];
  return {
    audition: false,
    clientMeasureId: session.id,
    status: session.status,
    due_date: session.dueDate.toISOString(),
    started_at: iso(session.startedAt),
    completed_at: iso(session.completedAt),
    completed_by: session.completedBy ? { id: session.completedBy, name: session.completedByName } : null,
    ccauId: session.ccauId,
    ccaId: session.ccaId,
    patient: { id: session.patientId, full_name: session.patientName },
    respondent: { name: session.respondentName, relation_id: session.relationId },
    episode: await sessionEpisode(db, bundle, await clinicTimeZone(db), session.id, session.completedAt),
    measure: reportMeasure(def, session.measureId, version.version),
    answers: reportAnswers(def, answers),
    score: stored ? reportScore(def, stored) : null,
    comparison: stored?.scorable ? await comparison(db, session, version, stored) : null,
    alerts,
  };
}
