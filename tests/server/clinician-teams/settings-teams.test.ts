import { beforeAll, describe, expect, it } from "vitest";
import { addPatient } from "../../helpers/patients.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

type Team = { id: number; name: string; clinicians: number[]; clinician_names: string[]; patient_count: number };

describe.each(DATABASES)("settings: clinician teams on $name", (database) => {
  const t = settingsSuite(database, "team");
  const people: Record<string, number> = {};

  beforeAll(async () => {
    for (const [username, role, firstName, lastName, status] of [
      ["ana", "clinician", "Ana", "Brooks", 2],
      ["ben", "therapist", "Ben", "Adams", 2],
      ["cy", "supervisor", "Cy", "Zhou", 2],
      ["old", "clinician", "Old", "Timer", 1],
      ["desk", "staff", "Desk", "Person", 2],
    ] as const) {
      people[username] = await createUser(t.db, { username, roles: [role], firstName, lastName, status });
    }
  });

  const { call } = t;

  const add = async (name: string, clinicians: number[] = []): Promise<Team> => {
    const res = await call("POST", "/api/clinician-team", { name, clinicians });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("adds a team with members, listed by name", async () => {
    const team = await add("  Adolescent Team ", [people.ana, people.ben, people.cy]);
    expect(team).toMatchObject({
      name: "Adolescent Team",
      clinicians: [people.ana, people.ben, people.cy].sort((a, b) => a - b),
      clinician_names: ["Ben Adams", "Ana Brooks", "Cy Zhou"],
      patient_count: 0,
    });
    expect((await call("GET", `/api/clinician-team/${team.id}`)).json()).toEqual(team);
    const history = await t.db
      .selectFrom("record_history")
      .select("changed_by")
      .where("entity", "=", "clinician_team")
      .where("entity_id", "=", team.id)
      .execute();
    expect(history).toEqual([{ changed_by: t.roles.ids.admin }]);
  });

  it("refuses bad input with the schema's and the spec's messages", async () => {
    await add("Outpatient Team");
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "name", "Team name is required"],
      [{ name: " " }, "name", "Team name is required"],
      [{ name: "x".repeat(101) }, "name", "Team name is not valid"],
      [{ name: "OUTPATIENT team" }, "name", "Team name already in use"],
      [{ name: "Bad Members", clinicians: ["ana"] }, "clinicians", "Clinician is not valid"],
      [{ name: "Inactive Member", clinicians: [people.old] }, "clinicians", "Clinician is not valid"],
      [{ name: "Staff Member", clinicians: [people.desk] }, "clinicians", "Clinician is not valid"],
      [{ name: "Respondent Member", clinicians: [t.roles.ids.respondent] }, "clinicians", "Clinician is not valid"],
      [{ name: "Nobody", clinicians: [999999] }, "clinicians", "Clinician is not valid"],
      [{ name: "Extra", color: "red" }, "color", "That field is not part of a clinician team"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("POST", "/api/clinician-team", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
  });

  it("checks a name case-insensitively, leaving out the team being edited", async () => {
    const team = await add("Check Name Team");
    const check = async (query: string) => {
      const res = await call("GET", `/api/clinician-team/check-name?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await check("name=check%20name%20TEAM")).toEqual({ available: false });
    expect(await check(`name=check%20name%20TEAM&id=${team.id}`)).toEqual({ available: true });
    expect(await check("name=Brand%20New")).toEqual({ available: true });
    expect((await call("GET", "/api/clinician-team/check-name")).json().errors).toEqual([
      { field: "name", message: "Team name is required" },
    ]);
    expect((await call("GET", "/api/clinician-team/check-name?name=a&id=abc")).statusCode).toBe(400);
  });

  it("edits a team: renames it and replaces its members, keeping a deactivated member already on it", async () => {
    const team = await add("Edit Team", [people.ana]);
    await t.db.insertInto("clinician_team_member").values({ team_id: team.id, user_id: people.old }).execute();
    const res = await call("PUT", `/api/clinician-team/${team.id}`, {
      name: "Edited Team",
      clinicians: [people.old, people.ben],
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "Edited Team", clinician_names: ["Ben Adams", "Old Timer"] });
    const taken = await call("PUT", `/api/clinician-team/${team.id}`, { name: "adolescent team", version: 2 });
    expect(taken.json().errors).toEqual([{ field: "name", message: "Team name already in use" }]);
    expect((await call("PUT", "/api/clinician-team/999999", { name: "Ghost", version: 1 })).statusCode).toBe(404);
    expect((await call("GET", "/api/clinician-team/999999")).statusCode).toBe(404);
  });

  it("gives team members the team's patients, and takes them away with membership", async () => {
    const team = await add("Access Team", [people.ana]);
    const patient = await addPatient(t.app, t.admin, { clinician_teams: [team.id] });
    const ben = await authHeader(t.db, people.ben);
    const open = () => call("GET", `/api/patients/${patient.id}`, undefined, ben);
    expect((await open()).statusCode).toBe(404);
    const both = { name: "Access Team", clinicians: [people.ana, people.ben], version: 1 };
    expect((await call("PUT", `/api/clinician-team/${team.id}`, both)).statusCode).toBe(200);
    expect((await open()).statusCode).toBe(200);
    const anaOnly = { name: "Access Team", clinicians: [people.ana], version: 2 };
    expect((await call("PUT", `/api/clinician-team/${team.id}`, anaOnly)).statusCode).toBe(200);
    expect((await open()).statusCode).toBe(404);
  });

  it("deletes a team only while no chart is assigned to it", async () => {
    const team = await add("Busy Team", [people.ana]);
    const patient = await addPatient(t.app, t.admin, { clinician_teams: [team.id] });
    const busy = await call("DELETE", `/api/clinician-team/${team.id}`);
    expect(busy.statusCode).toBe(400);
    expect(busy.json()).toEqual({
      error: "This team is assigned to 1 patient. Assign them to another clinician or team before deleting it.",
      code: "team_in_use",
    });
    const edit = await call("PUT", `/api/patients/${patient.id}`, {
      ...patient,
      clinicians: [people.ana],
      clinician_teams: [],
      id: undefined,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call("DELETE", `/api/clinician-team/${team.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/clinician-team/${team.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/clinician-team/${team.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/clinician-team/nope")).statusCode).toBe(400);
  });

  it("lists every team for pickers, or one page with search and sort for settings", async () => {
    const all = await call("GET", "/api/clinician-team", undefined, t.roles.headers.clinician);
    expect(all.statusCode).toBe(200);
    const names = all.json().rows.map((r: Team) => r.name);
    expect(all.json().totalRecords).toBe(names.length);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const page = await call("GET", "/api/clinician-team?page=2&pageSize=2");
    expect(page.json().rows).toHaveLength(2);
    expect(page.json().rows.map((r: Team) => r.name)).toEqual(names.slice(2, 4));
    expect(page.json().totalRecords).toBe(names.length);

    const search = await call("GET", "/api/clinician-team?search=adol");
    expect(search.json().rows.map((r: Team) => r.name)).toEqual(["Adolescent Team"]);
    const busy = await add("Most Patients Team", [people.ana]);
    await addPatient(t.app, t.admin, { clinician_teams: [busy.id] });
    await addPatient(t.app, t.admin, { clinician_teams: [busy.id] });
    const sorted = await call("GET", "/api/clinician-team?sort=patient_count&order=desc&pageSize=1");
    expect(sorted.json().rows[0]).toMatchObject({ id: busy.id, patient_count: 2 });
    expect((await call("GET", "/api/clinician-team?sort=secret")).statusCode).toBe(400);
    expect((await call("GET", "/api/clinician-team?pageSize=0")).statusCode).toBe(400);
  });

  it("answers 400, never 500, to malformed requests", async () => {
    for (const payload of [
      null,
      [],
      "team",
      { name: 5 },
      { name: "Huge", clinicians: [2 ** 60] },
      { name: "Neg", clinicians: [0] },
    ]) {
      const res = await call("POST", "/api/clinician-team", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call("GET", `/api/clinician-team/check-name?name=a&id=${2 ** 60}`)).statusCode).toBe(400);
    expect((await call("GET", `/api/clinician-team/${2 ** 60}`)).statusCode).toBe(400);
    expect((await call("GET", `/api/clinician-team?page=${2 ** 60}`)).statusCode).toBe(400);
  });

  it("gives the team pages to admins only; the list to anyone who works on patients", async () => {
    const team = await add("Permission Team");
    const requests: [string, string, unknown?][] = [
      ["GET", `/api/clinician-team/${team.id}`],
      ["GET", "/api/clinician-team/check-name?name=x"],
      ["POST", "/api/clinician-team", { name: "Sneaky" }],
      ["PUT", `/api/clinician-team/${team.id}`, { name: "Renamed", version: 1 }],
      ["DELETE", `/api/clinician-team/${team.id}`],
    ];
    for (const role of ["staff", "clinician", "supervisor", "director", "respondent"] as const) {
      for (const [method, url, payload] of requests) {
        const res = await call(method as "GET", url, payload, t.roles.headers[role]);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const role of ["staff", "clinician", "supervisor", "director"] as const) {
      expect((await call("GET", "/api/clinician-team", undefined, t.roles.headers[role])).statusCode, role).toBe(200);
    }
    expect((await call("GET", "/api/clinician-team", undefined, t.roles.headers.respondent)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/clinician-team/${team.id}` })).statusCode).toBe(401);
    expect((await call("GET", `/api/clinician-team/${team.id}`)).json().name).toBe("Permission Team");
  });
});
