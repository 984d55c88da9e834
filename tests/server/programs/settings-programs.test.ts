import { beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { measureId } from "../../helpers/measures.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

type Program = Record<string, unknown> & { id: number; name: string; version: number };

describe.each(DATABASES)("settings: programs on $name", (database) => {
  const t = settingsSuite(database, "prog");
  const { call } = t;
  const people: Record<string, number> = {};
  let iopType: number;

  beforeAll(async () => {
    await syncMeasureLibrary(t.db);
    for (const [username, role, firstName, lastName] of [
      ["pat", "clinician", "Pat", "Reyes"],
      ["kim", "clinician", "Kim", "Ortiz"],
      ["lee", "clinician", "Lee", "Nash"],
      ["sue", "supervisor", "Sue", "Park"],
    ] as const) {
      people[username] = await createUser(t.db, { username, roles: [role], firstName, lastName });
    }
    await t.db.insertInto("supervision").values({ supervisor_id: people.sue, clinician_id: people.lee }).execute();
    const type = await call("POST", "/api/program-types", { name: "Intensive outpatient" });
    expect(type.statusCode, type.body).toBe(201);
    iopType = type.json().id;
  });

  const add = async (body: Record<string, unknown>): Promise<Program> => {
    const res = await call("POST", "/api/programs", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("adds a program with every field of the spec, and reads it back in words", async () => {
    const program = await add({
      name: "  Adult IOP ",
      description: "Three evenings a week",
      program_type_id: iopType,
      length: 12,
      length_type: "weeks",
      desired_length: 10,
      program_clinicians: [people.pat],
      program_status: "active",
      group_name: "Adult services",
    });
    expect(program).toMatchObject({
      name: "Adult IOP",
      program_type_name: "Intensive outpatient",
      length_label: "12 weeks",
      group_name: "Adult services",
      clinician_names: ["Pat Reyes"],
      program_status: "active",
      measure_count: 0,
      version: 1,
    });
    expect((await call("GET", `/api/programs/${program.id}`)).json()).toEqual(program);
    // A length in days that is a whole number of weeks reads in weeks (spec §5).
    const days = await add({
      name: "Partial hospitalization",
      length: 14,
      length_type: "days",
      group_name: "ADULT SERVICES",
    });
    expect(days).toMatchObject({ length_label: "2 weeks", group_name: "Adult services" });
    expect(await add({ name: "Short stay", length: 10 })).toMatchObject({ length_label: "10 days" });
  });

  it("a program runs at a location, which the list names (the analytics location filter reads it)", async () => {
    const location = await t.db
      .insertInto("location")
      .values({ name: "Riverside Clinic" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const program = await add({ name: "Riverside IOP", location_id: location.id });
    expect(program).toMatchObject({ location_id: location.id, location_name: "Riverside Clinic" });
    const list = await call("GET", "/api/programs?page=1&pageSize=50&search=Riverside");
    expect(list.json().rows.map((r: Program) => [r.name, r.location_name])).toEqual([
      ["Riverside IOP", "Riverside Clinic"],
    ]);
    const cleared = await call("PUT", `/api/programs/${program.id}`, { ...program, location_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ location_id: null, location_name: null });
  });

  it("refuses bad input with the schema's messages and changes nothing", async () => {
    await add({ name: "Outpatient therapy" });
    const before = await t.db.selectFrom("program").select("id").execute();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "name", "Program name is required"],
      [{ name: "  " }, "name", "Program name is required"],
      [{ name: "OUTPATIENT THERAPY" }, "name", "Program name already in use"],
      [{ name: "Zero", length: 0 }, "length", "Length must be a whole number from 1 to 3650"],
      [{ name: "Months", length: 3, length_type: "months" }, "length_type", "Length type is not valid"],
      [{ name: "Closed", program_status: "closed" }, "program_status", "Program status is required"],
      [{ name: "No type", program_type_id: 999_999 }, "program_type_id", "Program type is not valid"],
      [{ name: "Orphan", parent_id: 999_999 }, "parent_id", "Parent program is not valid"],
      [{ name: "Nowhere", location_id: 999_999 }, "location_id", "Location is not valid"],
      [{ name: "Team", program_clinician_teams: [999_999] }, "program_clinician_teams", "Clinician team is not valid"],
      [{ name: "Extra", colour: "red" }, "colour", "That field is not part of a program"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("POST", "/api/programs", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect(await t.db.selectFrom("program").select("id").execute()).toEqual(before);
  });

  it("edits a program, refuses a stale save, and never puts a program inside itself", async () => {
    const parent = await add({ name: "Adolescent program" });
    const track = await add({ name: "Adolescent step-down", parent_id: parent.id });
    expect(track.parent_name).toBe("Adolescent program");

    const saved = await call("PUT", `/api/programs/${parent.id}`, { ...parent, description: "Ages 12 to 17" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ description: "Ages 12 to 17", version: 2 });

    const stale = await call("PUT", `/api/programs/${parent.id}`, { ...parent, description: "Older" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "stale_record", currentVersion: 2 });

    const loop = await call("PUT", `/api/programs/${parent.id}`, { ...(saved.json() as Program), parent_id: track.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toEqual([
      { field: "parent_id", message: "A program cannot be part of itself or of a program that is part of it" },
    ]);
    const self = await call("PUT", `/api/programs/${parent.id}`, {
      ...(saved.json() as Program),
      parent_id: parent.id,
    });
    expect(self.json().errors).toEqual([
      { field: "parent_id", message: "A program cannot be part of itself or of a program that is part of it" },
    ]);

    // Admissions go to a track, not to the program that groups them.
    const options = (await call("GET", "/api/programs/get-all-programs?excludeGroups=true")).json();
    const names = options.rows.map((r: { name: string }) => r.name);
    expect(names).toContain("Adolescent step-down");
    expect(names).not.toContain("Adolescent program");
    const grouped = (await call("GET", "/api/programs/get-all-programs")).json();
    expect(grouped.rows.map((r: { name: string }) => r.name)).toContain("Adolescent program");
  });

  it("program types: unique names, listed whole for the form's picker", async () => {
    const taken = await call("POST", "/api/program-types", { name: "INTENSIVE OUTPATIENT" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: "name", message: "Type name already in use" }]);
    expect((await call("POST", "/api/program-types", {})).json().errors).toEqual([
      { field: "name", message: "Type name is required" },
    ]);
    const list = (await call("GET", "/api/program-types", undefined, t.roles.headers.clinician)).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toContain("Intensive outpatient");
  });

  it("only admins change programs and their measures", async () => {
    const program = await add({ name: "Admins only" });
    for (const role of ["clinician", "staff", "supervisor", "director"] as const) {
      const headers = t.roles.headers[role];
      expect((await call("POST", "/api/programs", { name: `By ${role}` }, headers)).statusCode).toBe(403);
      expect((await call("PUT", `/api/programs/${program.id}`, program, headers)).statusCode).toBe(403);
      expect((await call("POST", "/api/program-types", { name: `By ${role}` }, headers)).statusCode).toBe(403);
      const measure = { measure_id: await measureId(t.db, "phq-9"), frequency: 4 };
      expect((await call("POST", `/api/programs/${program.id}/measures`, measure, headers)).statusCode).toBe(403);
    }
    expect((await call("GET", "/api/programs", undefined, t.roles.headers.respondent)).statusCode).toBe(403);
  });

  it("a clinician sees the programs they or their teams are on; a supervisor also their clinicians'; admins all", async () => {
    const team = await call("POST", "/api/clinician-team", { name: "Evening team", clinicians: [people.kim] });
    const direct = await add({ name: "Vis direct", program_clinicians: [people.pat] });
    const viaTeam = await add({ name: "Vis team", program_clinician_teams: [team.json().id] });
    const supervised = await add({ name: "Vis supervised", program_clinicians: [people.lee] });
    await add({ name: "Vis nobody" });
    const seen = async (userId: number, path = "/api/programs?search=Vis&pageSize=50") => {
      const res = await call("GET", path, undefined, await authHeader(t.db, userId));
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .rows.map((r: { name: string }) => r.name)
        .sort();
    };
    expect(await seen(people.pat)).toEqual(["Vis direct"]);
    expect(await seen(people.kim)).toEqual(["Vis team"]);
    expect(await seen(people.sue)).toEqual(["Vis supervised"]);
    expect(await seen(people.sue, "/api/programs/my?search=Vis")).toEqual([]);
    expect(await seen(people.kim, "/api/programs/my?search=Vis")).toEqual(["Vis team"]);
    const admin = (await call("GET", "/api/programs?search=Vis&pageSize=50")).json();
    expect(admin.totalRecords).toBe(4);
    // by-role follows the same rule; a program out of reach reads as one that does not exist.
    const byRole = (await call("GET", "/api/programs/by-role", undefined, await authHeader(t.db, people.pat))).json();
    expect(byRole.rows.map((r: { name: string }) => r.name)).toContain("Vis direct");
    expect(byRole.rows.map((r: { name: string }) => r.name)).not.toContain("Vis team");
    const kim = await authHeader(t.db, people.kim);
    expect((await call("GET", `/api/programs/${direct.id}`, undefined, kim)).statusCode).toBe(404);
    expect((await call("GET", `/api/programs/${direct.id}/measures`, undefined, kim)).statusCode).toBe(404);
    expect((await call("GET", `/api/programs/${viaTeam.id}`, undefined, kim)).statusCode).toBe(200);
    expect(supervised.id).toBeGreaterThan(0);
    // programs/all is the clinic-wide list: admins and directors, not clinicians.
    expect((await call("GET", "/api/programs/all", undefined, kim)).statusCode).toBe(403);
    const all = (await call("GET", "/api/programs/all", undefined, t.roles.headers.director)).json();
    expect(all.rows.map((r: { name: string }) => r.name)).toContain("Vis nobody");
  });

  it("adds measures with frequency, respondent and timing, refuses duplicates, and removes them", async () => {
    const program = await add({ name: "Measured program" });
    const phq9 = await measureId(t.db, "phq-9");
    const url = `/api/programs/${program.id}/measures`;
    const added = await call("POST", url, { measure_id: phq9, frequency: 4 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().rows).toEqual([
      expect.objectContaining({
        measure_id: phq9,
        abbreviation: "PHQ-9",
        frequency: 4,
        respondent_kind: "patient",
        timing: "admission",
        auto_complete: false,
        is_scorable: true,
      }),
    ]);
    // The same measure at discharge is another program measure; twice at admission is refused.
    expect((await call("POST", url, { measure_id: phq9, frequency: 1, timing: "discharge" })).statusCode).toBe(201);
    const twice = await call("POST", url, { measure_id: phq9, frequency: 3 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([
      { field: "measure_id", message: "This measure is already on the program for that respondent and time" },
    ]);
    for (const [body, field, message] of [
      [{ measure_id: phq9, frequency: 12 }, "frequency", "A valid frequency must be selected."],
      [{ measure_id: phq9 }, "frequency", "A valid frequency must be selected."],
      [{ measure_id: 999_999, frequency: 1 }, "measure_id", "Measure is not valid"],
      [{ measure_id: phq9, frequency: 1, respondent_kind: "neighbor" }, "respondent_kind", "Respondent is not valid"],
      [{ measure_id: phq9, frequency: 1, timing: "midway" }, "timing", "Timing is not valid"],
    ] as const) {
      const res = await call("POST", url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    const list = (await call("GET", url)).json();
    expect(list.rows.map((r: { timing: string }) => r.timing)).toEqual(["admission", "discharge"]);
    expect((await call("GET", `/api/programs/${program.id}`)).json().measure_count).toBe(2);

    expect((await call("DELETE", `${url}/${list.rows[0].id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `${url}/${list.rows[0].id}`)).statusCode).toBe(404);
    expect((await call("GET", url)).json().rows.map((r: { timing: string }) => r.timing)).toEqual(["discharge"]);
    // A program measure is removed through its own program only.
    const other = await add({ name: "Other program" });
    expect((await call("DELETE", `/api/programs/${other.id}/measures/${list.rows[1].id}`)).statusCode).toBe(404);
  });

  it("every program route is a 404 while programs are off", async () => {
    const program = await add({ name: "Hidden while off" });
    await t.db
      .insertInto("general_setting")
      .values({ key: "programs_enabled", value: JSON.stringify(false) })
      .execute();
    try {
      const phq9 = await measureId(t.db, "phq-9");
      const calls: [string, string, unknown?][] = [
        ["GET", "/api/programs"],
        ["GET", "/api/programs/my"],
        ["GET", "/api/programs/all"],
        ["GET", "/api/programs/by-role"],
        ["GET", "/api/programs/get-all-programs?excludeGroups=true"],
        ["GET", "/api/program-types"],
        ["POST", "/api/program-types", { name: "Off type" }],
        ["GET", `/api/programs/${program.id}`],
        ["POST", "/api/programs", { name: "Off" }],
        ["PUT", `/api/programs/${program.id}`, program],
        ["GET", `/api/programs/${program.id}/measures`],
        ["POST", `/api/programs/${program.id}/measures`, { measure_id: phq9, frequency: 1 }],
        ["DELETE", `/api/programs/${program.id}/measures/1`],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(method as "GET", url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: `No route ${method} ${url.split("?")[0]}`, code: "not_found" });
      }
      expect(await t.db.selectFrom("program").select("id").where("name", "=", "Off").execute()).toEqual([]);
    } finally {
      await t.db.deleteFrom("general_setting").where("key", "=", "programs_enabled").execute();
    }
    expect((await call("GET", `/api/programs/${program.id}`)).statusCode).toBe(200);
  });
});
