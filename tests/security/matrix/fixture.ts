import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { chartWithRespondent, dueDate, linkedRespondent, measureId, schedule } from "../../helpers/measures.ts";
import { createTeam, nextMrn, superviseClinicians } from "../../helpers/patients.ts";
import { setProgramsEnabled } from "../../helpers/programs.ts";
import { addRespondent, nextEmail } from "../../helpers/respondents.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

export type Headers = { authorization: string };
export type ChartName = "A" | "B";
/**
 * What an attempt is aimed at: chart A, chart B, "AB", a person linked to both charts (an
 * account-wide action on them needs rights over both; issue 8 §1), or "A2", chart A seen through
 * another respondent's link (a respondent answers and reads only on their own links).
 */
export type TargetName = ChartName | "AB" | "A2";

/**
 * The callers of the matrix: one per role, placed so that every way of seeing a chart is tried.
 * `charts`: the charts the caller sees through patient permissions (spec §6); `linked`: the
 * charts the caller answers on as a respondent. Nothing else decides the expected answers.
 */
export const CALLERS = {
  anonymous: { roles: [], charts: [], linked: [] },
  admin: { roles: ["admin"], charts: ["A", "B"], linked: [] },
  staff: { roles: ["staff"], charts: ["A", "B"], linked: [] },
  director: { roles: ["director"], charts: ["A", "B"], linked: [] },
  pdf: { roles: ["pdf"], charts: ["A", "B"], linked: [] },
  /** Assigned to chart A directly. */
  clinicianA: { roles: ["clinician"], charts: ["A"], linked: [] },
  /** Supervises clinicianA (and nobody on chart B). */
  supervisorA: { roles: ["supervisor"], charts: ["A"], linked: [] },
  /** Member of the team assigned to chart A. */
  teamMemberA: { roles: ["clinician"], charts: ["A"], linked: [] },
  /** A therapist assigned to no chart: sees no patient at all. */
  therapist: { roles: ["therapist"], charts: [], linked: [] },
  /** Assigned to chart B only. */
  clinicianB: { roles: ["clinician"], charts: ["B"], linked: [] },
  /** Patient A's own account: a respondent linked to chart A only. */
  respondentA: { roles: ["respondent"], charts: [], linked: ["A"] },
  /** An admin deactivated (status 1) while holding a live token: cut off at once. */
  deactivatedAdmin: { roles: ["admin"], charts: [], linked: [], status: 1 },
  /** An admin whose password was reset (status 5): only the routes that let them change it. */
  resetPendingAdmin: { roles: ["admin"], charts: ["A", "B"], linked: [], status: 5 },
} as const satisfies Record<
  string,
  { roles: readonly string[]; charts: readonly ChartName[]; linked: readonly ChartName[]; status?: number }
>;
export type CallerName = keyof typeof CALLERS;
export const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

/** One chart with a respondent, a parent, a scheduled measure, a submitted session and an alert. */
export interface Chart {
  name: ChartName;
  patientId: number;
  ccaId: number;
  mrn: string;
  /** Unique words that only this chart's people carry: a list showing one has leaked the chart. */
  markers: string[];
  /** The patient's own link (relation 1) and account. */
  selfCcauId: number;
  selfUserId: number;
  self: Headers;
  parentCcauId: number;
  parentUserId: number;
  parentEmail: string;
  scheduleId: number;
  /** Another respondent on the chart, with an open measure and a submitted session of their own. */
  other: { ccauId: number; userId: number; openMeasureId: number; sessionId: number };
  /** A scheduled measure of the patient, not started: the questionnaire routes' target. */
  openMeasureId: number;
  /** A submitted PHQ-9 whose item 9 raised an alert. */
  sessionId: number;
  alertId: number;
}

export interface Fixture {
  app: FastifyInstance;
  db: Kysely<Database>;
  ids: Record<CallerName, number>;
  headers: Record<CallerName, Headers | undefined>;
  /** A second session of clinicianA, for the public routes (logout ends it). */
  spareSession: Headers;
  charts: Record<ChartName, Chart>;
  phq9: number;
  locationId: number;
  teamId: number;
}

