import type { Kysely } from "kysely";
import type { Database } from "../../../src/server/db/database-types.ts";
import { type ContactSpec, createChart, createRespondent, linkToChart, unique } from "../../helpers/accounts.ts";

/**
 * A chart of an active patient with one respondent to remind, made in the database (no clock of
 * the routes involved): the respondent's account in `status` (Active by default), reachable at
 * the `contacts` given (one email with notifications on by default), with a password when
 * `signIn` (else they sign in with an access code).
 */
export async function chartToRemind(
  db: Kysely<Database>,
  opts: { clinicians?: number[]; status?: number; contacts?: ContactSpec[]; signIn?: boolean } = {},
): Promise<{ ccaId: number; ccauId: number; userId: number; patientId: number; email: string }> {
  const email = `${unique("remind")}@example.org`;
  const chart = await createChart(db, { firstName: "Quinn", lastName: "Sertraline", clinicians: opts.clinicians });
  await db.updateTable("patient").set({ active: true }).where("id", "=", chart.patientId).execute();
  const userId = await createRespondent(db, {
    firstName: "Robin",
    lastName: "Parent",
    status: opts.status ?? 2,
    username: opts.signIn ? unique("parent") : undefined,
    contacts: opts.contacts ?? [{ channel: 1, value: email }],
  });
  const ccauId = await linkToChart(db, userId, chart.ccaId, 4);
  return { ccaId: chart.ccaId, ccauId, userId, patientId: chart.patientId, email };
}

/** An occurrence of a measure for a respondent: due on `due` (a clinic day), open from `opensOn` (null: at once). */
export async function occurrence(
  db: Kysely<Database>,
  ccauId: number,
  measureId: number,
  due: string,
  opensOn: string | null,
  status: "not_started" | "partial" | "submitted" | "disabled" = "not_started",
): Promise<number> {
  const row = await db
    .insertInto("client_measure")
    .values({ ccau_id: ccauId, measure_id: measureId, due_date: `${due}T00:00:00Z`, opens_on: opensOn, status })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The reminders in the outbox, oldest first. */
export function reminderMessages(db: Kysely<Database>) {
  return db
    .selectFrom("outbox_message")
    .select(["id", "recipient", "subject", "body", "link", "purpose", "user_id", "status"])
    .where("purpose", "like", "measure_%reminder%")
    .orderBy("id")
    .execute();
}

/**
 * A time zone (Etc/GMT±N) where it is now early afternoon, for tests that run the job on the real
 * clock: outside the clinic's quiet hours whenever the test runs.
 */
export function daytimeZone(now = new Date()): string {
  const offset = (((14 - now.getUTCHours()) % 24) + 24) % 24;
  const hours = offset > 12 ? offset - 24 : offset;
  // tz database names have the sign reversed: Etc/GMT-9 is nine hours ahead of UTC.
  return hours >= 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}
