import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { LIST_REACH } from "../../../src/shared/lists/list-reach.ts";
import { defaultBundle, type JsonSchema, schemaById } from "../../../src/shared/schema/bundle.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { setProgramsEnabled } from "../../helpers/programs.ts";
import { registeredRoutes } from "../../helpers/route-table.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

// Every route the app registers (as the OpenAPI test reads them): a new list route is checked
// without anyone adding it here.
vi.mock("fastify", async (original) => (await import("../../helpers/route-table.ts")).recordingFastify(original));

const MAX_PAGE_SIZE = 200;
// Routes whose query schema has a page but that answer every row by keyset, never by page number.
const NOT_PAGED = ["/api/audit-events/export"];

/** The GET routes whose query takes a page number. */
function pagedRoutes(): string[] {
  const urls = registeredRoutes
    .filter((r: RouteOptions) => r.method === "GET" || (Array.isArray(r.method) && r.method.includes("GET")))
    .filter((r) => {
      const query = (r.schema as { querystring?: JsonSchema } | undefined)?.querystring;
      const ref = typeof query?.$ref === "string" ? query.$ref : undefined;
      const schema = ref ? schemaById(defaultBundle, ref) : query;
      return !!(schema?.properties as Record<string, unknown> | undefined)?.page;
    })
    .map((r) => r.url)
    .filter((url) => !NOT_PAGED.includes(url));
  return [...new Set(urls)].sort();
}

describe.each(DATABASES)("page × pageSize is capped on every list route, on $name (issue 12 §2)", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let params: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(database);
    await setProgramsEnabled(t.db, true);
    // Also a director: the saved analytics queries list is the analytics role's.
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin", "director"] })).headers;
    const clinicianId = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).id;
    params = { patientId: (await addPatient(t.app, headers, { clinicians: [clinicianId] })).id };
  });
  afterAll(async () => t.close());

  function urlOf(route: string, page: number | string): string {
    const path = route.replace(/:(\w+)/g, (_m, name: string) => {
      if (!(name in params)) throw new Error(`${route}: give the test a ${name} to call it with`);
      return String(params[name]);
    });
    return `${path}?page=${page}&pageSize=${MAX_PAGE_SIZE}`;
  }

  it("finds the list routes (a sanity check of the route table)", () => {
    expect(pagedRoutes()).toEqual(
      expect.arrayContaining(["/api/patients", "/api/audit-events", "/api/outbox", "/api/patients/:patientId/alerts"]),
    );
  });

  it("serves the last page inside the reach and refuses the next with 400 and the sentence that says what to do", async () => {
    const lastPage = LIST_REACH / MAX_PAGE_SIZE;
    const failures: string[] = [];
    for (const route of pagedRoutes()) {
      const inside = await t.app.inject({ method: "GET", url: urlOf(route, lastPage), headers });
      if (inside.statusCode !== 200) failures.push(`${route} page ${lastPage}: ${inside.statusCode} ${inside.body}`);
      // 2,000: the page that took one request 316 s; 10^9: an offset no list should try.
      for (const page of [lastPage + 1, 2000, 1_000_000_000]) {
        const beyond = await t.app.inject({ method: "GET", url: urlOf(route, page), headers });
        const errors = beyond.statusCode === 400 ? beyond.json().errors : undefined;
        if (JSON.stringify(errors) !== JSON.stringify([{ field: "page", message: MESSAGES.pageBeyondReach }])) {
          failures.push(`${route} page ${page}: ${beyond.statusCode} ${beyond.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
