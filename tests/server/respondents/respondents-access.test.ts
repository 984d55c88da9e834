import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { addPatient, createTeam, signedInUser, superviseClinicians } from "../../helpers/patients.ts";
import { addRespondent, respondentBody, type TeamRow, teamOf, updateBodyFrom } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

type Headers = { authorization: string };

const RESPONDENT_NOT_FOUND = {
  error: "The respondent does not exist or you do not have access to view it.",
  code: "not_found",
};
const CHART_NOT_FOUND = { error: MESSAGES.patientNotFound, code: "not_found" };

/**
 * Spec §6 access, per role, on every respondent route. The clinic: supervisor S supervises
 * clinician A; clinician B has their own patient; clinician C sees a chart through team T.
 * A chart outside the caller's access answers exactly like one that does not exist.
 */
describe.each(DATABASES)("respondent access rules on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  let chartA: number;
  let chartB: number;
  let chartT: number;
  let onA: TeamRow;

  beforeAll(async () => {
    t = await createTestApp(database);
    const { ids, headers } = await signInUsers(t.db, {
      admin: ["admin"],
      staff: ["staff"],
      director: ["director"],
      S: ["supervisor"],
      A: ["clinician"],
      B: ["clinician"],
      C: ["therapist"],
    });
    Object.assign(h, headers);
    h.respondent = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" })).headers;
    await superviseClinicians(t.db, ids.S, [ids.A]);
    const team = await createTeam(t.db, "Team T", [ids.C]);
    const chart = async (assign: Record<string, unknown>) =>
      (await addPatient(t.app, h.admin, assign)).access_control_id as number;
    chartA = await chart({ clinicians: [ids.A] });
    chartB = await chart({ clinicians: [ids.B] });
    chartT = await chart({ clinician_teams: [team] });
    onA = await addRespondent(t.app, h.A, chartA, { name_first: "Avery", name_last: "Private" });
  });
  afterAll(async () => t.close());

  const call = (who: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], payload });

  it("hides a chart outside a clinician's access on every route, like one that does not exist", async () => {
    const team = await call("B", "GET", `/api/teams/${chartA}`);
    expect(team.statusCode).toBe(404);
    expect(team.json()).toEqual(CHART_NOT_FOUND);
    expect((await call("B", "GET", "/api/teams/987654")).json()).toEqual(CHART_NOT_FOUND);

    const link = await call("B", "GET", `/api/assignments/${onA.ccauId}`);
    expect([link.statusCode, link.json()]).toEqual([404, RESPONDENT_NOT_FOUND]);
    const add = await call("B", "POST", "/api/respondents", respondentBody(chartA, { name_first: "Intruder" }));
    expect([add.statusCode, add.json()]).toEqual([404, CHART_NOT_FOUND]);
    const edit = await call(
      "B",
      "PUT",
      `/api/respondents/${onA.ccauId}`,
      updateBodyFrom(onA, { name_first: "Changed" }),
    );
    expect([edit.statusCode, edit.json()]).toEqual([404, RESPONDENT_NOT_FOUND]);
    const remove = await call("B", "DELETE", `/api/respondents/${onA.ccauId}`);
    expect([remove.statusCode, remove.json()]).toEqual([404, RESPONDENT_NOT_FOUND]);
    const exist = await call("B", "GET", `/api/respondents/exist?ccaId=${chartA}&name_first=Avery&name_last=Private`);
    expect([exist.statusCode, exist.json()]).toEqual([404, CHART_NOT_FOUND]);

    // Nothing changed: the team as its own clinician sees it.
    const rows = await teamOf(t.app, h.A, chartA);
    expect(rows.map((r) => r.full_name)).toEqual([expect.any(String), "Avery Private"]);
    expect(rows.some((r) => r.full_name.startsWith("Intruder"))).toBe(false);
  });

  it("lets a supervisor work on their clinician's chart and a team member on the team's chart", async () => {
    expect((await teamOf(t.app, h.S, chartA)).map((r) => r.ccauId)).toContain(onA.ccauId);
    const added = await call(
      "S",
      "POST",
      "/api/respondents",
      respondentBody(chartA, { name_first: "Sup", relation_id: 5 }),
    );
    expect(added.statusCode).toBe(201);
    const edited = await call(
      "S",
      "PUT",
      `/api/respondents/${added.json().ccauId}`,
      updateBodyFrom(added.json(), { name_first: "Supe" }),
    );
    expect(edited.json().name_first).toBe("Supe");
    expect((await call("S", "DELETE", `/api/respondents/${added.json().ccauId}`)).statusCode).toBe(200);
    expect((await call("S", "GET", `/api/teams/${chartB}`)).statusCode).toBe(404);

    const viaTeam = await call(
      "C",
      "POST",
      "/api/respondents",
      respondentBody(chartT, { relation_id: 48, respondent_type: "teacher" }),
    );
    expect(viaTeam.statusCode).toBe(201);
    expect((await call("C", "GET", `/api/assignments/${viaTeam.json().ccauId}`)).statusCode).toBe(200);
    expect((await call("C", "GET", `/api/teams/${chartA}`)).statusCode).toBe(404);
  });

  it("lets staff and admins see and change every chart's team", async () => {
    for (const who of ["staff", "admin"]) {
      expect((await call(who, "GET", `/api/teams/${chartB}`)).statusCode).toBe(200);
      const added = await call(
        who,
        "POST",
        "/api/respondents",
        respondentBody(chartB, { name_first: who, relation_id: 7 }),
      );
      expect(added.statusCode).toBe(201);
      expect((await call(who, "DELETE", `/api/respondents/${added.json().ccauId}`)).json().result).toBe("removed");
    }
  });

  it("lets a director read teams but not change them, and keeps respondents and strangers out", async () => {
    expect((await call("director", "GET", `/api/teams/${chartA}`)).statusCode).toBe(200);
    expect((await call("director", "GET", `/api/assignments/${onA.ccauId}`)).statusCode).toBe(200);
    const writes = [
      await call("director", "POST", "/api/respondents", respondentBody(chartA)),
      await call("director", "PUT", `/api/respondents/${onA.ccauId}`, updateBodyFrom(onA)),
      await call("director", "DELETE", `/api/respondents/${onA.ccauId}`),
    ];
    expect(writes.map((r) => [r.statusCode, r.json().code])).toEqual([
      [403, "forbidden"],
      [403, "forbidden"],
      [403, "forbidden"],
    ]);
    for (const [method, url] of [
      ["GET", `/api/teams/${chartA}`],
      ["GET", `/api/assignments/${onA.ccauId}`],
      ["POST", "/api/respondents"],
      ["DELETE", `/api/respondents/${onA.ccauId}`],
    ] as const) {
      const payload = method === "POST" ? respondentBody(chartA) : undefined;
      expect((await call("respondent", method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await teamOf(t.app, h.A, chartA)).map((r) => r.ccauId)).toContain(onA.ccauId);
  });
});
