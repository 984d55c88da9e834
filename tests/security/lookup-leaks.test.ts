import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, nextMrn } from "../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { signInUsers } from "../helpers/users.ts";

type Headers = { authorization: string };

/**
 * Issue 8 §3: look-ups that told a caller about things outside their access. The username check
 * listed accounts to any signed-in user; the MRN check told a clinician that a patient they may
 * not see holds an MRN.
 */
describe.each(DATABASES)("look-ups that must not leak on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  let hiddenMrn: string;
  let ownMrn: string;
  let ownId: number;
  let clinician2Id: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    const { ids, headers } = await signInUsers(t.db, {
      admin: ["admin"],
      staff: ["staff"],
      clinician: ["clinician"],
      clinician2: ["clinician"],
      director: ["director"],
    });
    Object.assign(h, headers);
    clinician2Id = ids.clinician2;
    hiddenMrn = nextMrn("HID");
    ownMrn = nextMrn("OWN");
    await addPatient(t.app, h.admin, { mrn: hiddenMrn, clinicians: [ids.clinician] });
    ownId = (await addPatient(t.app, h.admin, { mrn: ownMrn, clinicians: [ids.clinician2] })).id;
  });
  afterAll(async () => t.close());

  const get = (who: string, url: string) => t.app.inject({ method: "GET", url, headers: h[who] });

  it("answers the username check only to those who create or rename accounts", async () => {
    for (const who of ["clinician", "director"]) {
      const res = await get(who, "/api/security/username?username=admin");
      expect([res.statusCode, res.json().code]).toEqual([403, "forbidden"]);
      expect(res.body).not.toContain("available");
    }
    for (const who of ["admin", "staff"]) {
      const res = await get(who, "/api/security/username?username=clinician");
      expect([res.statusCode, res.json().available]).toEqual([200, false]);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/security/username?username=admin" })).statusCode).toBe(401);
  });

  it("never tells a clinician that a chart they cannot see holds an MRN", async () => {
    const hidden = await get("clinician2", `/api/patients/check-mrn?mrn=${hiddenMrn}`);
    const free = await get("clinician2", `/api/patients/check-mrn?mrn=${nextMrn("FREE")}`);
    expect(hidden.statusCode).toBe(200);
    // The same answer as for an MRN nobody holds: neither confirms nor denies.
    expect(hidden.json()).toEqual({ available: null, patientId: null });
    expect(free.json()).toEqual(hidden.json());
    // Their own patient's MRN is named, with the patient.
    expect((await get("clinician2", `/api/patients/check-mrn?mrn=${ownMrn}`)).json()).toEqual({
      available: false,
      patientId: ownId,
    });
    // Someone who sees every patient gets the exact answer.
    expect((await get("admin", `/api/patients/check-mrn?mrn=${hiddenMrn}`)).json()).toMatchObject({ available: false });
    expect((await get("admin", `/api/patients/check-mrn?mrn=${nextMrn("FREE")}`)).json()).toEqual({
      available: true,
      patientId: null,
    });
  });

  it("lets the save's uniqueness rule refuse the hidden MRN, without naming the patient", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers: h.clinician2,
      payload: {
        mrn: hiddenMrn,
        first_name: "Copy",
        middle_name: null,
        last_name: "Attempt",
        birth_date: "2001-01-01",
        gender: "f",
        email: null,
        email_notification: false,
        mobile_number: null,
        mobile_notification: false,
        clinicians: [clinician2Id],
        clinician_teams: [],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "mrn", message: "MRN already in use" }]);
    expect(res.json().existingPatientId ?? null).toBeNull();
  });
});
