import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyChain } from "../../src/server/audit/audit-chain.ts";
import type { AuditEvent } from "../../src/server/audit/audit-event.ts";
import { AuditWriter } from "../../src/server/audit/audit-writer.ts";
import { addPatient } from "../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { signInUsers, TEST_PASSWORD } from "../helpers/users.ts";

type Headers = { authorization: string };

const SAMPLE: AuditEvent = {
  at: new Date(),
  userId: null,
  roles: [],
  actingAsUserId: null,
  action: "patient.list",
  route: "GET /api/patients",
  patientId: null,
  recordType: null,
  recordId: null,
  detail: null,
  status: 200,
  outcome: "success",
  sourceIp: "192.0.2.1",
  requestId: null,
};
interface EventRow {
  seq: number;
  user_id: number | null;
  roles: string;
  action: string;
  route: string | null;
  patient_id: number | null;
  record_type: string | null;
  record_id: number | null;
  detail: unknown;
  status: number | null;
  outcome: string;
  source_ip: string | null;
  request_id: string | null;
}

/**
 * Issue 8 §2 (HIPAA 164.312(b)): every PHI read, search, write, sign-in and refusal appends one
 * audit event; the trail is append-only and hash-chained; admins read and export it.
 */
describe.each(DATABASES)("audit trail on $name", (database) => {
  let t: TestApp;
  let ids: Record<"admin" | "A" | "B" | "staff", number>;
  let h: Record<"admin" | "A" | "B" | "staff", Headers>;
  let pA: Record<string, unknown> & { id: number };

  beforeAll(async () => {
    t = await createTestApp(database);
    ({ ids, headers: h } = await signInUsers(t.db, {
      admin: ["admin"],
      A: ["clinician"],
      B: ["clinician"],
      staff: ["staff"],
    }));
    pA = await addPatient(t.app, h.admin, {
      first_name: "Quinn",
      last_name: "Auditson",
      mrn: "AUD1",
      clinicians: [ids.A],
    });
  });
  afterAll(async () => t?.close());

  /** Writes the buffered read events, then the events of one request. */
  async function eventsOf(requestId: string): Promise<EventRow[]> {
    await t.app.auditTrail.flush();
    return (await t.db
      .selectFrom("audit_event")
      .selectAll()
      .where("request_id", "=", requestId)
      .orderBy("seq")
      .execute()) as unknown as EventRow[];
  }

  async function call(method: "GET" | "PUT" | "POST", url: string, headers?: Headers, payload?: object) {
    const res = await t.app.inject({ method, url, headers, payload, remoteAddress: "203.0.113.7" });
    return { res, events: await eventsOf(String(res.headers["x-request-id"] ?? "")) };
  }

  it("records the opening of a chart: who, roles, what, which patient, outcome, address, request id", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/patients/${pA.id}`,
      headers: h.admin,
      remoteAddress: "203.0.113.7",
    });
    expect(res.statusCode).toBe(200);
    await t.app.auditTrail.flush();
    const [event] = (await t.db
      .selectFrom("audit_event")
      .selectAll()
      .where("action", "=", "patient.read")
      .where("user_id", "=", ids.admin)
      .execute()) as unknown as EventRow[];
    expect(event).toMatchObject({
      user_id: ids.admin,
      roles: "admin",
      route: "GET /api/patients/:patientId",
      patient_id: pA.id,
      record_type: "patient",
      record_id: pA.id,
      status: 200,
      outcome: "success",
      source_ip: "203.0.113.7",
      // A validated id is kept as the id it is (only text and malformed values are hashed).
      detail: { params: { patientId: pA.id } },
    });
    expect(event.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("records a list search without keeping the search text", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/patients?search=Auditson%20Quinn", headers: h.A });
    expect(res.statusCode).toBe(200);
    await t.app.auditTrail.flush();
    const rows = await sql<{ detail: string; status: number }>`
      select detail::text as detail, status from audit_event where action = 'patient.list' and user_id = ${ids.A}`.execute(
      t.db,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].status).toBe(200);
    expect(rows.rows[0].detail).toMatch(/"search": "hmac:[0-9a-f]{32}"/);
    const whole = await sql<{ n: number }>`
      select count(*)::int as n from audit_event where detail::text ilike '%auditson%' or detail::text ilike '%quinn%'`.execute(
      t.db,
    );
    expect(whole.rows[0].n).toBe(0);
  });

  it("writes a change's event in the change's transaction, and a refused save leaves no success", async () => {
    const before = await t.db
      .selectFrom("audit_event")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const current = (await t.app.inject({ method: "GET", url: `/api/patients/${pA.id}`, headers: h.A })).json();
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${pA.id}`,
      headers: h.A,
      payload: { ...current, first_name: "Quincy" },
    });
    expect(saved.statusCode).toBe(200);
    const events = await eventsOf(String(saved.headers["x-request-id"]));
    // One event: the record change, written with it (no second row for the same request).
    expect(events.map((e) => [e.action, e.outcome, e.patient_id, e.user_id])).toEqual([
      ["patient.update", "success", pA.id, ids.A],
    ]);

    // The same save again names an old version: refused, and the trail says so, with no success.
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${pA.id}`,
      headers: h.A,
      payload: { ...current, first_name: "Quentin" },
    });
    expect(stale.statusCode).toBe(409);
    const staleEvents = await eventsOf(String(stale.headers["x-request-id"]));
    expect(staleEvents.map((e) => [e.action, e.outcome, e.status])).toEqual([["patient.update", "failed", 409]]);
    const after = await t.db
      .selectFrom("audit_event")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBeGreaterThan(before.n);
  });

  it("records sign-ins and failed sign-ins against the account, never the password", async () => {
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/security/login",
      payload: { username: "staff", password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/security/login",
      payload: { username: "staff", password: "Wrong#Pass2026" },
    });
    expect(bad.statusCode).toBe(401);
    const good = await eventsOf(String(ok.headers["x-request-id"]));
    const failed = await eventsOf(String(bad.headers["x-request-id"]));
    expect(good.map((e) => [e.action, e.user_id, e.outcome])).toEqual([["auth.sign-in", ids.staff, "success"]]);
    expect(failed.map((e) => [e.action, e.user_id, e.outcome, e.status])).toEqual([
      ["auth.sign-in", ids.staff, "refused", 401],
    ]);
    const leaked = await sql<{ n: number }>`
      select count(*)::int as n from audit_event where detail::text like '%Pass2026%'`.execute(t.db);
    expect(leaked.rows[0].n).toBe(0);
  });

  it("records a refused look at someone else's chart (404) and a refused admin page (403)", async () => {
    const { res, events } = await call("GET", `/api/patients/${pA.id}`, h.B);
    expect(res.statusCode).toBe(404);
    expect(events.map((e) => [e.action, e.user_id, e.patient_id, e.outcome, e.status])).toEqual([
      ["patient.read", ids.B, pA.id, "refused", 404],
    ]);
    const page = await call("GET", "/api/audit-events", h.staff);
    expect(page.res.statusCode).toBe(403);
    expect(page.events.map((e) => [e.action, e.user_id, e.outcome, e.status])).toEqual([
      ["audit.list", ids.staff, "refused", 403],
    ]);
  });

  it("records malformed requests (NUL, lone surrogates, huge numbers) without breaking the trail", async () => {
    const attempts = [
      await t.app.inject({ method: "GET", url: "/api/patients?search=%00%F0", headers: h.A }),
      await t.app.inject({ method: "GET", url: "/api/patients/%00", headers: h.A }),
      await t.app.inject({ method: "GET", url: "/api/patients/1e20", headers: h.A }),
      await t.app.inject({ method: "GET", url: "/api/patients?sort=%ED%A0%80&search=%ED%A0%80", headers: h.A }),
      await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username: "a\u0000b", password: "x" },
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username: "\ud800", password: "x" },
      }),
    ];
    // Some of these are still 500s today (issue 8 §6 is fixing that elsewhere); whatever the answer, it is recorded.
    for (const res of attempts) {
      const events = await eventsOf(String(res.headers["x-request-id"]));
      expect(events).toHaveLength(1);
      expect(events[0].status).toBe(res.statusCode);
    }
    // A path id that failed validation is kept only as a keyed hash, like any other text.
    const [malformedId] = await eventsOf(String(attempts[1].headers["x-request-id"]));
    expect(malformedId.detail).toEqual({ params: { patientId: expect.stringMatching(/^hmac:[0-9a-f]{32}$/) } });
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  it("refuses UPDATE, DELETE and TRUNCATE of the logs in the database", async () => {
    // Row triggers fire for rows: make sure every log holds one.
    await t.db.insertInto("activity_log").values({ user_id: ids.A, actor_id: null, code: 4 }).execute();
    await t.app.auditTrail.flush();
    for (const statement of [
      sql`update audit_event set action = 'x'`,
      sql`delete from audit_event`,
      sql`truncate audit_event`,
      sql`update audit_chain_head set seq = 0`,
      sql`delete from audit_chain_head`,
      sql`update record_history set changed_by = null`,
      sql`delete from record_history`,
      sql`truncate record_history`,
      sql`delete from activity_log`,
      sql`truncate activity_log`,
    ]) {
      await expect(statement.execute(t.db), statement.compile(t.db).sql).rejects.toThrow(/append-only|moves only/);
    }
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  it("keeps a deleted user's trail", async () => {
    const { ids: gone, headers } = await signInUsers(t.db, { leaver: ["clinician"] });
    await t.app.inject({ method: "GET", url: `/api/patients/${pA.id}`, headers: headers.leaver });
    await t.app.auditTrail.flush();
    await t.db.deleteFrom("app_user").where("id", "=", gone.leaver).execute();
    const kept = await t.db.selectFrom("audit_event").select("action").where("user_id", "=", gone.leaver).execute();
    expect(kept.map((e) => e.action)).toEqual(["patient.read"]);
    // Their account activity stays too (it used to cascade away with the user).
    const { ids: mistake } = await signInUsers(t.db, { mistake: ["clinician"] });
    await t.db.insertInto("activity_log").values({ user_id: mistake.mistake, actor_id: null, code: 15 }).execute();
    await t.db.deleteFrom("app_user").where("id", "=", mistake.mistake).execute();
    const activity = await t.db
      .selectFrom("activity_log")
      .select("code")
      .where("user_id", "=", mistake.mistake)
      .execute();
    expect(activity).toEqual([{ code: 15 }]);
  });

  it("filters the Audit log by user, patient, action and date, pages it, and exports it as CSV", async () => {
    await t.app.auditTrail.flush();
    const list = (query: string, headers = h.admin) =>
      t.app.inject({ method: "GET", url: `/api/audit-events?${query}`, headers });
    const byUser = await list("username=B");
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json().rows.every((r: { user_id: number }) => r.user_id === ids.B)).toBe(true);
    expect(byUser.json().rows[0].user_name).toBe("B Tester (B)");
    const byPatient = await list("mrn=aud1&action=patient.read");
    const rows = byPatient.json().rows as { patient_id: number; action: string; patient_name: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.patient_id === pA.id && r.action === "patient.read")).toBe(true);
    expect(rows[0].patient_name).toBe("Quincy Auditson (AUD1)");
    expect(byPatient.json().totalRecords).toBe(rows.length);
    const paged = await list("mrn=AUD1&action=patient.read&pageSize=1&page=2");
    expect(paged.json().rows).toEqual([rows[1]]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`mrn=AUD1&from=${today}&to=${today}`)).json().totalRecords).toBeGreaterThan(0);
    expect((await list("mrn=AUD1&to=2000-01-01")).json().totalRecords).toBe(0);
    expect((await list("username=nobody-at-all")).json().totalRecords).toBe(0);
    expect((await list("action=not-an-action")).statusCode).toBe(400);

    const csv = await t.app.inject({
      method: "GET",
      url: "/api/audit-events/export?mrn=AUD1&action=patient.read",
      headers: h.admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^id,at,user_id,user_name,roles/);
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[1]).toContain("Quincy Auditson (AUD1)");
    const exported = await eventsOf(String(csv.headers["x-request-id"]));
    expect(exported.map((e) => [e.action, e.user_id, e.outcome])).toEqual([["audit.export", ids.admin, "success"]]);
    for (const who of ["A", "staff"] as const) {
      expect((await list("", h[who])).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/audit-events/export", headers: h[who] })).statusCode).toBe(
        403,
      );
    }
  });

  it("shows a chart's recent opens to admins and its clinicians only", async () => {
    await t.app.auditTrail.flush();
    const openedBy = (who: "admin" | "A" | "B" | "staff") =>
      t.app.inject({ method: "GET", url: `/api/patients/${pA.id}/opened-by`, headers: h[who] });
    const seen = await openedBy("admin");
    expect(seen.statusCode, seen.body).toBe(200);
    const names = seen.json().rows.map((r: { user_name: string }) => r.user_name);
    expect(names).toContain("admin Tester");
    expect(names).toContain("A Tester");
    expect(names).not.toContain("B Tester"); // B was refused: not an open
    expect((await openedBy("A")).statusCode).toBe(200);
    expect((await openedBy("staff")).statusCode).toBe(403);
    expect((await openedBy("B")).statusCode).toBe(404);
  });

  it("keeps one valid chain under parallel appends", async () => {
    await t.app.auditTrail.flush();
    const before = await t.db.selectFrom("audit_chain_head").select("seq").executeTakeFirstOrThrow();
    // Reads (buffered batches), writes (in their transactions) and direct batches, all at once.
    const reads = Array.from({ length: 12 }, () =>
      t.app.inject({ method: "GET", url: `/api/patients/${pA.id}`, headers: h.admin }),
    );
    const writes = Array.from({ length: 4 }, (_, i) =>
      addPatient(t.app, h.admin, { last_name: `Parallel${i}`, mrn: `PAR${i}`, clinicians: [ids.A] }),
    );
    // Other nodes: writers of their own, each batch a statement on its own connection.
    const nodes = Array.from({ length: 6 }, () => new AuditWriter(t.db));
    const batches = nodes.map(async (node, n) => {
      for (let i = 0; i < 5; i++) node.record({ ...SAMPLE, at: new Date(), requestId: `node-${n}-${i}` });
      await node.flush();
    });
    await Promise.all([...reads, ...writes, ...batches, t.app.auditTrail.flush()]);
    await t.app.auditTrail.flush();
    const after = await t.db.selectFrom("audit_chain_head").select("seq").executeTakeFirstOrThrow();
    expect(Number(after.seq) - Number(before.seq)).toBe(12 + 4 + 6 * 5);
    expect(await verifyChain(t.db)).toEqual({ ok: true, checked: Number(after.seq) });
  });
});