async function buildChart(
  app: FastifyInstance,
  db: Kysely<Database>,
  name: ChartName,
  writer: Headers,
  assignment: { clinicians: number[]; clinician_teams: number[] },
  phq9: number,
): Promise<Chart> {
  const last = name === "A" ? "Alphavisible" : "Betahidden";
  const mrn = nextMrn(`MX${name}`);
  const chart = await chartWithRespondent(app, db, writer, {
    mrn,
    first_name: name === "A" ? "Ainsley" : "Bellamy",
    last_name: last,
    birth_date: "1990-01-01",
    ...assignment,
  });
  const parentEmail = nextEmail(`parent${name.toLowerCase()}`);
  const parentLast = `${last}parent`;
  const parent = await addRespondent(app, writer, chart.ccaId, { name_last: parentLast, email: parentEmail });
  const planned = await schedule(app, writer, { ccauId: chart.ccauId, measureId: phq9, dueDate: dueDate(0) });
  const submitted = await schedule(app, writer, {
    ccauId: chart.ccauId,
    measureId: phq9,
    dueDate: dueDate(0),
    confirm: true,
  });
  const session = submitted.clientMeasure.id;
  const res = await app.inject({
    method: "POST",
    url: `/api/questionnaires/${session}`,
    headers: chart.respondent,
    payload: {
      completed: true,
      pageId: "p1",
      questionAnswers: [3, 3, 2, 2, 2, 2, 2, 2, 2, 2].map((value, k) => ({
        questionId: `q${k + 1}`,
        value,
        seq: k + 1,
      })),
    },
  });
  if (res.statusCode !== 200) throw new Error(`submit ${name}: ${res.statusCode} ${res.body}`);
  const other = await linkedRespondent(db, chart.ccaId, {
    username: `mx-other-${name.toLowerCase()}`,
    relationId: 4,
    respondentType: "caregiver",
  });
  const otherMeasure = async () =>
    (
      await db
        .insertInto("client_measure")
        .values({ ccau_id: other.ccauId, measure_id: phq9, due_date: new Date(), status: "not_started" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const otherOpen = await otherMeasure();
  const otherSession = await otherMeasure();
  const answered = await app.inject({
    method: "POST",
    url: `/api/questionnaires/${otherSession}`,
    headers: other.headers,
    payload: {
      completed: true,
      pageId: "p1",
      questionAnswers: [1, 1, 1, 1, 1, 1, 1, 1, 0, 0].map((value, k) => ({
        questionId: `q${k + 1}`,
        value,
        seq: k + 1,
      })),
    },
  });
  if (answered.statusCode !== 200) throw new Error(`submit other ${name}: ${answered.statusCode} ${answered.body}`);
  const alert = await db
    .selectFrom("alert")
    .select("id")
    .where("client_measure_id", "=", session)
    .executeTakeFirstOrThrow();
  return {
    name,
    patientId: chart.patientId,
    ccaId: chart.ccaId,
    mrn,
    markers: [last, mrn, parentEmail],
    selfCcauId: chart.ccauId,
    selfUserId: chart.respondentId,
    self: chart.respondent,
    parentCcauId: parent.ccauId,
    parentUserId: parent.userId,
    parentEmail,
    scheduleId: planned.schedule.id,
    other: { ccauId: other.ccauId, userId: other.userId, openMeasureId: otherOpen, sessionId: otherSession },
    openMeasureId: planned.clientMeasure.id,
    sessionId: session,
    alertId: alert.id,
  };
}

/** Signs every caller in (tokens signed directly, no login) and builds charts A and B. */
export async function buildFixture(app: FastifyInstance, db: Kysely<Database>): Promise<Fixture> {
  await syncMeasureLibrary(db);
  // The admission routes answer only while the clinic uses programs.
  await setProgramsEnabled(db, true);
  const phq9 = await measureId(db, "phq-9");
  const ids = {} as Record<CallerName, number>;
  const headers = {} as Record<CallerName, Headers | undefined>;
  for (const name of CALLER_NAMES) {
    if (name === "anonymous" || name === "respondentA") continue;
    const caller: { roles: readonly string[]; status?: number } = CALLERS[name];
    ids[name] = await createUser(db, {
      username: `mx-${name.toLowerCase()}`,
      roles: [...caller.roles],
      status: caller.status,
    });
    headers[name] = await authHeader(db, ids[name]);
  }
  headers.anonymous = undefined;
  await superviseClinicians(db, ids.supervisorA, [ids.clinicianA]);
  const teamId = await createTeam(db, "Matrix team A", [ids.teamMemberA]);
  const { id: locationId } = await db
    .insertInto("location")
    .values({ name: "Matrix clinic" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const admin = headers.admin as Headers;
  const A = await buildChart(app, db, "A", admin, { clinicians: [ids.clinicianA], clinician_teams: [teamId] }, phq9);
  const B = await buildChart(app, db, "B", admin, { clinicians: [ids.clinicianB], clinician_teams: [] }, phq9);
  ids.respondentA = A.selfUserId;
  headers.respondentA = A.self;
  const spareSession = await authHeader(db, ids.clinicianA);
  return { app, db, ids, headers, spareSession, charts: { A, B }, phq9, locationId, teamId };
}
