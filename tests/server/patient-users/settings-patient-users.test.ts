import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { defaultBundle, type SchemaBundle } from "../../../src/shared/schema/bundle.ts";
import { addPatient } from "../../helpers/patients.ts";
import { type Headers, requestJson, settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { authHeader, createUser } from "../../helpers/users.ts";

type LinkedPatient = {
  ccaId: number;
  ccauId: number;
  respondent_ccauId: number;
  patient_id: number;
  full_name: string;
  mrn: string;
  patient_relation: string;
};
type PatientUser = Record<string, unknown> & { id: number; version: number; patients: LinkedPatient[] };

/**
 * The default roles plus a "coordinator" who manages patient users but sees only the charts
 * assigned to them: the case where a respondent row must hide some of its patients.
 */
function bundleWithCoordinator(): SchemaBundle {
  const bundle = structuredClone(defaultBundle);
  bundle["enums/role.json"].oneOf?.push({
    const: "coordinator",
    title: "Coordinator",
    "x-selectable": false,
    "x-permissions": ["settings.staff", "patients.viewAssigned"],
    "x-default-view": "my",
  });
  return bundle;
}

describe.each(DATABASES)("settings: patient users on $name", (database) => {
  const t = settingsSuite(database, "pu", { bundle: bundleWithCoordinator() });
  let staff: Headers;
  let coordinator: Headers;
  let coordinatorId: number;
  let otherClinician: number;
  let mine: Record<string, unknown> & { id: number; access_control_id: number; mrn: string };
  let theirs: Record<string, unknown> & { id: number; access_control_id: number; mrn: string };
  let parent: number;

  const call = (method: "GET" | "PUT", url: string, payload?: unknown, headers = staff) =>
    requestJson(t.app, method, url, headers, payload);

  /** A respondent account linked to charts, as the respondents routes would leave it. */
  async function insertRespondent(
    first: string,
    last: string,
    links: [ccaId: number, relationId: number][],
    contacts: [channel: 1 | 2, value: string][] = [],
  ): Promise<number> {
    const id = await createUser(t.db, {
      username: `${first.toLowerCase()}-${last.toLowerCase()}`,
      roles: ["respondent"],
      userType: "patient",
      firstName: first,
      lastName: last,
      status: 3,
    });
    for (const [cca_id, relation_id] of links) {
      await t.db
        .insertInto("cca_user")
        .values({ cca_id, user_id: id, relation_id, respondent_type: "caregiver", deleted_at: null })
        .execute();
    }
    for (const [i, [channel, value]] of contacts.entries()) {
      await t.db
        .insertInto("contact")
        .values({ user_id: id, channel, value, is_primary: i < 2, emr: false, editable: true, enabled: true })
        .execute();
    }
    return id;
  }

  beforeAll(async () => {
    staff = t.roles.headers.staff;
    coordinatorId = await createUser(t.db, { username: "coord", roles: ["coordinator"] });
    coordinator = await authHeader(t.db, coordinatorId);
    otherClinician = await createUser(t.db, { username: "elsewhere", roles: ["clinician"] });
    mine = (await addPatient(t.app, staff, {
      first_name: "Avery",
      last_name: "Mine",
      email: "avery.mine@example.org",
      email_notification: true,
      clinicians: [coordinatorId],
    })) as typeof mine;
    theirs = (await addPatient(t.app, staff, {
      first_name: "Blake",
      last_name: "Theirs",
      clinicians: [otherClinician],
    })) as typeof theirs;
    parent = await insertRespondent(
      "Morgan",
      "Parent",
      [
        [mine.access_control_id, 4],
        [theirs.access_control_id, 5],
      ],
      [
        [1, "morgan.parent@example.org"],
        [2, "5551112222"],
      ],
    );
    await t.db
      .insertInto("activity_log")
      .values({ user_id: parent, actor_id: t.roles.ids.staff, code: ACTIVITY.invitationSent, detail: null })
      .execute();
  });

  const list = async (query = "", headers = staff) => {
    const res = await call("GET", `/api/patient-user/respondents${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: PatientUser[]; totalRecords: number };
  };

  it("lists a respondent with contact information, linked patients and last activity", async () => {
    const { rows } = await list("?search=morgan");
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      id: parent,
      name_first: "Morgan",
      name_middle: null,
      name_last: "Parent",
      full_name: "Morgan Parent",
      status: 3,
      email: "morgan.parent@example.org",
      phone: "5551112222",
      contact_information: "morgan.parent@example.org, (555) 111-2222",
      is_patient: false,
      patient_names: "Avery Mine; Blake Theirs",
      patient_mrns: `${mine.mrn}; ${theirs.mrn}`,
      patient_relations: "Mother; Father",
      last_activity_code: ACTIVITY.invitationSent,
    });
    expect(row.patients[0]).toMatchObject({
      ccaId: mine.access_control_id,
      ccauId: mine.client_clinic_assignment_user_id,
      patient_id: mine.id,
      full_name: "Avery Mine",
      mrn: mine.mrn,
      patient_relation: "Mother",
    });
    expect(row.patients[0].respondent_ccauId).not.toBe(row.patients[0].ccauId);
    expect((await call("GET", `/api/patient-user/respondents/${parent}`)).json()).toEqual(row);
  });

  it("lists patients' own accounts too, with the chart's email as their contact", async () => {
    const { rows } = await list("?search=avery%20mine");
    const own = rows.find((r) => r.is_patient);
    expect(own).toMatchObject({
      full_name: "Avery Mine",
      email: "avery.mine@example.org",
      patient_names: "Avery Mine",
      patient_relations: "Patient",
    });
  });

  it("filters by status, searches contacts and linked MRNs, sorts and pages", async () => {
    const active = await insertRespondent("Quinn", "Active", [[theirs.access_control_id, 48]]);
    await t.db.updateTable("app_user").set({ status: 2 }).where("id", "=", active).execute();
    const activeIds = (await list("?status=2")).rows.map((r) => r.id);
    expect(activeIds).toContain(active);
    expect(activeIds).not.toContain(parent);
    expect((await list("?status=3&search=quinn")).rows).toEqual([]);
    expect((await list("?search=5551112222")).rows.map((r) => r.id)).toEqual([parent]);
    const byMrn = (await list(`?search=${theirs.mrn}`)).rows.map((r) => r.id);
    expect(byMrn).toContain(parent);
    expect(byMrn).toContain(active);
    const all = await list("?pageSize=2&sort=name_first&order=desc");
    expect(all.rows).toHaveLength(2);
    expect(all.totalRecords).toBeGreaterThanOrEqual(4);
    const first = all.rows.map((r) => String(r.name_first).toLowerCase());
    expect(first).toEqual([...first].sort().reverse());
    for (const bad of ["?status=7", "?sort=username", "?page=-1", `?search=${"x".repeat(101)}`]) {
      expect((await call("GET", `/api/patient-user/respondents${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("never reveals a patient outside the caller's access", async () => {
    const { rows } = await list("?search=morgan", coordinator);
    expect(rows).toHaveLength(1);
    expect(rows[0].patients.map((p) => p.full_name)).toEqual(["Avery Mine"]);
    expect(rows[0].patient_mrns).toBe(mine.mrn);
    expect(JSON.stringify(rows[0])).not.toContain(theirs.mrn);
    // Searching by a hidden chart's MRN finds nothing through it.
    const hidden = await list(`?search=${theirs.mrn}`, coordinator);
    expect(hidden.rows.flatMap((r) => r.patients.map((p) => p.mrn))).not.toContain(theirs.mrn);
    expect(hidden.rows.map((r) => r.id)).not.toContain(parent);
    const one = await call("GET", `/api/patient-user/respondents/${parent}`, undefined, coordinator);
    expect(one.json().patients.map((p: LinkedPatient) => p.mrn)).toEqual([mine.mrn]);
  });

  it("edits a respondent's names, email and mobile number", async () => {
    const id = await insertRespondent("Riley", "Edit", [[mine.access_control_id, 48]], [[1, "riley@example.org"]]);
    const loaded = (await call("GET", `/api/patient-user/respondents/${id}`)).json() as PatientUser;
    const res = await call("PUT", `/api/patient-user/respondents/${id}`, {
      name_first: " Riley ",
      name_middle: "  ",
      name_last: "Edited",
      email: "riley.new@example.org",
      phone: "(555) 333-4444",
      version: loaded.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: "Riley Edited",
      name_middle: null,
      email: "riley.new@example.org",
      phone: "5553334444",
      contact_information: "riley.new@example.org, (555) 333-4444",
      version: loaded.version + 1,
    });
    const cleared = await call("PUT", `/api/patient-user/respondents/${id}`, {
      name_first: "Riley",
      name_last: "Edited",
      email: null,
      phone: null,
      version: res.json().version,
    });
    expect(cleared.json()).toMatchObject({ email: null, phone: null, contact_information: "" });
    expect(await t.db.selectFrom("contact").select("id").where("user_id", "=", id).execute()).toEqual([]);
    const versions = await t.db
      .selectFrom("record_history")
      .select("changed_by")
      .where("entity", "=", "patient_user")
      .where("entity_id", "=", id)
      .execute();
    expect(versions).toEqual([{ changed_by: t.roles.ids.staff }, { changed_by: t.roles.ids.staff }]);
  });

  it("refuses a save based on an older version (409), changing nothing", async () => {
    const id = await insertRespondent("Sasha", "Stale", [[mine.access_control_id, 48]], [[2, "5554445555"]]);
    const url = `/api/patient-user/respondents/${id}`;
    const loaded = (await call("GET", url)).json() as PatientUser;
    const saved = await call("PUT", url, {
      name_first: "Sasha",
      name_last: "Saved",
      phone: "5554445555",
      version: loaded.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await call("PUT", url, {
      name_first: "Lost",
      name_last: "Update",
      email: "lost.update@example.org",
      phone: null,
      version: loaded.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: "This record was changed by someone else. Reload it to see their changes.",
      code: "stale_record",
      currentVersion: loaded.version + 1,
    });
    expect((await call("PUT", url, { name_first: "No", name_last: "Version" })).statusCode).toBe(428);
    expect((await call("GET", url)).json()).toEqual(saved.json());
    const contacts = await t.db.selectFrom("contact").select(["channel", "value"]).where("user_id", "=", id).execute();
    expect(contacts).toEqual([{ channel: 2, value: "5554445555" }]);
  });

  it("refuses bad input with the schema's messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name_last: "X" }, "name_first", "First name is required"],
      [{ name_first: "X", name_last: "" }, "name_last", "Last name is required"],
      [{ name_first: "X", name_last: "Y", email: "nope" }, "email", "Invalid email"],
      [
        { name_first: "X", name_last: "Y", phone: "555" },
        "phone",
        "That mobile number is too short. It must be 10 digits.",
      ],
      [{ name_first: "X", name_last: "Y", relation_id: 4 }, "relation_id", "That field is not part of a patient user"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("PUT", `/api/patient-user/respondents/${parent}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await call("PUT", `/api/patient-user/respondents/${parent}`, [])).statusCode).toBe(400);
  });

  it("sends a patient's own account to the chart for edits", async () => {
    const own = (await list("?search=avery%20mine")).rows.find((r) => r.is_patient) as PatientUser;
    const res = await call("PUT", `/api/patient-user/respondents/${own.id}`, {
      name_first: "Ava",
      name_last: "Mine",
      version: own.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "This account belongs to a patient. Change their name and contact information on the patient's chart.",
    );
    expect((await call("GET", `/api/patient-user/respondents/${own.id}`)).json().name_first).toBe("Avery");
  });

  it("answers 404 for a clinical user or a missing account", async () => {
    expect((await call("GET", `/api/patient-user/respondents/${t.roles.ids.clinician}`)).statusCode).toBe(404);
    expect((await call("GET", "/api/patient-user/respondents/999999")).statusCode).toBe(404);
    const put = await call("PUT", `/api/patient-user/respondents/${t.roles.ids.clinician}`, {
      name_first: "Not",
      name_last: "Mine",
      version: 1,
    });
    expect(put.statusCode).toBe(404);
    expect((await call("GET", "/api/patient-user/respondents/x")).statusCode).toBe(400);
  });

  it("is for the staff level (staff and admins); other roles get 403", async () => {
    expect((await list("", t.roles.headers.admin)).totalRecords).toBeGreaterThan(0);
    const body = { name_first: "Morgan", name_last: "Parent", email: "morgan.parent@example.org", phone: "5551112222" };
    for (const role of ["clinician", "supervisor", "director", "respondent"] as const) {
      const headers = t.roles.headers[role];
      expect((await call("GET", "/api/patient-user/respondents", undefined, headers)).statusCode, role).toBe(403);
      expect((await call("GET", `/api/patient-user/respondents/${parent}`, undefined, headers)).statusCode).toBe(403);
      expect((await call("PUT", `/api/patient-user/respondents/${parent}`, body, headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/patient-user/respondents" })).statusCode).toBe(401);
  });
});
