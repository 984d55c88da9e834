import { type CompiledQuery, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyChain } from "../../../src/server/audit/audit-chain.ts";
import type { AuditEvent } from "../../../src/server/audit/audit-event.ts";
import { AuditWriter } from "../../../src/server/audit/audit-writer.ts";
import type { Database } from "../../../src/server/db/database-types.ts";
import { addPatient } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers, TEST_PASSWORD } from "../../helpers/users.ts";

const EVENT: AuditEvent = {
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

/** The trail refuses every new row until `back()`: a database that cannot take audit events. */
async function trailDown(db: Kysely<Database>): Promise<{ back(): Promise<void> }> {
  await sql`alter table audit_event add constraint trail_down check (false) not valid`.execute(db);
  return { back: async () => void (await sql`alter table audit_event drop constraint trail_down`.execute(db)) };
}

const eventCount = async (db: Kysely<Database>) =>
  Number((await sql<{ n: string }>`select count(*) as n from audit_event`.execute(db)).rows[0].n);

/**
 * The audit trail's group commit (audit-writer.ts, docs/security/audit.md "Reads: group commit"):
 * an answer waits for its event to be stored, concurrent requests share INSERTs, the chain keeps
 * their order, and a batch that cannot be written fails whole: its reads answer 503, not their data.
 */
describe.each(DATABASES)("audit group commit on $name", (database) => {
  let t: TestApp;
  let h: Record<"admin" | "clinician", { authorization: string }>;
  let patient: { id: number };

  beforeAll(async () => {
    t = await createTestApp(database);
    const users = await signInUsers(t.db, { admin: ["admin"], clinician: ["clinician"] });
    h = users.headers;
    patient = await addPatient(t.app, h.admin, {
      last_name: "Grouped",
      mrn: "GRP1",
      clinicians: [users.ids.clinician],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a read only once its event is stored, the chain in the order of the answers", async () => {
    const reads = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ method: "GET", url: `/api/patients/${patient.id}`, headers: h.admin }),
      ),
    );
    // No flush: every answer is out, so every event must be in the table already.
    const ids = reads.map((r) => {
      expect(r.statusCode).toBe(200);
      return String(r.headers["x-request-id"]);
    });
    const rows = await t.db
      .selectFrom("audit_event")
      .select(["seq", "at", "request_id", "action", "patient_id"])
      .where("request_id", "in", ids)
      .orderBy("seq")
      .execute();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.action))).toEqual(new Set(["patient.read"]));
    expect(new Set(rows.map((r) => Number(r.patient_id)))).toEqual(new Set([patient.id]));
    // The chain is in the order the answers were given: their times never go back.
    const times = rows.map((r) => new Date(r.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await verifyChain(t.db)).ok).toBe(true);
  });

  it("writes concurrent events in one statement per turn, in the order they were queued", async () => {
    let statements = 0;
    // The database as the writer sees it, counting the statements it is given.
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== "executeQuery") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Kysely<Database>["executeQuery"]>) => {
          statements += 1;
          return target.executeQuery(...args);
        };
      },
    });
    const writer = new AuditWriter(counted);
    const written = await Promise.all(
      Array.from({ length: 120 }, (_, i) => writer.write({ ...EVENT, at: new Date(), requestId: `queued-${i}` })),
    );
    expect(written).toHaveLength(120);
    expect(statements).toBe(1);
    const rows = await t.db
      .selectFrom("audit_event")
      .select("request_id")
      .where("request_id", "like", "queued-%")
      .orderBy("seq")
      .execute();
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: 120 }, (_, i) => `queued-${i}`));
    expect((await verifyChain(t.db)).ok).toBe(true);
  });

  it("stores every field of every event of a batch as given, whatever the batch's size, with one statement text", async () => {
    const texts = new Set<string>();
    const recording = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== "executeQuery") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Kysely<Database>["executeQuery"]>) => {
          texts.add((args[0] as CompiledQuery).sql);
          return target.executeQuery(...args);
        };
      },
    });
    // Text that an array literal or a JSON document must escape, next to nulls and plain values.
    const awkward = ['quo"te', "back\\slash", "{braces},comma", "NULL", "", "multibyte ä ✓ 😀", "new\nline"];
    const events = (size: number, tag: string): AuditEvent[] =>
      Array.from({ length: size }, (_, i) => ({
        at: new Date(Date.UTC(2026, 10, 28, 0, 0, i)),
        userId: i % 2 ? 1 : null,
        roles: i % 3 ? ["clinician", "supervisor"] : [],
        actingAsUserId: i % 4 ? null : 1,
        action: `batch.${tag}`,
        route: i % 5 ? `GET /api/${awkward[i % awkward.length]}` : null,
        patientId: i % 2 ? patient.id : null,
        recordType: i % 2 ? "patient" : null,
        recordId: i % 2 ? patient.id : null,
        detail: i % 3 ? { q: awkward[i % awkward.length], n: i, nested: { list: [1, null, "x"] } } : null,
        status: i % 2 ? 200 : null,
        outcome: i % 2 ? "success" : "refused",
        sourceIp: i % 2 ? "192.0.2.7" : null,
        requestId: `${tag}-${i}-${awkward[i % awkward.length]}`,
      }));
    const writer = new AuditWriter(recording);
    const batches = { one: events(1, "one"), three: events(3, "three"), many: events(23, "many") };
    for (const batch of Object.values(batches)) await Promise.all(batch.map((e) => writer.write(e)));
    expect(texts.size).toBe(1);

    for (const [tag, batch] of Object.entries(batches)) {
      const rows = await t.db
        .selectFrom("audit_event")
        .select([
          "at",
          "user_id",
          "roles",
          "acting_as_user_id",
          "action",
          "route",
          "patient_id",
          "record_type",
          "record_id",
          "detail",
          "status",
          "outcome",
          "source_ip",
          "request_id",
        ])
        .where("action", "=", `batch.${tag}`)
        .orderBy("seq")
        .execute();
      expect(
        rows.map((r) => ({
          ...r,
          at: new Date(r.at as unknown as string).toISOString(),
          user_id: r.user_id === null ? null : Number(r.user_id),
          acting_as_user_id: r.acting_as_user_id === null ? null : Number(r.acting_as_user_id),
          patient_id: r.patient_id === null ? null : Number(r.patient_id),
          record_id: r.record_id === null ? null : Number(r.record_id),
        })),
      ).toEqual(
        batch.map((e) => ({
          at: e.at.toISOString(),
          user_id: e.userId,
          roles: e.roles.join(","),
          acting_as_user_id: e.actingAsUserId,
          action: e.action,
          route: e.route,
          patient_id: e.patientId,
          record_type: e.recordType,
          record_id: e.recordId,
          detail: e.detail,
          status: e.status,
          outcome: e.outcome,
          source_ip: e.sourceIp,
          request_id: e.requestId,
        })),
      );
    }
    expect((await verifyChain(t.db)).ok).toBe(true);
  });

  it("refuses reads with 503 when their batch cannot be written, and writes nothing of it", async () => {
    const before = await eventCount(t.db);
    const trail = await trailDown(t.db);
    let reads: Awaited<ReturnType<typeof t.app.inject>>[];
    try {
      reads = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.inject({ method: "GET", url: `/api/patients/${patient.id}`, headers: h.admin }),
        ),
      );
    } finally {
      await trail.back();
    }
    for (const r of reads) {
      expect(r.statusCode).toBe(503);
      expect(r.headers["retry-after"]).toBe("5");
      expect(r.json()).toEqual({ error: expect.any(String), code: "audit_unavailable" });
      // None of the chart went out.
      expect(r.body).not.toContain("Grouped");
    }
    await t.app.auditTrail.flush();
    expect(await eventCount(t.db)).toBe(before);
    expect((await verifyChain(t.db)).ok).toBe(true);
    // The trail back, reads are answered (and recorded) again.
    const again = await t.app.inject({ method: "GET", url: `/api/patients/${patient.id}`, headers: h.admin });
    expect(again.statusCode).toBe(200);
    expect(await eventCount(t.db)).toBe(before + 1);
  });

  it("keeps a sign-in's event while the trail is down and writes it once the database takes it", async () => {
    const trail = await trailDown(t.db);
    let failed: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      failed = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username: "admin", password: `${TEST_PASSWORD}x` },
      });
    } finally {
      await trail.back();
    }
    // The sign-in's own answer stands: what happened happened, whatever the trail.
    expect(failed.statusCode).toBe(401);
    await t.app.auditTrail.flush();
    const row = await t.db
      .selectFrom("audit_event")
      .select(["action", "outcome", "status"])
      .where("request_id", "=", String(failed.headers["x-request-id"]))
      .executeTakeFirst();
    expect(row).toEqual({ action: "auth.sign-in", outcome: "refused", status: 401 });
    expect((await verifyChain(t.db)).ok).toBe(true);
  });
});
