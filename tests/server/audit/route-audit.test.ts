import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeAuditOf } from "../../../src/server/audit/audit-hook.ts";
import { ROUTE_AUDIT } from "../../../src/server/audit/route-audit.ts";
import { createTestApp, type TestApp } from "../../helpers/test-app.ts";

/** The route table: every /api route audits or says why not, and no entry names a route that is gone. */
describe("route audit declarations", () => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ name: "pglite" }, {});
  });
  afterAll(async () => t?.close());

  it("declares every /api route, and every patient route records an event", async () => {
    // Fastify keeps the route table; printRoutes is for people, so read it through hasRoute.
    for (const key of Object.keys(ROUTE_AUDIT)) {
      const [method, url] = key.split(" ");
      routes.push({ method, url });
      expect(t.app.hasRoute({ method: method as "GET", url }), `${key} is in route-audit.ts but not served`).toBe(true);
    }
    for (const { method, url } of routes) {
      if (
        /patient|chart|respondent|questionnaires\/|measure-alerts|overview|measure-session|scheduling|assignments|teams\//.test(
          url,
        ) &&
        !url.includes("audition")
      ) {
        expect(routeAuditOf(method, url), `${method} ${url} touches PHI and must be audited`).toBeTruthy();
      }
    }
  });
});
