import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeam, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("patient form lookups on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let respondent: { authorization: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    headers = (await signedInUser(t.db, { username: "staff", roles: ["staff"], firstName: "Chris", lastName: "Desk" }))
      .headers;
    respondent = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" })).headers;
    for (const [username, roles, firstName, lastName, status] of [
      ["c1", ["clinician"], "Taylor", "brooks", 2],
      ["c2", ["clinician"], "Priya", "Raman", 4],
      ["sup", ["supervisor"], "Samuel", "Okonkwo", 2],
      ["ther", ["therapist"], "Ana", "Brooks", 3],
      ["gone", ["clinician"], "Old", "Timer", 1],
      ["adm", ["admin"], "Dana", "Admin", 2],
    ] as const) {
      ids[username] = (await signedInUser(t.db, { username, roles: [...roles], firstName, lastName, status })).id;
    }
  });
  afterAll(async () => t.close());

  const byRole = (query = "", h = headers) =>
    t.app.inject({ method: "GET", url: `/api/clinical-user/by-role/clinician${query}`, headers: h });

  it("lists everyone a patient can be assigned to, by name", async () => {
    const res = await byRole();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { id: number }) => r.id)).toEqual([ids.ther, ids.c1, ids.sup, ids.c2, ids.gone]);
    expect(body.totalRecords).toBe(5);
    expect(body.rows[0]).toEqual({
      id: ids.ther,
      first_name: "Ana",
      last_name: "Brooks",
      full_name: "Ana Brooks",
      status: 3,
    });
  });

  it("leaves deactivated accounts out with onlyActive=1", async () => {
    const res = await byRole("?onlyActive=1");
    expect(res.json().rows.map((r: { id: number }) => r.id)).toEqual([ids.ther, ids.c1, ids.sup, ids.c2]);
    expect((await byRole("?onlyActive=0")).json().totalRecords).toBe(5);
    const bad = await byRole("?onlyActive=maybe");
    expect(bad.statusCode).toBe(400);
    expect((await byRole("?role=admin")).statusCode).toBe(400);
  });

  it("lists clinician teams by name", async () => {
    const b = await createTeam(t.db, "outpatient Team", []);
    const a = await createTeam(t.db, "Adolescent Team", []);
    const res = await t.app.inject({ method: "GET", url: "/api/clinician-team", headers });
    expect(res.statusCode).toBe(200);
    // Every team, unpaged, with its members (the settings list shares this route).
    expect(res.json()).toEqual({
      rows: [
        { id: a, name: "Adolescent Team", clinicians: [], clinician_names: [], patient_count: 0, version: 1 },
        { id: b, name: "outpatient Team", clinicians: [], clinician_names: [], patient_count: 0, version: 1 },
      ],
      totalRecords: 2,
      totalAccuracy: "exact",
      // A whole list has no page after it.
      nextCursor: null,
    });
  });

  it("is refused to respondents and to anonymous callers", async () => {
    expect((await byRole("", respondent)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/clinician-team", headers: respondent })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/clinician-team" })).statusCode).toBe(401);
  });
});
