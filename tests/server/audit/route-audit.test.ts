import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAuditTrail } from "../../../src/server/audit/audit-hook.ts";
import { AuditWriter } from "../../../src/server/audit/audit-writer.ts";
import { ROUTE_AUDIT } from "../../../src/server/audit/route-audit.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../src/shared/schema/bundle.ts";
import { createTestApp, type TestApp } from "../../helpers/test-app.ts";

/** The route table of the audit trail: complete, current, and every action has words for people. */
describe("route audit declarations", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ name: "pglite" });
  });
  afterAll(async () => t?.close());

  it("names only routes the server serves", () => {
    for (const key of Object.keys(ROUTE_AUDIT)) {
      const [method, url] = key.split(" ");
      expect(t.app.hasRoute({ method: method as "GET", url }), `${key} is in route-audit.ts but not served`).toBe(true);
    }
  });

  it("audits every route that reads or changes patient data", () => {
    const phi =
      /patients|teams\/|assignments|respondents|questionnaires\/|measure-alerts|overview|measure-session|scheduling|users\/|outbox|audit-events/;
    for (const [key, audit] of Object.entries(ROUTE_AUDIT)) {
      if (phi.test(key)) expect(audit, `${key} touches PHI and must be audited`).toBeTruthy();
      if (!key.startsWith("GET ")) expect(audit, `${key} changes something and must be audited`).not.toBe(undefined);
    }
  });

  it("gives every action a title the Audit log shows", () => {
    const titled = new Set(enumOptions(schemaById(defaultBundle, "enums/audit-action.json")).map((o) => o.value));
    for (const [key, audit] of Object.entries(ROUTE_AUDIT)) {
      if (audit) expect(titled.has(audit.action), `${key}: ${audit.action} has no title`).toBe(true);
    }
  });

  it("refuses to start with an /api route that declares no audit", async () => {
    const app = Fastify();
    registerAuditTrail(app, { writer: new AuditWriter(t.db), secret: "x" });
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/GET \/api\/undeclared declares no audit/);
    expect(() =>
      app.get("/api/declared", { config: { audit: { action: "patient.list" } } }, async () => ({})),
    ).not.toThrow();
    await app.close();
  });
});
