import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { addPatient, createTeam, nextMrn, patientBody, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("patients API on $name", (database) => {
  let t: TestApp;
  let admin: { id: number; headers: { authorization: string } };
  let clinicianId: number;
  let clinician2Id: number;
  let teamId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await signedInUser(t.db, { username: "admin", roles: ["admin"] });
    clinicianId = (
      await signedInUser(t.db, { username: "clin", roles: ["clinician"], firstName: "Taylor", lastName: "Brooks" })
    ).id;
    clinician2Id = (
      await signedInUser(t.db, { username: "clin2", roles: ["therapist"], firstName: "Priya", lastName: "Raman" })
    ).id;
    teamId = await createTeam(t.db, "Outpatient Team", [clinician2Id]);
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, headers = admin.headers) =>
    t.app.inject({ method: "POST", url: "/api/patients", headers, payload: payload as object });

  describe("POST /api/patients", () => {
    it("adds a patient with their own account, chart and relation-1 respondent link", async () => {
      const mrn = nextMrn();
      const res = await post(
        patientBody({
          mrn,
          first_name: "  Jordan ",
          middle_name: "   ",
          last_name: "Rivera",
          birth_date: "1990-03-14",
          email: "jordan@example.org",
          email_notification: "true",
          mobile_number: "(555) 123-4567",
          mobile_notification: true,
          clinicians: [clinicianId],
          clinician_teams: [teamId],
        }),
      );
      expect(res.statusCode).toBe(201);
      const patient = res.json();
      expect(patient).toMatchObject({
        mrn,
        first_name: "Jordan",
        middle_name: null,
        last_name: "Rivera",
        full_name: "Jordan Rivera",
        birth_date: "1990-03-14",
        gender: "f",
        email: "jordan@example.org",
        email_notification: true,
        mobile_number: "5551234567",
        mobile_notification: true,
        clinicians: [clinicianId],
        clinician_teams: [teamId],
        clinician_names: ["Taylor Brooks"],
        clinician_team_names: ["Outpatient Team"],
        status: false,
        latest_completed_session_completed_date: null,
      });
      expect(patient.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

      const stored = await t.db
        .selectFrom("patient as p")
        .innerJoin("app_user as u", "u.id", "p.user_id")
        .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
        .innerJoin("cca_user as cu", "cu.cca_id", "cca.id")
        .select([
          "p.created_by",
          "p.active",
          "u.user_type",
          "u.status",
          "u.username",
          "u.password_hash",
          "u.first_name",
          "cca.id as cca_id",
          "cu.id as ccau_id",
          "cu.relation_id",
          "cu.respondent_type",
        ])
        .where("p.id", "=", patient.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        created_by: admin.id,
        active: false,
        user_type: "patient",
        status: 3,
        username: null,
        password_hash: null,
        first_name: "Jordan",
        relation_id: 1,
        respondent_type: "adult",
      });
      expect(patient.access_control_id).toBe(stored.cca_id);
      expect(patient.client_clinic_assignment_user_id).toBe(stored.ccau_id);
    });

    it("links a child patient without a respondent type", async () => {
      const patient = await addPatient(t.app, admin.headers, { birth_date: "2015-06-01", clinicians: [clinicianId] });
      const link = await t.db
        .selectFrom("cca_user")
        .select("respondent_type")
        .where("id", "=", patient.client_clinic_assignment_user_id as number)
        .executeTakeFirstOrThrow();
      expect(link.respondent_type).toBeNull();
    });

    it("answers every missing required field with the spec's message", async () => {
      const res = await post({});
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe("validation");
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: "first_name", message: "First name is required" },
          { field: "last_name", message: "Last name is required" },
          { field: "gender", message: "Gender at birth is required" },
          { field: "birth_date", message: "Birthdate is required" },
          { field: "clinicians", message: "Clinician is required" },
          { field: "mrn", message: "MRN is required" },
        ]),
      );
    });

    it.each([
      [{ first_name: "  " }, "first_name", "First name is required"],
      [{ last_name: "" }, "last_name", "Last name is required"],
      [{ birth_date: "2010-02-30" }, "birth_date", "Birthdate is invalid"],
      [{ birth_date: "2999-01-01" }, "birth_date", "Birthdate is invalid"],
      [{ email: "not-an-email" }, "email", "Invalid email"],
      [{ mobile_number: "555-1234" }, "mobile_number", "That mobile number is too short. It must be 10 digits."],
      [
        { mobile_number: "1 (555) 123-45678" },
        "mobile_number",
        "That mobile number is too long. It must be 10 digits.",
      ],
      [{ clinicians: [], clinician_teams: [] }, "clinicians", "Clinician is required"],
    ])("rejects %j with %s: %s", async (overrides, field, message) => {
      const res = await post(patientBody({ clinicians: [clinicianId], ...overrides }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    });

    it("refuses clinicians who cannot take patients and teams that do not exist", async () => {
      const inactive = (await signedInUser(t.db, { username: "gone", roles: ["clinician"], status: 1 })).id;
      const staffOnly = (await signedInUser(t.db, { username: "front-desk", roles: ["staff"] })).id;
      const patientUser = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" }))
        .id;
      for (const id of [inactive, staffOnly, patientUser, 987654]) {
        const res = await post(patientBody({ clinicians: [clinicianId, id] }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: "clinicians", message: "Clinician is not valid" }]);
      }
      const res = await post(patientBody({ clinician_teams: [987654] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "clinician_teams", message: "Clinician team is not valid" }]);
      const count = await t.db.selectFrom("patient").select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
      const again = await post(patientBody({ clinicians: [987654] }));
      expect(again.statusCode).toBe(400);
      const after = await t.db.selectFrom("patient").select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(count.n));
    });

    it("answers a taken MRN (in any case) with the field error and the existing patient's id", async () => {
      const mrn = nextMrn("Dup");
      const first = await addPatient(t.app, admin.headers, { mrn, clinicians: [clinicianId] });
      const res = await post(patientBody({ mrn: mrn.toLowerCase(), clinicians: [clinicianId] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation",
        error: "MRN already in use",
        errors: [{ field: "mrn", message: "MRN already in use" }],
        existingPatientId: first.id,
      });
    });

    it("lets exactly one of several simultaneous saves of one new MRN through", async () => {
      const mrn = nextMrn("Race");
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post(patientBody({ mrn, clinicians: [clinicianId] }))),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 400, 400, 400, 400]);
      for (const r of results.filter((r) => r.statusCode === 400)) {
        expect(r.json().errors).toEqual([{ field: "mrn", message: "MRN already in use" }]);
      }
    });

    it("answers malformed JSON, unknown fields and a missing token without a 500", async () => {
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/patients",
        headers: { ...admin.headers, "content-type": "application/json" },
        payload: "{ not json",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("The request body is not valid JSON.");

      const unknown = await post(patientBody({ clinicians: [clinicianId], favourite_colour: "blue" }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toContainEqual({
        field: "favourite_colour",
        message: "That field is not part of a patient",
      });

      const anonymous = await t.app.inject({ method: "POST", url: "/api/patients", payload: patientBody() });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe("GET and PUT /api/patients/:patientId", () => {
    it("reads a patient, and answers a bad id with 400 and an unknown one with 404", async () => {
      const created = await addPatient(t.app, admin.headers, { clinicians: [clinicianId] });
      const res = await t.app.inject({ method: "GET", url: `/api/patients/${created.id}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);

      for (const id of ["abc", "0", "1.5", "99999999999999999999"]) {
        const bad = await t.app.inject({ method: "GET", url: `/api/patients/${id}`, headers: admin.headers });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors).toEqual([{ field: "patientId", message: "Id is not valid" }]);
      }
      const missing = await t.app.inject({ method: "GET", url: "/api/patients/987654", headers: admin.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: MESSAGES.patientNotFound, code: "not_found" });
    });

    it("replaces the editable fields, the relations and the account's names, and keeps every version", async () => {
      const created = await addPatient(t.app, admin.headers, {
        middle_name: "Jo",
        email: "avery@example.org",
        email_notification: true,
        clinicians: [clinicianId],
      });
      const { id, ...rest } = created;
      const body = {
        ...rest, // what the client sends back: readOnly fields included, which the server ignores
        first_name: "Averie",
        middle_name: undefined,
        email: undefined,
        email_notification: undefined,
        clinicians: [clinician2Id],
        clinician_teams: [teamId],
        full_name: "Ignored Name",
      };
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/patients/${id}`,
        headers: admin.headers,
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        first_name: "Averie",
        full_name: "Averie Example",
        middle_name: null,
        email: null,
        email_notification: false,
        clinicians: [clinician2Id],
        clinician_teams: [teamId],
        clinician_names: ["Priya Raman"],
      });

      const account = await t.db
        .selectFrom("patient as p")
        .innerJoin("app_user as u", "u.id", "p.user_id")
        .select(["u.first_name", "u.middle_name"])
        .where("p.id", "=", id)
        .executeTakeFirstOrThrow();
      expect(account).toEqual({ first_name: "Averie", middle_name: null });

      const history = await t.db
        .selectFrom("record_history")
        .select(["version", "data", "changed_by"])
        .where("entity", "=", "patient")
        .where("entity_id", "=", id)
        .orderBy("version")
        .execute();
      expect(history.map((h) => h.version)).toEqual([1, 2]);
      expect(history[0].data).toMatchObject({ first_name: "Avery", middle_name: "Jo", clinicians: [clinicianId] });
      expect(history[1].data).toMatchObject({ first_name: "Averie", middle_name: null, clinicians: [clinician2Id] });
      expect(history[1].changed_by).toBe(admin.id);
    });

    it("keeps a patient's own MRN on save, refuses another patient's, and validates like POST", async () => {
      const a = await addPatient(t.app, admin.headers, { clinicians: [clinicianId] });
      const b = await addPatient(t.app, admin.headers, { clinicians: [clinicianId] });
      const put = (payload: object, id = a.id) =>
        t.app.inject({ method: "PUT", url: `/api/patients/${id}`, headers: admin.headers, payload });
      const same = await put(patientBody({ mrn: String(a.mrn).toLowerCase(), clinicians: [clinicianId], version: 1 }));
      expect(same.statusCode).toBe(200);
      expect(same.json().mrn).toBe(String(a.mrn).toLowerCase());

      const taken = await put(patientBody({ mrn: b.mrn, clinicians: [clinicianId], version: 2 }));
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({
        errors: [{ field: "mrn", message: "MRN already in use" }],
        existingPatientId: b.id,
      });

      const invalid = await put(patientBody({ clinicians: [], first_name: "" }));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual(
        expect.arrayContaining([
          { field: "clinicians", message: "Clinician is required" },
          { field: "first_name", message: "First name is required" },
        ]),
      );
      const missing = await put(patientBody({ clinicians: [clinicianId], version: 1 }), 987654);
      expect(missing.statusCode).toBe(404);
    });
  });

  describe("GET /api/patients/check-mrn", () => {
    it("says whether an MRN is free, and is not mistaken for a patient id", async () => {
      const p = await addPatient(t.app, admin.headers, { clinicians: [clinicianId] });
      const check = (query: string) =>
        t.app.inject({ method: "GET", url: `/api/patients/check-mrn?${query}`, headers: admin.headers });

      const free = await check(`mrn=${nextMrn("Free")}`);
      expect(free.statusCode).toBe(200);
      expect(free.json()).toEqual({ available: true, patientId: null });

      expect((await check(`mrn=${String(p.mrn).toLowerCase()}`)).json()).toEqual({ available: false, patientId: p.id });
      expect((await check(`mrn=${p.mrn}&patientId=${p.id}`)).json()).toEqual({ available: true, patientId: null });

      const missing = await check("");
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ field: "mrn", message: "MRN is required" }]);
      expect((await check(`mrn=A1&patientId=x`)).statusCode).toBe(400);
    });
  });
});
