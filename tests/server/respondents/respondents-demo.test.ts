import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../../../src/server/seed/demo.ts";
import { DEMO_PASSWORD } from "../../../src/server/seed/demo-clinic.ts";
import { DEMO_PARENT_PATIENTS, demoRespondents } from "../../../src/server/seed/demo-respondents.ts";
import { teamOf } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

const WARNING = "Notifications are off or contact information is missing: invitations and reminders will not be sent.";

/** The demo clinic's respondents (issue 3: "a new user can sign in as one"). */
describe.each(DATABASES)("demo respondents on $name", (database) => {
  let t: TestApp;
  let clinician: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(database);
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    const row = await t.db
      .selectFrom("app_user")
      .select("id")
      .where("username", "=", "clinician")
      .executeTakeFirstOrThrow();
    clinician = await authHeader(t.db, row.id);
  });
  afterAll(async () => t.close());

  const login = (username: string, password = DEMO_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/api/security/login", payload: { username, password } });
  const chartByMrn = async (mrn: string) =>
    await t.db
      .selectFrom("patient as p")
      .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
      .select(["cca.id", "p.active", "p.first_name", "p.last_name"])
      .where("p.mrn", "=", mrn)
      .executeTakeFirstOrThrow();

  it("signs in as Jordan Rivera (`jordan`), the patient, and as Morgan Rivera (`parent`), a mother of two", async () => {
    const jordan = await login("jordan");
    expect(jordan.statusCode).toBe(200);
    expect(jordan.json().user).toMatchObject({
      username: "jordan",
      firstName: "Jordan",
      lastName: "Rivera",
      isPatient: true,
      relationToPatient: 1,
      isAccountActive: true,
      roles: ["respondent"],
    });
    const parent = await login("parent");
    expect(parent.statusCode).toBe(200);
    expect(parent.json().user).toMatchObject({
      username: "parent",
      firstName: "Morgan",
      lastName: "Rivera",
      isPatient: true,
      relationToPatient: 4,
      isAccountActive: true,
    });
    expect((await login("parent", "wrong-password")).statusCode).toBe(401);

    const links = await t.db
      .selectFrom("cca_user as cu")
      .innerJoin("app_user as u", "u.id", "cu.user_id")
      .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
      .innerJoin("patient as p", "p.id", "cca.patient_id")
      .select(["p.mrn", "p.first_name", "p.last_name", "cu.relation_id"])
      .where("u.username", "=", "parent")
      .orderBy("p.mrn")
      .execute();
    expect(links).toEqual([
      { mrn: "MRN1001", first_name: "Jordan", last_name: "Rivera", relation_id: 4 },
      { mrn: "MRN1002", first_name: "Tomas", last_name: "Johansson", relation_id: 4 },
    ]);
  });

  it("shows Jordan's team to his clinician: Jordan first with his record's contacts, then Morgan", async () => {
    const chart = await chartByMrn("MRN1001");
    expect(chart.active).toBe(true);
    const rows = await teamOf(t.app, clinician, chart.id);
    expect(rows.map((r) => [r.full_name, r.relation, r.status])).toEqual([
      ["Jordan Rivera", "Patient", 2],
      ["Morgan Rivera", "Mother", 2],
    ]);
    expect(rows[0]).toMatchObject({ email: "jordan.rivera@example.com", warnings: [] });
    expect(rows[1]).toMatchObject({
      email: "morgan.rivera@example.com",
      phone: "3125550147",
      respondent_type: "caregiver",
      warnings: [],
    });
  });

  it("gives about 15 patients a parent and a few a teacher, activating each, some without a way to reach them", async () => {
    const people = demoRespondents();
    const withParent = new Set(
      people.flatMap((p) => p.links.filter((l) => l.relation !== "Teacher").map((l) => l.patient)),
    );
    expect(withParent.size).toBe(DEMO_PARENT_PATIENTS);
    expect(people.filter((p) => p.links.some((l) => l.relation === "Teacher"))).toHaveLength(3);

    const links = await t.db
      .selectFrom("cca_user")
      .select(["relation_id", "respondent_type", "cca_id"])
      .where("relation_id", "<>", 1)
      .execute();
    const parents = links.filter((l) => [4, 5, 7].includes(l.relation_id));
    expect(new Set(parents.map((l) => l.cca_id)).size).toBe(15);
    expect(new Set(parents.map((l) => l.relation_id))).toEqual(new Set([4, 5, 7]));
    expect(links.filter((l) => l.relation_id === 48).map((l) => l.respondent_type)).toEqual([
      "teacher",
      "teacher",
      "teacher",
    ]);
    // Spec §4 Activation: every chart given a respondent is active, with a version of the record saying so.
    const charts = [...new Set(links.map((l) => l.cca_id))];
    const patients = await t.db
      .selectFrom("client_clinic_assignment as cca")
      .innerJoin("patient as p", "p.id", "cca.patient_id")
      .select(["p.id", "p.active"])
      .where("cca.id", "in", charts)
      .execute();
    expect(patients.map((p) => p.active)).toEqual(charts.map(() => true));
    const activeVersions = await t.db
      .selectFrom("record_history")
      .select("entity_id")
      .distinct()
      .where("entity", "=", "patient")
      .where(
        "entity_id",
        "in",
        patients.map((p) => p.id),
      )
      .where(sql<boolean>`(data ->> 'status')::boolean`)
      .execute();
    expect(activeVersions).toHaveLength(patients.length);

    // Every demo patient's record email and mobile are their account's emr contacts.
    const emr = await t.db.selectFrom("contact").select("id").where("emr", "=", true).execute();
    const recorded = await t.db
      .selectFrom("patient")
      .select([t.db.fn.count("email").as("emails"), t.db.fn.count("mobile_number").as("mobiles")])
      .executeTakeFirstOrThrow();
    expect(emr).toHaveLength(Number(recorded.emails) + Number(recorded.mobiles));

    // The team page has warnings to show: somebody in the demo cannot be reached.
    const unreachable = people.find((p) => !p.email && !p.phone);
    expect(unreachable).toBeDefined();
    const admin = await t.db
      .selectFrom("app_user")
      .select("id")
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const adminHeaders = await authHeader(t.db, admin.id);
    const teams = await Promise.all(charts.map((ccaId) => teamOf(t.app, adminHeaders, ccaId)));
    const warned = teams.flat().filter((r) => r.warnings.includes(WARNING));
    expect(warned.length).toBeGreaterThan(0);
  });
});
