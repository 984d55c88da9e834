import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";
import { type ChartWithRespondent, chartWithRespondent, type Headers, schedule } from "../../helpers/measures.ts";

/** A calendar day `days` from today (UTC) as the worklist routes take it: YYYYMMDD. */
export function day(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** "YYYY-MM-DD 00:00:00", the due date form the scheduling API takes, for a YYYYMMDD day. */
export function dueOn(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)} 00:00:00`;
}

export function chartFor(
  app: FastifyInstance,
  db: Kysely<Database>,
  by: Headers,
  last: string,
  clinician: number,
): Promise<ChartWithRespondent> {
  return chartWithRespondent(app, db, by, { first_name: "Pat", last_name: last, clinicians: [clinician] });
}

/**
 * Schedules a measure due today, answers it as the respondent with `values` (q1, q2, ...) and
 * submits it, then moves its completion to `completedAt` (an ISO moment) and its due day to that
 * day, so tests control the clinic day it falls on and the order of results. Returns the clientMeasureId.
 */
export async function submitResult(
  app: FastifyInstance,
  db: Kysely<Database>,
  by: Headers,
  who: ChartWithRespondent,
  measureId: number,
  values: number[],
  completedAt: string,
): Promise<number> {
  const cm = (await schedule(app, by, { ccauId: who.ccauId, measureId, dueDate: dueOn(day(0)), confirm: true }))
    .clientMeasure.id;
  const res = await app.inject({
    method: "POST",
    url: `/api/questionnaires/${cm}`,
    headers: who.respondent,
    payload: {
      completed: true,
      pageId: "p1",
      questionAnswers: values.map((value, k) => ({ questionId: `q${k + 1}`, value, seq: k + 1 })),
    },
  });
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  // Due on the day it was completed, as a measure answered on time is.
  await sql`update client_measure set completed_at = ${completedAt}::timestamptz,
    due_date = date_trunc('day', ${completedAt}::timestamptz at time zone 'UTC') at time zone 'UTC'
    where id = ${cm}`.execute(db);
  return cm;
}

/** Noon UTC `days` from today: early morning in the Americas, so the same clinic day as in UTC. */
export function noonUtc(days: number): string {
  const d = day(days);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T12:00:00Z`;
}
