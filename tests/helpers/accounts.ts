import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { expect } from "vitest";
import { type AccountsConfig, type AppConfig, loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database-types.ts";
import { createUser, TEST_PASSWORD } from "./users.ts";

/** App config with some account settings changed (createTestApp's `config` option). */
export function accountsConfig(overrides: Partial<AccountsConfig>): Partial<AppConfig> {
  return { accounts: { ...loadConfig({}).accounts, ...overrides } };
}

let seq = 0;
/** A name no other test of the file uses. */
export const unique = (base: string) => `${base}${++seq}${Date.now().toString(36).slice(-4)}`;

export interface ContactSpec {
  channel: 1 | 2;
  value: string;
  primary?: boolean;
  enabled?: boolean;
  emr?: boolean;
}

/** Adds contacts to an account (the first of a channel is primary unless said otherwise). */
export async function addContacts(db: Kysely<Database>, userId: number, contacts: ContactSpec[]): Promise<void> {
  const primaries = new Set<number>();
  for (const c of contacts) {
    const primary = c.primary ?? !primaries.has(c.channel);
    if (primary) primaries.add(c.channel);
    await db
      .insertInto("contact")
      .values({
        user_id: userId,
        channel: c.channel,
        value: c.value,
        is_primary: primary,
        emr: c.emr ?? false,
        editable: !(c.emr ?? false),
        enabled: c.enabled ?? true,
      })
      .execute();
  }
}

/**
 * A patient user (respondent). Without `username` it has no credentials (as a new respondent
 * has); with one its password is TEST_PASSWORD. No account email: its contacts say where it is reached.
 */
export async function createRespondent(
  db: Kysely<Database>,
  opts: { firstName?: string; lastName?: string; status?: number; username?: string; contacts?: ContactSpec[] },
): Promise<number> {
  const username = opts.username ?? unique("resp");
  const id = await createUser(db, {
    username,
    roles: ["respondent"],
    userType: "patient",
    status: opts.status ?? 3,
    firstName: opts.firstName ?? "Robin",
    lastName: opts.lastName ?? "Parent",
  });
  const credentials = opts.username ? {} : { username: null, password_hash: null, password_changed_at: null };
  await db
    .updateTable("app_user")
    .set({ email: null, ...credentials })
    .where("id", "=", id)
    .execute();
  if (opts.contacts) await addContacts(db, id, opts.contacts);
  return id;
}

/** A clinical user with an account email and no contacts, status Not Invited and no credentials. */
export async function createClinicalInvitee(
  db: Kysely<Database>,
  opts: { email?: string | null; firstName?: string } = {},
): Promise<number> {
  const id = await createUser(db, {
    username: unique("newclin"),
    roles: ["clinician"],
    status: 3,
    firstName: opts.firstName ?? "Casey",
  });
  await db
    .updateTable("app_user")
    .set({
      username: null,
      password_hash: null,
      password_changed_at: null,
      email: opts.email === undefined ? `${unique("casey")}@example.org` : opts.email,
    })
    .where("id", "=", id)
    .execute();
  return id;
}

/**
 * A chart without going through the patients API: patient, chart, the patient's own account
 * (relation 1) and the assigned clinicians. Returns the ids a test needs.
 */
export async function createChart(
  db: Kysely<Database>,
  opts: { firstName: string; lastName: string; clinicians?: number[]; selfStatus?: number },
): Promise<{ patientId: number; ccaId: number; selfUserId: number; selfCcauId: number }> {
  const selfUserId = await createRespondent(db, {
    firstName: opts.firstName,
    lastName: opts.lastName,
    status: opts.selfStatus ?? 3,
  });
  const patient = await db
    .insertInto("patient")
    .values({
      mrn: unique("MRN"),
      first_name: opts.firstName,
      middle_name: null,
      last_name: opts.lastName,
      birth_date: "2012-03-04",
      gender: "f",
      email: null,
      mobile_number: null,
      user_id: selfUserId,
      created_by: null,
      extra: "{}",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cca = await db
    .insertInto("client_clinic_assignment")
    .values({ patient_id: patient.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const selfCcauId = await linkToChart(db, selfUserId, cca.id, 1);
  for (const clinician of opts.clinicians ?? [])
    await db.insertInto("cca_clinician").values({ cca_id: cca.id, clinician_id: clinician }).execute();
  return { patientId: patient.id, ccaId: cca.id, selfUserId, selfCcauId };
}

/** Links an account to a chart as a respondent with a relation (1 = the patient themself). */
export async function linkToChart(
  db: Kysely<Database>,
  userId: number,
  ccaId: number,
  relation: number,
): Promise<number> {
  const row = await db
    .insertInto("cca_user")
    .values({ cca_id: ccaId, user_id: userId, relation_id: relation, respondent_type: "caregiver", deleted_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setGeneralSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .insertInto("general_setting")
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}

/** The newest outbox message, optionally to one recipient. */
export async function lastMessage(db: Kysely<Database>, recipient?: string) {
  let q = db.selectFrom("outbox_message").selectAll().orderBy("id", "desc");
  if (recipient) q = q.where("recipient", "=", recipient);
  return q.executeTakeFirst();
}

export async function messageCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("outbox_message")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first link in a text whose path starts with `path`, e.g. /security/account-setup. */
export function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?\\S+`).exec(text);
  expect(match, `no ${path} link in: ${text}`).not.toBeNull();
  return new URL((match as RegExpExecArray)[0]);
}

/** The six-digit code in a message. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  expect(match, `no code in: ${text}`).not.toBeNull();
  return (match as RegExpExecArray)[1];
}

/** Activity codes of an account, oldest first. */
export async function activityCodes(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("activity_log").select("code").where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => r.code);
}

/** Signs in through the login route and answers the session (fails the test otherwise). */
export async function login(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  const res = await app.inject({ method: "POST", url: "/api/security/login", payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string; user: { id: number; status: number } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls until `check` returns a value (not undefined/false), or fails after timeoutMs. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A pg-boss schema of its own for a test app on the PostgreSQL server (test files run in
 * parallel against one database), and its removal afterwards.
 */
export function queueSchemaFor(database: { url?: string }): { schema: string; drop(): Promise<void> } {
  const schema = `pgboss_test_${randomBytes(5).toString("hex")}`;
  return {
    schema,
    async drop() {
      if (!database.url) return;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
