import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { addPatient, createTeam, patientBody, signedInUser, superviseClinicians } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

type Headers = { authorization: string };

/**
 * Spec §6 access rules, per role. The clinic:
 * - supervisor S supervises clinicians A and C;
 * - clinician B belongs to team TB, clinician C to team TA;
 * - patients: pA (A), pB (B), pTB (team TB), pTA (team TA), pS (S), each with a distinct surname "Zed<x>".
 */
describe.each(DATABASES)("patient access rules on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const p: Record<string, Record<string, unknown> & { id: number }> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    const { ids: users, headers } = await signInUsers(t.db, {
      admin: ["admin"],
      staff: ["staff"],
      director: ["director"],
      S: ["supervisor"],
      A: ["clinician"],
      B: ["clinician"],
      C: ["clinician"],
    });
    Object.assign(h, headers);
    h.respondent = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" })).headers;
    await superviseClinicians(t.db, users.S, [users.A, users.C]);
    const teamB = await createTeam(t.db, "Team B", [users.B]);
    const teamA = await createTeam(t.db, "Team A", [users.C]);
    const add = (key: string, assign: Record<string, unknown>) =>
      addPatient(t.app, h.admin, { last_name: `Zed${key}`, mrn: `ACC${key}`, ...assign });
    p.pA = await add("pA", { clinicians: [users.A] });
    p.pB = await add("pB", { clinicians: [users.B] });
    p.pTB = await add("pTB", { clinician_teams: [teamB] });
    p.pTA = await add("pTA", { clinician_teams: [teamA] });
    p.pS = await add("pS", { clinicians: [users.S] });
  });
  afterAll(async () => t.close());

  async function list(who: string, query = "") {
    const res = await t.app.inject({ method: "GET", url: `/api/patients?pageSize=200${query}`, headers: h[who] });
    return res;
  }
  async function names(who: string, query = ""): Promise<string[]> {
    const res = await list(who, query);
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .rows.map((r: { last_name: string }) => r.last_name.replace("Zed", ""))
      .sort();
  }

  it("shows a clinician their own patients and their teams' only", async () => {
    expect(await names("A")).toEqual(["pA"]);
    expect(await names("B")).toEqual(["pB", "pTB"]);
    expect(await names("C")).toEqual(["pTA"]);
    const res = (await list("B")).json();
    expect(res).toMatchObject({ view: "my", views: ["my", "team"], totalRecords: 2 });
    expect((await list("A", "&view=all")).statusCode).toBe(403);
    expect((await list("A", "&view=supervised")).json()).toMatchObject({ code: "forbidden" });
  });

  it("narrows a clinician's list to their teams' charts under 'team', and never widens it", async () => {
    expect(await names("B", "&view=team")).toEqual(["pTB"]);
    expect(await names("C", "&view=team")).toEqual(["pTA"]);
    // A clinician on no team has the view, and it is empty: their own patients are under "my".
    expect(await names("A", "&view=team")).toEqual([]);
    expect((await list("B", "&view=team")).json()).toMatchObject({ view: "team", totalRecords: 1 });
    expect(await names("S", "&view=team")).toEqual([]);
    expect((await list("staff", "&view=team")).statusCode).toBe(403);
  });

  it("shows a supervisor their supervised clinicians' patients (direct and via team), and their own under 'my'", async () => {
    const res = (await list("S")).json();
    expect(res).toMatchObject({ view: "supervised", views: ["supervised", "my", "team"] });
    expect(await names("S")).toEqual(["pA", "pTA"]);
    expect(await names("S", "&view=my")).toEqual(["pS"]);
    expect((await list("S", "&view=all")).statusCode).toBe(403);
  });

  it("shows staff, admins and directors every patient", async () => {
    for (const who of ["staff", "admin", "director"]) {
      expect(await names(who)).toEqual(["pA", "pB", "pS", "pTA", "pTB"]);
      expect((await list(who)).json()).toMatchObject({ view: "all", totalRecords: 5 });
    }
  });

  it("refuses the list to a respondent", async () => {
    const res = await list("respondent");
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
  });

  it("starts on the saved view when it is still allowed, else on the role's default", async () => {
    const save = (who: string, view: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/settings/ui-settings",
        headers: h[who],
        payload: { patientsList: { view } },
      });
    expect((await save("S", "my")).statusCode).toBe(200);
    expect((await list("S")).json().view).toBe("my");
    expect(await names("S")).toEqual(["pS"]);
    expect((await save("A", "all")).statusCode).toBe(200); // saved, but a clinician may not use it
    expect((await list("A")).json().view).toBe("my");
    await save("S", "supervised");
  });

  it("opens a single chart for anyone whose views include it (the union)", async () => {
    const get = (who: string, key: string) =>
      t.app.inject({ method: "GET", url: `/api/patients/${p[key].id}`, headers: h[who] });
    for (const key of ["pA", "pTA", "pS"]) expect((await get("S", key)).statusCode).toBe(200);
    expect((await get("C", "pTA")).statusCode).toBe(200);
    expect((await get("director", "pB")).statusCode).toBe(200);
  });

  // One record's read is compiled once per caller shape and reused (entities/compiled-record-read.ts):
  // callers of the same role, asking one after the other in any order, each get their own answer.
  it("answers each caller's read of a chart by that caller's access, whatever was read before", async () => {
    const callers = ["A", "B", "C", "S", "staff", "director", "admin"];
    // What a caller may open is the union of their views' lists.
    const visible = new Map<string, string[]>();
    for (const who of callers) {
      const seen = new Set<string>();
      for (const view of ["all", "supervised", "my", "team"]) {
        const res = await list(who, `&view=${view}`);
        if (res.statusCode === 200) for (const r of res.json().rows) seen.add(r.last_name.replace("Zed", ""));
      }
      visible.set(who, [...seen]);
    }
    const keys = Object.keys(p);
    for (const round of [0, 1]) {
      for (const key of round ? [...keys].reverse() : keys) {
        for (const who of round ? [...callers].reverse() : callers) {
          const res = await t.app.inject({ method: "GET", url: `/api/patients/${p[key].id}`, headers: h[who] });
          const expected = visible.get(who)?.includes(key) ? 200 : 404;
          expect([who, key, res.statusCode]).toEqual([who, key, expected]);
          if (expected === 200) expect(res.json().id).toBe(p[key].id);
        }
      }
    }
  });

  it("answers a chart outside the caller's access exactly like a missing one", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/patients/987654", headers: h.A });
    for (const [who, key] of [
      ["A", "pB"],
      ["A", "pTB"],
      ["A", "pS"],
      ["B", "pA"],
      ["S", "pB"],
      ["S", "pTB"],
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/patients/${p[key].id}`, headers: h[who] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.patientNotFound, code: "not_found" });
      expect(res.json()).toEqual(missing.json());
    }
  });

  it("refuses to save a chart outside the caller's access, with 404, and changes nothing", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${p.pB.id}`,
      headers: h.A,
      payload: patientBody({
        mrn: p.pB.mrn,
        last_name: "Hijacked",
        clinicians: p.pB.clinicians,
        version: p.pB.version,
      }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(MESSAGES.patientNotFound);
    const row = await t.db
      .selectFrom("patient")
      .select("last_name")
      .where("id", "=", p.pB.id)
      .executeTakeFirstOrThrow();
    expect(row.last_name).toBe("ZedpB");
    const versions = await t.db
      .selectFrom("record_history")
      .select("version")
      .where("entity_id", "=", p.pB.id)
      .where("entity", "=", "patient")
      .execute();
    expect(versions).toHaveLength(1);
  });

  it("lets a director read but not write", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${p.pA.id}`,
      headers: h.director,
      payload: patientBody({ mrn: p.pA.mrn, clinicians: p.pA.clinicians }),
    });
    expect(res.statusCode).toBe(403);
    const post = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers: h.director,
      payload: patientBody(),
    });
    expect(post.statusCode).toBe(403);
  });

  it("never counts or finds a hidden chart through totals or search", async () => {
    const mine = (await list("A", "&search=Zed")).json();
    expect(mine.totalRecords).toBe(1);
    expect(mine.rows.map((r: { id: number }) => r.id)).toEqual([p.pA.id]);
    const hidden = (await list("A", "&search=ZedpB")).json();
    expect(hidden).toMatchObject({ rows: [], totalRecords: 0 });
    const byMrn = (await list("A", `&search=${p.pB.mrn}`)).json();
    expect(byMrn.totalRecords).toBe(0);
  });

  it("does not reveal a hidden chart, or its id, through the MRN check or a taken MRN", async () => {
    const check = (query: string) =>
      t.app.inject({ method: "GET", url: `/api/patients/check-mrn?${query}`, headers: h.A });
    // Issue 8 §3: the same neutral answer as for a free MRN (tests/security/lookup-leaks.test.ts).
    expect((await check(`mrn=${p.pB.mrn}`)).json()).toEqual({ available: null, patientId: null });
    expect((await check("mrn=NOBODY-HAS-THIS")).json()).toEqual({ available: null, patientId: null });
    // Naming the hidden chart as "the patient being edited" changes nothing either.
    expect((await check(`mrn=${p.pB.mrn}&patientId=${p.pB.id}`)).json()).toEqual({ available: null, patientId: null });
    expect((await check(`mrn=${p.pA.mrn}`)).json()).toEqual({ available: false, patientId: p.pA.id });

    const taken = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers: h.A,
      payload: patientBody({ mrn: p.pB.mrn, clinicians: p.pA.clinicians }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: "mrn", message: "MRN already in use" }]);
    expect(taken.json()).not.toHaveProperty("existingPatientId");
  });

  it("lets a clinician add a patient and edit their own", async () => {
    const created = await addPatient(t.app, h.A, { last_name: "Mine", clinicians: p.pA.clinicians });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${created.id}`,
      headers: h.A,
      payload: patientBody({
        mrn: created.mrn,
        last_name: "Mine",
        first_name: "Edited",
        clinicians: p.pA.clinicians,
        version: created.version,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().first_name).toBe("Edited");
  });
});
