import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/** The EXPLAIN statements a test app ran since `since` (list-total.ts estimatedRows). */
function explainsSince(log: string[], since: number): number {
  return log.slice(since).filter((sql) => sql.startsWith("explain")).length;
}

/**
 * A list's planner estimate is kept a minute per statement and values (db/estimate-cache.ts): a
 * page view asks PostgreSQL to plan the list only when no estimate of that very list is kept, and
 * the totals shown stay what they were.
 */
describe.each(DATABASES)("patient list estimates on $name", (database) => {
  let t: TestApp;
  const log: string[] = [];
  let admin: Headers;
  let clinician: Headers;
  let clinicianId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { onQuery: (sql) => log.push(sql) });
    admin = (await signedInUser(t.db, { username: "estimate-admin", roles: ["admin"] })).headers;
    const c = await signedInUser(t.db, { username: "estimate-clin", roles: ["clinician"] });
    clinician = c.headers;
    clinicianId = c.id;
    for (const [first, last] of [
      ["Ada", "Estimate"],
      ["Ben", "Estimate"],
      ["Cy", "Other"],
    ]) {
      await addPatient(t.app, admin, { first_name: first, last_name: last, clinicians: [c.id] });
    }
  });
  afterAll(async () => t.close());

  const list = async (headers: Headers, query = "") => {
    const res = await t.app.inject({ method: "GET", url: `/api/patients?page=1&pageSize=2${query}`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalRecords: number; totalAccuracy: string; rows: { last_name: string }[] };
    return { total: body.totalRecords, accuracy: body.totalAccuracy, names: body.rows.map((r) => r.last_name) };
  };

  it("plans each list once while its estimate is kept, and answers the same totals", async () => {
    const start = log.length;
    const first = await list(admin);
    expect(explainsSince(log, start)).toBe(1);
    const again = await list(admin);
    expect(explainsSince(log, start)).toBe(1);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ total: 3, accuracy: "exact" });

    // Another search, or another caller's view, is another list: planned once each.
    const searched = await list(admin, "&search=Estim");
    expect(searched).toMatchObject({ total: 2, accuracy: "exact", names: ["Estimate", "Estimate"] });
    await list(admin, "&search=Estim");
    expect(explainsSince(log, start)).toBe(2);
    await list(clinician);
    await list(clinician);
    expect(explainsSince(log, start)).toBe(3);
  });

  it("counts a kept list again on every view, so a new patient shows in its total at once", async () => {
    const before = await list(admin, "&search=Estim");
    await addPatient(t.app, admin, { first_name: "Dee", last_name: "Estimate", clinicians: [clinicianId] });
    const start = log.length;
    const after = await list(admin, "&search=Estim");
    expect(explainsSince(log, start)).toBe(0);
    expect(after.total).toBe(before.total + 1);
  });

  it("reads a search with few matches by finding them all first, then sorting them for the page", async () => {
    const start = log.length;
    const searched = await list(admin, "&search=Estim&sort=last_name&order=desc");
    expect(searched.names).toEqual(["Estimate", "Estimate"]);
    const keys = log.slice(start).filter((sql) => sql.includes('as "k0"'));
    expect(keys).toHaveLength(1);
    // The matches inside a fence (OFFSET 0), ordered outside it by the keys' own values.
    expect(keys[0]).toMatch(/offset \$\d+\) as "m" order by "m"\."o0" desc/);
    // Without a search the page walks the sort order: no fence.
    const plain = log.length;
    await list(admin, "&sort=last_name&order=desc");
    const walk = log.slice(plain).filter((sql) => sql.includes('as "k0"'));
    expect(walk).toHaveLength(1);
    expect(walk[0]).not.toContain('as "m"');
  });

  it("keeps no estimate of one database for another", async () => {
    const other = await createTestApp(database, { onQuery: (sql) => log.push(sql) });
    try {
      const otherAdmin = (await signedInUser(other.db, { username: "estimate-admin", roles: ["admin"] })).headers;
      const start = log.length;
      const res = await other.app.inject({
        method: "GET",
        url: "/api/patients?page=1&pageSize=2",
        headers: otherAdmin,
      });
      expect(res.statusCode).toBe(200);
      expect(explainsSince(log, start)).toBe(1);
      expect(res.json()).toMatchObject({ totalRecords: 0, totalAccuracy: "exact" });
    } finally {
      await other.close();
    }
  });
});
