import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonical, verifyChain } from "../../../src/server/audit/audit-chain.ts";
import type { AuditEvent } from "../../../src/server/audit/audit-event.ts";
import { AuditWriter } from "../../../src/server/audit/audit-writer.ts";
import type { Database } from "../../../src/server/db/database-types.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const event = (n: number): AuditEvent => ({
  at: new Date(),
  userId: n,
  roles: ["clinician", "supervisor"],
  actingAsUserId: null,
  action: "patient.read",
  route: "GET /api/patients/:patientId",
  patientId: null,
  recordType: "patient",
  recordId: n,
  detail: { params: { patientId: n }, note: 'naïve, "quoted" | piped' },
  status: 200,
  outcome: "success",
  sourceIp: "198.51.100.4",
  requestId: `req-${n}`,
});

/** Changes a log row the way only someone bypassing the app (a superuser) could, to prove it shows. */
async function tamper(db: Kysely<Database>, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table audit_event disable trigger audit_event_append_only`.execute(trx);
    await statement.execute(trx);
    await sql`alter table audit_event enable trigger audit_event_append_only`.execute(trx);
  });
}

describe.each(DATABASES)("audit chain on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t?.close());

  async function freshChain(n: number): Promise<number> {
    const writer = new AuditWriter(t.db);
    for (let i = 1; i <= n; i++) writer.record(event(i));
    await writer.close();
    const head = await t.db.selectFrom("audit_chain_head").select("seq").executeTakeFirstOrThrow();
    return Number(head.seq);
  }

  it("hashes the same canonical text in JS as the database does", async () => {
    await freshChain(3);
    const rows = await sql<{ sql_text: string; seq: number }>`
      select audit_event_canonical(e) as sql_text, seq from audit_event e order by seq`.execute(t.db);
    const js = await sql<Record<string, string | null>>`
      select seq::text as seq, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        user_id::text as u, roles, acting_as_user_id::text as a, action, route, patient_id::text as p,
        record_type, record_id::text as r, detail::text as d, status::text as s, outcome, source_ip, request_id, prev_hash
      from audit_event order by audit_event.seq`.execute(t.db);
    js.rows.forEach((r, i) => {
      expect(canonical(Object.values(r))).toBe(rows.rows[i].sql_text);
    });
    expect(await verifyChain(t.db)).toEqual({ ok: true, checked: js.rows.length });
  });

  it("spells every row's canonical text as the first chain did, so chains written before 0034 still verify", async () => {
    const writer = new AuditWriter(t.db);
    // Empty roles (a sign-in before anyone is known), nulls, a tilde, colons, pipes and multibyte text.
    writer.record({ ...event(7), roles: [], userId: null, recordId: null, recordType: null, detail: null });
    writer.record({ ...event(8), route: "GET /api/x|y:~", detail: { note: "Zoë ✓ 東京 ~ 3:4" }, sourceIp: "" });
    await writer.close();
    // 0007_audit_trail.sql's text of audit_event_canonical, which migration 0034 replaced.
    const differing = await sql<{ seq: string }>`
      select e.seq from audit_event e
      where audit_event_canonical(e) is distinct from (
        select string_agg(case when f is null then '~' else octet_length(f) || ':' || f end, '|' order by n)
        from unnest(array[
          e.seq::text, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          e.user_id::text, e.roles, e.acting_as_user_id::text, e.action, e.route, e.patient_id::text,
          e.record_type, e.record_id::text, e.detail::text, e.status::text, e.outcome, e.source_ip,
          e.request_id, e.prev_hash
        ]) with ordinality as t(f, n))`.execute(t.db);
    expect(differing.rows).toEqual([]);
    // Both edge rows are stored as written, so the comparison above covered them.
    const stored = await t.db
      .selectFrom("audit_event")
      .select(["request_id", "roles", "source_ip", "detail"])
      .where("request_id", "in", ["req-7", "req-8"])
      .orderBy("seq")
      .execute();
    expect(stored).toEqual([
      { request_id: "req-7", roles: "", source_ip: "198.51.100.4", detail: null },
      { request_id: "req-8", roles: "clinician,supervisor", source_ip: "", detail: { note: "Zoë ✓ 東京 ~ 3:4" } },
    ]);
    expect((await verifyChain(t.db)).ok).toBe(true);
  });

  it("writes the rest of a batch when one event cannot be stored, that one without its detail", async () => {
    const writer = new AuditWriter(t.db);
    writer.record({ ...event(71), requestId: "poison", detail: { text: "nul \u0000 here" } });
    writer.record({ ...event(72), requestId: "fine" });
    await writer.close();
    const rows = await t.db
      .selectFrom("audit_event")
      .select(["request_id", "detail"])
      .where("request_id", "in", ["poison", "fine"])
      .orderBy("seq")
      .execute();
    expect(rows).toEqual([
      { request_id: "poison", detail: { unstorable: true } },
      { request_id: "fine", detail: event(72).detail },
    ]);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  it("finds an altered row, a removed row, and rows cut off the end", async () => {
    const last = await freshChain(4);
    await tamper(t.db, sql`update audit_event set user_id = 999 where seq = ${last - 2}`);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, broken: { seq: last - 2, reason: /altered/ } });
    await tamper(t.db, sql`delete from audit_event where seq = ${last - 2}`);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, broken: { seq: last - 1, reason: /missing/ } });
  });

  // Migration 0033: the head moves once per statement; each row hands its seq and hash to the next.
  it("keeps one chain across statements, transactions and writers at once, whatever a session set beforehand", async () => {
    const t2 = await createTestApp(database);
    try {
      const writers = [0, 1, 2].map(() => new AuditWriter(t2.db));
      writers.forEach((writer, k) => {
        for (let i = 1; i <= 20; i++) writer.record(event(k * 100 + i));
      });
      await Promise.all(writers.map((writer) => writer.close()));
      await t2.db.transaction().execute(async (trx) => {
        // A running head set before a statement, by hand or left over, is never read.
        await sql`select set_config('mbc.audit_chain_running', '999:forged', true)`.execute(trx);
        await sql`insert into audit_event (action, outcome) values ('test.one', 'success'), ('test.two', 'success')`.execute(
          trx,
        );
        await sql`insert into audit_event (action, outcome) values ('test.three', 'success')`.execute(trx);
      });
      expect(await verifyChain(t2.db)).toEqual({ ok: true, checked: 63 });
      const head = await t2.db.selectFrom("audit_chain_head").select(["seq", "hash"]).executeTakeFirstOrThrow();
      const last = await t2.db
        .selectFrom("audit_event")
        .select(["seq", "hash", "action"])
        .orderBy("seq", "desc")
        .executeTakeFirstOrThrow();
      expect([String(head.seq), head.hash]).toEqual([String(last.seq), last.hash]);
      expect([String(last.seq), last.action]).toEqual(["63", "test.three"]);
    } finally {
      await t2.close();
    }
  });

  it("finds the last rows removed, through the chain head", async () => {
    const t2 = await createTestApp(database);
    try {
      const writer = new AuditWriter(t2.db);
      for (let i = 1; i <= 3; i++) writer.record(event(i));
      await writer.close();
      expect(await verifyChain(t2.db)).toEqual({ ok: true, checked: 3 });
      await tamper(t2.db, sql`delete from audit_event where seq = 3`);
      expect(await verifyChain(t2.db)).toMatchObject({ ok: false, checked: 2, broken: { seq: 3 } });
    } finally {
      await t2.close();
    }
  });
});
