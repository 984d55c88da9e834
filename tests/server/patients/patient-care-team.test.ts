import { readFileSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/database-types.ts";
import { addPatient, createTeam, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/**
 * What the chart's care team should read as, worked out from the assignment tables as the record
 * read did before migration 0035 kept it on the chart: ids ascending; clinicians' names by last
 * name, first name (case aside), then id; teams' by name (case aside), then id.
 */
async function fromAssignments(db: Kysely<Database>, patientId: number) {
  const { rows } = await sql<{
    clinicians: number[];
    clinician_teams: number[];
    clinician_names: string[];
    clinician_team_names: string[];
  }>`select
      coalesce((select json_agg(rc.clinician_id order by rc.clinician_id) from cca_clinician rc where rc.cca_id = c.id), '[]') as clinicians,
      coalesce((select json_agg(rt.team_id order by rt.team_id) from cca_team rt where rt.cca_id = c.id), '[]') as clinician_teams,
      coalesce((select json_agg(u.first_name || ' ' || u.last_name order by lower(u.last_name), lower(u.first_name), u.id)
        from cca_clinician rc join app_user u on u.id = rc.clinician_id where rc.cca_id = c.id), '[]') as clinician_names,
      coalesce((select json_agg(t.name order by lower(t.name), t.id)
        from cca_team rt join clinician_team t on t.id = rt.team_id where rt.cca_id = c.id), '[]') as clinician_team_names
    from client_clinic_assignment c where c.patient_id = ${patientId}`.execute(db);
  return rows[0];
}

/**
 * A chart keeps who cares for it (migration 0035): the record and the list read four columns the
 * database's triggers keep, instead of working them out from the assignment tables on every read.
 * Whatever changes an assignment or a name, the record says what the assignment tables say.
 */
describe.each(DATABASES)("a chart's care team, kept on the chart, on $name", (database) => {
  let t: TestApp;
  let admin: Headers;
  const people: Record<string, number> = {};
  const teams: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "ct-admin", roles: ["admin"] })).headers;
    // Names whose order needs case-blind comparison and the id to decide.
    for (const [username, firstName, lastName] of [
      ["ct-zed", "Zed", "adams"],
      ["ct-amy", "amy", "Baker"],
      ["ct-bob", "Bob", "baker"],
      ["ct-bob2", "Bob", "Baker"],
    ] as const) {
      people[username] = (await signedInUser(t.db, { username, roles: ["clinician"], firstName, lastName })).id;
    }
    teams.night = await createTeam(t.db, "night shift", []);
    teams.day = await createTeam(t.db, "Day Team", []);
  });
  afterAll(async () => t.close());

  const read = async (id: number) => {
    const res = await t.app.inject({ method: "GET", url: `/api/patients/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const { clinicians, clinician_teams, clinician_names, clinician_team_names } = res.json();
    return { clinicians, clinician_teams, clinician_names, clinician_team_names };
  };

  it("reads a new patient's clinicians and teams, in order, as the assignments say", async () => {
    const patient = await addPatient(t.app, admin, {
      last_name: "Kept",
      clinicians: [people["ct-bob2"], people["ct-amy"], people["ct-zed"], people["ct-bob"]],
      clinician_teams: [teams.night, teams.day],
    });
    expect(await read(patient.id)).toEqual({
      clinicians: [people["ct-zed"], people["ct-amy"], people["ct-bob"], people["ct-bob2"]].sort((a, b) => a - b),
      clinician_teams: [teams.night, teams.day].sort((a, b) => a - b),
      clinician_names: ["Zed adams", "amy Baker", "Bob baker", "Bob Baker"],
      clinician_team_names: ["Day Team", "night shift"],
    });
    expect(await read(patient.id)).toEqual(await fromAssignments(t.db, patient.id));
    // The list row says the same.
    const list = await t.app.inject({ method: "GET", url: "/api/patients?search=Kept", headers: admin });
    const row = list.json().rows.find((p: { id: number }) => p.id === patient.id);
    expect(row).toMatchObject({ clinician_names: ["Zed adams", "amy Baker", "Bob baker", "Bob Baker"] });
  });

  it("follows a save that replaces the assignments, one that removes the teams, and nobody left", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Moved", clinicians: [people["ct-zed"]] });
    const save = async (body: Record<string, unknown>) => {
      const current = (
        await t.app.inject({ method: "GET", url: `/api/patients/${patient.id}`, headers: admin })
      ).json();
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/patients/${patient.id}`,
        headers: admin,
        payload: { ...current, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const saved = await save({ clinicians: [people["ct-amy"]], clinician_teams: [teams.day] });
    // The save's own answer already reads the new team (same transaction).
    expect(saved).toMatchObject({ clinician_names: ["amy Baker"], clinician_team_names: ["Day Team"] });
    expect(await read(patient.id)).toEqual(await fromAssignments(t.db, patient.id));
    await save({ clinician_teams: [] });
    expect((await read(patient.id)).clinician_team_names).toEqual([]);
    // A chart with nobody left on it (the form asks for a clinician; the tables allow it).
    await sql`delete from cca_clinician where cca_id = ${saved.access_control_id}`.execute(t.db);
    expect(await read(patient.id)).toEqual({
      clinicians: [],
      clinician_teams: [],
      clinician_names: [],
      clinician_team_names: [],
    });
  });

  it("shows a clinician's or a team's new name on every chart they are on", async () => {
    const a = await addPatient(t.app, admin, { last_name: "Renamed", clinicians: [people["ct-bob"]] });
    const b = await addPatient(t.app, admin, {
      last_name: "Renamed",
      clinicians: [people["ct-bob"], people["ct-zed"]],
      clinician_teams: [teams.night],
    });
    await t.db.updateTable("app_user").set({ last_name: "Aaron" }).where("id", "=", people["ct-bob"]).execute();
    expect((await read(a.id)).clinician_names).toEqual(["Bob Aaron"]);
    // The new name sorts first now.
    expect((await read(b.id)).clinician_names).toEqual(["Bob Aaron", "Zed adams"]);
    const team = (
      await t.app.inject({ method: "GET", url: `/api/clinician-team/${teams.night}`, headers: admin })
    ).json();
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/clinician-team/${teams.night}`,
      headers: admin,
      payload: { name: "Evening Team", clinicians: team.clinicians ?? [], version: team.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(b.id)).clinician_team_names).toEqual(["Evening Team"]);
    for (const p of [a, b]) expect(await read(p.id)).toEqual(await fromAssignments(t.db, p.id));
  });

  it("leaves the chart row alone when an account changes without a new name", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Untouched", clinicians: [people["ct-amy"]] });
    const version = async () =>
      (
        await sql<{
          v: string;
        }>`select xmin::text as v from client_clinic_assignment where patient_id = ${patient.id}`.execute(t.db)
      ).rows[0].v;
    const before = await version();
    await t.db
      .updateTable("app_user")
      .set({ first_name: "amy", email: "amy-new@example.org" })
      .where("id", "=", people["ct-amy"])
      .execute();
    expect(await version()).toBe(before);
  });

  it("keeps every chart of a bulk insert, a moved assignment and a removed one", async () => {
    const patients = await Promise.all(
      ["Bulk1", "Bulk2", "Bulk3"].map((last_name) =>
        addPatient(t.app, admin, { last_name, clinicians: [people["ct-amy"]] }),
      ),
    );
    const charts = sql`select c.id from client_clinic_assignment c join patient p on p.id = c.patient_id
      where p.last_name like 'Bulk%'`;
    await sql`insert into cca_clinician (cca_id, clinician_id) select id, ${people["ct-zed"]} from (${charts}) c`.execute(
      t.db,
    );
    await sql`insert into cca_team (cca_id, team_id) select id, ${teams.day} from (${charts}) c`.execute(t.db);
    await sql`update cca_clinician set clinician_id = ${people["ct-bob2"]}
      where clinician_id = ${people["ct-zed"]} and cca_id = (select id from client_clinic_assignment where patient_id = ${patients[0].id})`.execute(
      t.db,
    );
    await sql`delete from cca_team where cca_id = (select id from client_clinic_assignment where patient_id = ${patients[1].id})`.execute(
      t.db,
    );
    const read0 = await read(patients[0].id);
    expect(read0.clinician_names).toEqual(["amy Baker", "Bob Baker"]);
    expect((await read(patients[1].id)).clinician_team_names).toEqual([]);
    expect((await read(patients[2].id)).clinician_names).toEqual(["Zed adams", "amy Baker"]);
    for (const p of patients) expect(await read(p.id)).toEqual(await fromAssignments(t.db, p.id));
  });

  it("puts right, on migrating, charts assigned before the chart kept its care team", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Older", clinicians: [people["ct-zed"]] });
    // As a database from before migration 0035 held it: assignments, and nothing on the chart.
    await sql`update client_clinic_assignment set clinician_ids = '[]', clinician_names = '[]'
      where patient_id = ${patient.id}`.execute(t.db);
    expect((await read(patient.id)).clinician_names).toEqual([]);
    const migration = readFileSync(
      new URL("../../../src/server/db/migrations/0035_chart_care_team.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration.trim().split("\n").at(-1) as string;
    expect(backfill).toMatch(/^SELECT chart_care_team_refresh/);
    await sql.raw(backfill).execute(t.db);
    expect(await read(patient.id)).toEqual(await fromAssignments(t.db, patient.id));
    expect((await read(patient.id)).clinician_names).toEqual(["Zed adams"]);
  });
});
