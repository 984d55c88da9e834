import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditScope, auditScope } from "../../../src/server/audit/audit-context.ts";
import { AuditWriter } from "../../../src/server/audit/audit-writer.ts";
import { appendHistory } from "../../../src/server/history/record-history.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** A record change's audit event lives and dies with the change's transaction. */
describe.each(DATABASES)("audit events in a write's transaction on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t?.close());

  function scope(requestId: string): AuditScope {
    return {
      request: {} as FastifyRequest,
      writer: new AuditWriter(t.db),
      audit: { action: "location.update" },
      wroteInTransaction: false,
      recorded: false,
      event: (parts) => ({
        at: new Date(),
        userId: null,
        roles: [],
        actingAsUserId: null,
        route: "PUT /api/location/:id",
        patientId: null,
        detail: null,
        sourceIp: "192.0.2.9",
        requestId,
        ...parts,
      }),
    };
  }
  const actions = async (requestId: string) =>
    (await t.db.selectFrom("audit_event").select("action").where("request_id", "=", requestId).execute()).map(
      (r) => r.action,
    );

  it("commits the event with the change", async () => {
    await auditScope.run(scope("commit-1"), () =>
      t.db.transaction().execute(async (trx) => {
        await appendHistory(trx, { entity: "location", entityId: 41, data: { name: "North" }, changedBy: null });
      }),
    );
    expect(await actions("commit-1")).toEqual(["location.create"]);
  });

  it("rolls the event back when the change fails after it", async () => {
    const failing = auditScope.run(scope("rollback-1"), () =>
      t.db.transaction().execute(async (trx) => {
        await appendHistory(trx, { entity: "location", entityId: 42, data: { name: "South" }, changedBy: null });
        throw new Error("a later step of the save failed");
      }),
    );
    await expect(failing).rejects.toThrow(/later step/);
    expect(await actions("rollback-1")).toEqual([]);
  });

  it("writes nothing outside a request (seeding, migrations)", async () => {
    await appendHistory(t.db, { entity: "location", entityId: 43, data: { name: "Seed" }, changedBy: null });
    const n = await t.db.selectFrom("audit_event").select("seq").where("record_id", "=", 43).execute();
    expect(n).toEqual([]);
  });
});
