import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { addRespondent, nextEmail, respondentBody, teamOf, updateBodyFrom } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

const WARNING = "Notifications are off or contact information is missing: invitations and reminders will not be sent.";

describe.each(DATABASES)("respondents API on $name", (database) => {
  let t: TestApp;
  let clinician: { id: number; headers: Headers };
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    clinician = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
  });
  afterAll(async () => t.close());

  /** A new patient of `clinician`; answers its chart id (ccaId) and patient id. */
  async function newChart(overrides: Record<string, unknown> = {}) {
    const patient = await addPatient(t.app, admin, { clinicians: [clinician.id], ...overrides });
    return { ccaId: patient.access_control_id as number, patientId: patient.id, patient };
  }

  const post = (payload: unknown, headers = clinician.headers) =>
    t.app.inject({ method: "POST", url: "/api/respondents", headers, payload: payload as object });
  const put = (ccauId: number | string, payload: unknown, headers = clinician.headers) =>
    t.app.inject({ method: "PUT", url: `/api/respondents/${ccauId}`, headers, payload: payload as object });
  const history = (entity: string, entityId: number) =>
    t.db
      .selectFrom("record_history")
      .select(["version", "data", "changed_by"])
      .where("entity", "=", entity)
      .where("entity_id", "=", entityId)
      .orderBy("version")
      .execute();
  const setSetting = async (key: string, value: unknown) => {
    await t.db.deleteFrom("general_setting").where("key", "=", key).execute();
    await t.db
      .insertInto("general_setting")
      .values({ key, value: JSON.stringify(value) })
      .execute();
  };

  describe("POST /api/respondents", () => {
    it("adds a parent as a new Not Invited account with primary contacts, and activates the patient", async () => {
      const { ccaId, patientId, patient } = await newChart();
      expect(patient.status).toBe(false);
      const email = nextEmail("carmen");
      const res = await post(
        respondentBody(ccaId, {
          name_first: "  Carmen ",
          name_middle: "   ",
          name_last: "Alvarez",
          email,
          phone: "(312) 555-0147",
          relation_id: 4,
          respondent_type: "caregiver",
        }),
      );
      expect(res.statusCode).toBe(201);
      const row = res.json();
      expect(row).toMatchObject({
        ccaId,
        isPatient: false,
        full_name: "Carmen Alvarez",
        name_first: "Carmen",
        name_middle: null,
        name_last: "Alvarez",
        relation_id: 4,
        relation: "Mother",
        respondent_type: "caregiver",
        respondent_type_label: "Caregiver",
        status: 3,
        hasSignIn: false,
        email,
        email_notification: true,
        phone: "3125550147",
        mobile_notification: true,
        contact_information: `${email}, (312) 555-0147`,
        notificationsEnabled: true,
        warnings: [],
      });
      expect(row.contacts).toEqual([
        expect.objectContaining({ channel: 1, primary: true, emr: false, editable: true, enabled: true, value: email }),
        expect.objectContaining({ channel: 2, primary: true, emr: false, editable: true, value: "3125550147" }),
      ]);

      const account = await t.db
        .selectFrom("app_user")
        .select(["user_type", "status", "username", "password_hash", "first_name"])
        .where("id", "=", row.userId)
        .executeTakeFirstOrThrow();
      expect(account).toEqual({
        user_type: "patient",
        status: 3,
        username: null,
        password_hash: null,
        first_name: "Carmen",
      });
      const roles = await t.db.selectFrom("user_role").select("role").where("user_id", "=", row.userId).execute();
      expect(roles).toEqual([{ role: "respondent" }]);
      const log = await t.db
        .selectFrom("activity_log")
        .select(["code", "actor_id"])
        .where("user_id", "=", row.userId)
        .execute();
      expect(log).toEqual([{ code: 15, actor_id: clinician.id }]); // 15 Account created

      // Spec §4 Activation, with a new version of the patient record written by the clinician.
      const after = await t.app.inject({ method: "GET", url: `/api/patients/${patientId}`, headers: admin });
      expect(after.json().status).toBe(true);
      const versions = await history("patient", patientId);
      expect(versions.map((v) => [v.version, (v.data as { status: boolean }).status])).toEqual([
        [1, false],
        [2, true],
      ]);
      expect(versions[1].changed_by).toBe(clinician.id);
      expect((await history("respondent", row.ccauId)).map((v) => v.version)).toEqual([1]);

      // A second respondent leaves an active patient's record alone.
      await addRespondent(t.app, clinician.headers, ccaId, { relation_id: 5, name_first: "Diego" });
      expect(await history("patient", patientId)).toHaveLength(2);
    });

    it("answers every rule of spec §5 with its message, all at once", async () => {
      const { ccaId } = await newChart();
      const missing = await post({ ccaId, name_first: "   ", email: "not-an-email", phone: "555-12" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: "validation" });
      expect(missing.json().errors).toEqual(
        expect.arrayContaining([
          { field: "name_first", message: "First name is required" },
          { field: "name_last", message: "Last name is required" },
          { field: "respondent_type", message: "Respondent type is required" },
          { field: "relation_id", message: "Relation to patient is required" },
          { field: "email", message: "Invalid email" },
          { field: "phone", message: "That mobile number is too short. It must be 10 digits." },
        ]),
      );
      const wrong = await post(
        respondentBody(ccaId, { phone: "312555014799", relation_id: 60, respondent_type: "neighbour", shoe: 9 }),
      );
      expect(wrong.json().errors).toEqual(
        expect.arrayContaining([
          { field: "phone", message: "That mobile number is too long. It must be 10 digits." },
          { field: "relation_id", message: "Relation to patient is required" },
          { field: "respondent_type", message: "Respondent type is required" },
          { field: "shoe", message: "That field is not part of a respondent" },
        ]),
      );
      const noChart = await post({ ...respondentBody(ccaId), ccaId: undefined });
      expect(noChart.json().errors).toEqual([{ field: "ccaId", message: "Chart id is required" }]);
      const badChart = await post(respondentBody(ccaId, { ccaId: "abc" }));
      expect(badChart.json().errors).toEqual([{ field: "ccaId", message: "Chart id is not valid" }]);
      const team = await teamOf(t.app, clinician.headers, ccaId);
      expect(team).toHaveLength(1); // nothing was added by a refused save
    });

    it("refuses the relation Patient for anyone but the patient, and a chart that does not exist", async () => {
      const { ccaId } = await newChart();
      const res = await post(respondentBody(ccaId, { relation_id: 1 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "relation_id", message: "Only the patient can have the relation Patient." },
      ]);
      const missing = await post(respondentBody(987654));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: MESSAGES.patientNotFound, code: "not_found" });
    });

    it("answers malformed JSON and non-numeric ids with 400, never 500", async () => {
      const headers = { ...clinician.headers, "content-type": "application/json" };
      const bad = await t.app.inject({ method: "POST", url: "/api/respondents", headers, payload: "{ not json" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("The request body is not valid JSON.");
      const badPut = await t.app.inject({ method: "PUT", url: "/api/respondents/1", headers, payload: "[" });
      expect(badPut.statusCode).toBe(400);
      const array = await post([1, 2]);
      expect(array.statusCode).toBe(400);

      for (const [method, url, field] of [
        ["GET", "/api/teams/abc", "ccaId"],
        ["GET", "/api/teams/0", "ccaId"],
        ["GET", "/api/assignments/1.5", "ccauId"],
        ["PUT", "/api/respondents/x", "ccauId"],
        ["DELETE", "/api/respondents/99999999999999999999", "ccauId"],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: clinician.headers,
          payload: method === "PUT" ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().errors).toContainEqual({ field, message: "Id is not valid" });
      }
      const query = await t.app.inject({
        method: "GET",
        url: "/api/respondents/exist?ccaId=abc",
        headers: clinician.headers,
      });
      expect(query.statusCode).toBe(400);
      expect(query.json().errors).toEqual([{ field: "ccaId", message: "Chart id is not valid" }]);
    });
  });

  describe("GET /api/teams/:ccaId and /api/assignments/:ccauId", () => {
    it("lists the patient's own link first with the record's contacts, then the others by name", async () => {
      const { ccaId, patient } = await newChart({
        first_name: "Jo",
        last_name: "Zimmer",
        email: "jo.zimmer@example.org",
        email_notification: true,
      });
      const zed = await addRespondent(t.app, clinician.headers, ccaId, {
        name_first: "Zed",
        name_last: "Young",
        relation_id: 5,
      });
      // Zed has finished account setup (a username of his own); nobody else on the team has.
      await t.db
        .updateTable("app_user")
        .set({ username: `zed.young.${ccaId}`, status: 2 })
        .where("id", "=", zed.userId)
        .execute();
      await addRespondent(t.app, clinician.headers, ccaId, {
        name_first: "Ann",
        name_last: "Adams",
        relation_id: 48,
        respondent_type: "teacher",
      });
      const res = await t.app.inject({ method: "GET", url: `/api/teams/${ccaId}`, headers: clinician.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ ccaId, patientId: patient.id, totalRecords: 3 });
      expect(body.rows.map((r: { full_name: string; relation: string }) => [r.full_name, r.relation])).toEqual([
        ["Jo Zimmer", "Patient"],
        ["Ann Adams", "Teacher"],
        ["Zed Young", "Father"],
      ]);
      // Whether each signs in on their own (the way to offer "Invite to self sign-in"), never the username.
      expect(body.rows.map((r: { full_name: string; hasSignIn: boolean }) => [r.full_name, r.hasSignIn])).toEqual([
        ["Jo Zimmer", false],
        ["Ann Adams", false],
        ["Zed Young", true],
      ]);
      expect(JSON.stringify(body)).not.toContain("zed.young");
      const own = body.rows[0];
      expect(own).toMatchObject({
        ccauId: patient.client_clinic_assignment_user_id,
        isPatient: true,
        relation_id: 1,
        // The patient is the respondent: said in words, never "Not provided".
        respondent_type_label: "Patient (self)",
        email: "jo.zimmer@example.org",
        contact_information: "jo.zimmer@example.org",
        warnings: [],
      });
      expect(own.contacts).toEqual([
        expect.objectContaining({ channel: 1, primary: true, emr: true, editable: false, enabled: true }),
      ]);
    });

    it("answers one link with its chart, and 404 for one that does not exist", async () => {
      const { ccaId, patient } = await newChart({ first_name: "Lee", last_name: "Park" });
      const row = await addRespondent(t.app, clinician.headers, ccaId, {
        name_first: "Min",
        name_last: "Park",
        relation_id: 7,
      });
      const res = await t.app.inject({
        method: "GET",
        url: `/api/assignments/${row.ccauId}`,
        headers: clinician.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ccauId: row.ccauId,
        ccaId,
        patientId: patient.id,
        userId: row.userId,
        full_name: "Lee Park",
        mrn: patient.mrn,
        relation_id: 7,
        relation: "Guardian",
        respondent_type: "caregiver",
        respondent_full_name: "Min Park",
        isPatient: false,
        removed: false,
        removed_at: null,
      });
      const missing = await t.app.inject({ method: "GET", url: "/api/assignments/987654", headers: clinician.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe("not_found");
      const noTeam = await t.app.inject({ method: "GET", url: "/api/teams/987654", headers: clinician.headers });
      expect(noTeam.statusCode).toBe(404);
    });
  });

  describe("PUT /api/respondents/:ccauId", () => {
    it("edits names, type, relation and contacts, keeping one primary per channel and every version", async () => {
      const { ccaId } = await newChart();
      const row = await addRespondent(t.app, clinician.headers, ccaId, { phone: null });
      const email = nextEmail("new");
      const res = await put(
        row.ccauId,
        updateBodyFrom(row, {
          name_first: "Robin",
          name_middle: " Lee ",
          relation_id: 7,
          respondent_type: "adult",
          email,
          phone: "2175550123",
          mobile_notification: false,
        }),
      );
      expect(res.statusCode).toBe(200);
      const saved = res.json();
      expect(saved).toMatchObject({
        ccauId: row.ccauId,
        full_name: "Robin Example",
        name_middle: "Lee",
        relation: "Guardian",
        respondent_type: "adult",
        email,
        phone: "2175550123",
        mobile_notification: false,
        contact_information: email, // a phone with notifications off is not a way to reach them
      });
      const contacts = await t.db
        .selectFrom("contact")
        .select(["channel", "is_primary", "value", "enabled"])
        .where("user_id", "=", row.userId)
        .orderBy("channel")
        .execute();
      expect(contacts).toEqual([
        { channel: 1, is_primary: true, value: email, enabled: true },
        { channel: 2, is_primary: true, value: "2175550123", enabled: false },
      ]);
      expect(await teamOf(t.app, clinician.headers, ccaId)).toContainEqual(saved);

      // Clearing the email removes that contact; the phone (notifications off) cannot reach them.
      const cleared = await put(row.ccauId, updateBodyFrom(saved, { email: null }));
      expect(cleared.json()).toMatchObject({ email: null, contact_information: "", warnings: [WARNING] });
      expect((await history("respondent", row.ccauId)).map((v) => v.version)).toEqual([1, 2, 3]);

      const invalid = await put(row.ccauId, updateBodyFrom(saved, { name_last: "", email: "x@", relation_id: null }));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual(
        expect.arrayContaining([
          { field: "name_last", message: "Last name is required" },
          { field: "email", message: "Invalid email" },
          { field: "relation_id", message: "Relation to patient is required" },
        ]),
      );
      const self = await put(row.ccauId, updateBodyFrom(cleared.json(), { relation_id: 1 }));
      expect(self.json().errors).toEqual([
        { field: "relation_id", message: "Only the patient can have the relation Patient." },
      ]);
      const missing = await put(987654, updateBodyFrom(saved));
      expect(missing.statusCode).toBe(404);
    });

    it("leaves the patient's own link and the patient record's contacts to the patient form", async () => {
      const { ccaId, patientId, patient } = await newChart({
        first_name: "Kai",
        last_name: "Nakamura",
        mobile_number: "3095550111",
        mobile_notification: true,
      });
      const ownCcau = patient.client_clinic_assignment_user_id as number;
      const [own] = await teamOf(t.app, clinician.headers, ccaId);
      const refused = await put(ownCcau, updateBodyFrom(own, { respondent_type: "adult" }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "", message: "The patient's own details are edited on the patient form." },
      ]);

      // Changing the record on the patient form changes the patient's emr contacts.
      const { id, ...rest } = patient;
      const edited = await t.app.inject({
        method: "PUT",
        url: `/api/patients/${patientId}`,
        headers: admin,
        payload: { ...rest, email: "kai@example.org", email_notification: false, mobile_number: "3095550122" },
      });
      expect(edited.statusCode).toBe(200);
      const [after] = await teamOf(t.app, clinician.headers, ccaId);
      expect(after).toMatchObject({ email: "kai@example.org", email_notification: false, phone: "3095550122" });
      expect(after.contacts).toEqual([
        expect.objectContaining({ channel: 1, emr: true, editable: false, enabled: false }),
        expect.objectContaining({ channel: 2, emr: true, editable: false, enabled: true, value: "3095550122" }),
      ]);

      // The same person as a respondent on another chart keeps their record's names and contacts.
      const other = await newChart();
      const linked = await post(
        respondentBody(other.ccaId, { existingUserId: own.userId, relation_id: 5, email: null, phone: "3095550122" }),
      );
      expect(linked.statusCode).toBe(201);
      const link = linked.json();
      const renamed = await put(link.ccauId, updateBodyFrom(link, { name_first: "Kaito" }));
      expect(renamed.json().errors).toEqual([
        { field: "name_first", message: "This person is also a patient: change their name on their patient record." },
      ]);
      const rephoned = await put(link.ccauId, updateBodyFrom(link, { phone: "3095550199" }));
      expect(rephoned.json().errors).toEqual([
        { field: "phone", message: "This mobile number is on the patient's record: change it on the patient form." },
      ]);
      const typeOnly = await put(link.ccauId, updateBodyFrom(link, { respondent_type: "adult" }));
      expect(typeOnly.statusCode).toBe(200);
      expect(typeOnly.json()).toMatchObject({ respondent_type: "adult", relation: "Father", phone: "3095550122" });
    });
  });

  describe("notifications warning (spec §6)", () => {
    it("warns when no enabled contact exists on a channel the clinic sends on", async () => {
      const { ccaId } = await newChart();
      const none = await addRespondent(t.app, clinician.headers, ccaId, { email: null, phone: null });
      expect(none).toMatchObject({ notificationsEnabled: false, warnings: [WARNING], contact_information: "" });
      const off = await addRespondent(t.app, clinician.headers, ccaId, { email_notification: "false" });
      expect(off).toMatchObject({ notificationsEnabled: false, warnings: [WARNING], email_notification: false });
      const emailOn = await addRespondent(t.app, clinician.headers, ccaId);
      expect(emailOn).toMatchObject({ notificationsEnabled: true, warnings: [] });

      // SMS is off by default (general settings): a phone alone reaches no one until it is on.
      const phoneOnly = await addRespondent(t.app, clinician.headers, ccaId, { email: null, phone: "6185550100" });
      expect(phoneOnly.warnings).toEqual([WARNING]);
      await setSetting("sms_enabled", true);
      await setSetting("email_enabled", false);
      try {
        const rows = await teamOf(t.app, clinician.headers, ccaId);
        const byId = new Map(rows.map((r) => [r.ccauId, r]));
        expect(byId.get(phoneOnly.ccauId)?.warnings).toEqual([]);
        expect(byId.get(emailOn.ccauId)?.warnings).toEqual([WARNING]);
      } finally {
        await t.db.deleteFrom("general_setting").where("key", "in", ["sms_enabled", "email_enabled"]).execute();
      }
    });
  });
});
