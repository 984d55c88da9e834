import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../../src/server/auth/passwords.ts";
import { seedDemoIfEmpty } from "../../../src/server/seed/demo.ts";
import { DEMO_PASSWORD } from "../../../src/server/seed/demo-clinic.ts";
import { demoPatients } from "../../../src/server/seed/demo-patients.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
import { SchemaValidator } from "../../../src/shared/validation/validator.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

describe.each(DATABASES)("demo seed on $name", (database) => {
  let t: TestApp;
  let seeded: boolean;
  let seedMs: number;
  const users: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    const started = performance.now();
    seeded = await seedDemoIfEmpty(t.db);
    seedMs = performance.now() - started;
    const rows = await t.db
      .selectFrom("app_user")
      .select(["id", "username"])
      .where("user_type", "=", "clinical")
      .execute();
    for (const r of rows) users[r.username as string] = r.id;
  });
  afterAll(async () => t.close());

  const list = async (username: string, query = "") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/patients?pageSize=200${query}`,
      headers: await authHeader(t.db, users[username]),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      rows: { full_name: string; mrn: string; clinician_names: string[] }[];
      totalRecords: number;
      view: string;
    };
  };

  it("seeds the demo clinical users with their roles and the demo password, quickly", async () => {
    expect(seeded).toBe(true);
    expect(seedMs).toBeLessThan(10_000);
    const rows = await t.db
      .selectFrom("app_user as u")
      .innerJoin("user_role as r", "r.user_id", "u.id")
      .select(["u.username", "r.role", "u.status", "u.password_hash"])
      .where("u.user_type", "=", "clinical")
      .orderBy("u.username")
      .execute();
    expect(rows.map((r) => [r.username, r.role, r.status])).toEqual([
      ["admin", "admin", 2],
      ["clinician", "clinician", 2],
      ["clinician2", "clinician", 2],
      ["director", "director", 2],
      ["staff", "staff", 2],
      ["supervisor", "supervisor", 2],
    ]);
    expect(await verifyPassword(rows[0].password_hash, DEMO_PASSWORD)).toBe(true);
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1); // hashed once
    const located = await t.db.selectFrom("user_location").select("user_id").distinct().execute();
    expect(located).toHaveLength(6);
    const locations = await t.db.selectFrom("location").select(["name", "address_line1", "city"]).execute();
    expect(locations.length).toBeGreaterThanOrEqual(2);
    for (const l of locations) expect(l.address_line1).toBeTruthy();
  });

  it("has the supervisor supervise clinician, and clinician2 on Outpatient Team", async () => {
    const supervision = await t.db.selectFrom("supervision").selectAll().execute();
    expect(supervision).toEqual([{ supervisor_id: users.supervisor, clinician_id: users.clinician }]);
    const members = await t.db
      .selectFrom("clinician_team as t")
      .innerJoin("clinician_team_member as m", "m.team_id", "t.id")
      .select(["t.name", "m.user_id"])
      .execute();
    expect(members).toEqual([{ name: "Outpatient Team", user_id: users.clinician2 }]);
  });

  it("seeds about 50 patients, each with an account, a chart and a relation-1 link, and a first history version", async () => {
    const charts = await t.db
      .selectFrom("patient as p")
      .innerJoin("app_user as u", "u.id", "p.user_id")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
      .innerJoin("cca_user as cu", (j) => j.onRef("cu.cca_id", "=", "cca.id").onRef("cu.user_id", "=", "u.id"))
      .select(["u.user_type", "u.status", "u.username", "cu.relation_id", "p.birth_date"])
      .execute();
    expect(charts).toHaveLength(50);
    // Jordan Rivera's own account can sign in (demo-respondents.ts); the others are not invited yet.
    for (const c of charts)
      expect([c.user_type, c.status, c.relation_id]).toEqual(["patient", c.username === "jordan" ? 2 : 3, 1]);
    const years = charts.map((c) => Number(c.birth_date.slice(0, 4)));
    expect(years.some((y) => y >= 2014)).toBe(true); // children
    expect(years.some((y) => y >= 2008 && y <= 2012)).toBe(true); // teens
    expect(years.some((y) => y <= 2000)).toBe(true); // adults
    const history = await t.db
      .selectFrom("record_history")
      .select("version")
      .where("entity", "=", "patient")
      .where("version", "=", 1)
      .execute();
    expect(history).toHaveLength(50);
  });

  it("serves every seeded patient as a valid patient record", async () => {
    const validator = new SchemaValidator(defaultBundle);
    const { rows, totalRecords } = await list("admin");
    expect(totalRecords).toBe(50);
    expect(new Set(rows.map((r) => r.full_name)).size).toBe(50);
    for (const row of rows) {
      const result = validator.validate("entities/patient.json", row);
      expect(result.ok ? [] : result.errors, row.full_name).toEqual([]);
    }
  });

  it("gives Jordan Rivera and a few others insurance the chart's Insurance tab shows, each a valid record", async () => {
    const validator = new SchemaValidator(defaultBundle);
    const headers = await authHeader(t.db, users.clinician);
    const jordan = (await list("clinician", "&search=MRN1001")).rows[0] as unknown as { id: number };
    const res = await t.app.inject({ method: "GET", url: `/api/v2/patients/${jordan.id}/insurance`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      primary_provider: "Prairie Blue Health",
      primary_subscriber_name: "Morgan Rivera",
      secondary_provider: "Illinois Medicaid",
      version: 1,
    });
    const stored = await t.db.selectFrom("patient_insurance").select("id").execute();
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const { id } of stored) {
      const record = await t.app.inject({
        method: "GET",
        url: `/api/v2/patients/${id}/insurance`,
        headers: await authHeader(t.db, users.admin),
      });
      const result = validator.validate("entities/insurance.json", record.json());
      expect(result.ok ? [] : result.errors, `patient ${id}`).toEqual([]);
    }
  });

  /**
   * MRNs a clinician sees in "my": charts assigned to them or (through a program they are on, or a
   * team of theirs is on) with an admission not finally discharged (docs/programs-episodes.md).
   */
  const reachable = async (clinicianId: number, direct: "own" | "own-and-team") => {
    const rows = await t.db
      .selectFrom("patient as p")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
      .select("p.mrn")
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("cca_clinician as cc")
              .whereRef("cc.cca_id", "=", "cca.id")
              .where("cc.clinician_id", "=", clinicianId),
          ),
          ...(direct === "own-and-team"
            ? [
                eb.exists(
                  eb
                    .selectFrom("cca_team as ct")
                    .innerJoin("clinician_team_member as m", "m.team_id", "ct.team_id")
                    .whereRef("ct.cca_id", "=", "cca.id")
                    .where("m.user_id", "=", clinicianId),
                ),
              ]
            : []),
          eb.exists(
            eb
              .selectFrom("access_control_program as acp")
              .whereRef("acp.cca_id", "=", "cca.id")
              .where((w) => w.or([w("acp.discharge_status", "is", null), w("acp.discharge_status", "=", "pending")]))
              .where((w) =>
                w.or([
                  w.exists(
                    w
                      .selectFrom("program_clinician as pc")
                      .whereRef("pc.program_id", "=", "acp.program_id")
                      .where("pc.clinician_id", "=", clinicianId),
                  ),
                  w.exists(
                    w
                      .selectFrom("program_clinician_team as pt")
                      .innerJoin("clinician_team_member as m", "m.team_id", "pt.team_id")
                      .whereRef("pt.program_id", "=", "acp.program_id")
                      .where("m.user_id", "=", clinicianId),
                  ),
                ]),
              ),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => r.mrn).sort();
  };

  it("spreads the patients over clinician, clinician2 and the team, with Jordan Rivera on clinician", async () => {
    const assigned = await t.db
      .selectFrom("cca_clinician")
      .select(["clinician_id", t.db.fn.countAll().as("n")])
      .groupBy("clinician_id")
      .execute();
    expect(Object.fromEntries(assigned.map((a) => [a.clinician_id, Number(a.n)]))[users.clinician]).toBe(20);
    const mine = await list("clinician");
    expect(mine.view).toBe("my");
    const jordan = mine.rows.find((r) => r.mrn === "MRN1001");
    expect(jordan).toMatchObject({ full_name: "Jordan Rivera", clinician_names: ["Taylor Brooks"] });
    // Their own 20 patients, and the current patients of the programs they work (demo-programs.ts).
    const clinicianSees = await reachable(users.clinician, "own");
    expect(clinicianSees.length).toBeGreaterThan(20);
    expect(mine.rows.map((r) => r.mrn).sort()).toEqual(clinicianSees);
    const second = await list("clinician2");
    expect(second.rows.map((r) => r.mrn).sort()).toEqual(await reachable(users.clinician2, "own-and-team"));
    expect(second.totalRecords).toBeGreaterThanOrEqual(30);
    const supervised = await list("supervisor");
    expect(supervised).toMatchObject({ view: "supervised", totalRecords: clinicianSees.length });
    expect((await list("staff")).totalRecords).toBe(50);
    expect((await list("director")).totalRecords).toBe(50);
    const teamOnly = await t.db.selectFrom("cca_team").select("cca_id").execute();
    expect(teamOnly.length).toBeGreaterThan(0);
  });

  it("is the same on every run and seeds nothing the second time", async () => {
    expect(demoPatients()).toEqual(demoPatients());
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
    const patients = await t.db.selectFrom("patient").select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const clinical = await t.db
      .selectFrom("app_user")
      .select(t.db.fn.countAll().as("n"))
      .where("user_type", "=", "clinical")
      .executeTakeFirstOrThrow();
    expect([Number(patients.n), Number(clinical.n)]).toEqual([50, 6]);
  });
  it("turns programs on with three programs, each seen by its clinicians and teams", async () => {
    const expected: Record<string, string[]> = {
      clinician: ["Adolescent Program", "Intensive Outpatient Program"],
      // Not the IOP: it has no team, so clinician2 (the Outpatient Team) stays out of Jordan's chart.
      clinician2: ["Adolescent Program", "Outpatient Therapy Program"],
      admin: [],
    };
    for (const username of ["clinician", "clinician2", "admin"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/programs/my",
        headers: await authHeader(t.db, users[username]),
      });
      expect(res.statusCode, username).toBe(200);
      const names = res.json().rows.map((r: { name: string }) => r.name);
      expect([...names].sort(), username).toEqual(expected[username]);
    }
    const res = await t.app.inject({
      method: "GET",
      url: "/api/programs",
      headers: await authHeader(t.db, users.admin),
    });
    const rows = res.json().rows as { name: string }[];
    expect([...rows].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      expect.objectContaining({
        name: "Adolescent Program",
        program_type_name: "Adolescent outpatient",
        group_name: "Youth services",
        length_label: "12 weeks",
      }),
      expect.objectContaining({
        name: "Intensive Outpatient Program",
        program_type_name: "Intensive outpatient",
        group_name: "Adult services",
        length_label: "8 weeks",
      }),
      expect.objectContaining({
        name: "Outpatient Therapy Program",
        program_type_name: "Outpatient",
        group_name: "Adult services",
        length_label: "26 weeks",
      }),
    ]);
  });
});
