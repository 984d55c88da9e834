import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  linkedRespondent,
  measureId,
} from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const MOTHER = 4;

describe.each(DATABASES)("scheduling on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const ids: Record<string, number> = {};
  let adult: ChartWithRespondent;
  let child: ChartWithRespondent;
  let mother: { ccauId: number };
  let clinicianId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const clinician = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    h.clinician = clinician.headers;
    clinicianId = clinician.id;
    h.other = (await signedInUser(t.db, { username: "clin2", roles: ["clinician"] })).headers;
    h.director = (await signedInUser(t.db, { username: "dir", roles: ["director"] })).headers;
    adult = await chartWithRespondent(t.app, t.db, h.clinician, {
      birth_date: "1980-05-01",
      clinicians: [clinician.id],
    });
    child = await chartWithRespondent(t.app, t.db, h.clinician, {
      birth_date: `${new Date().getUTCFullYear() - 8}-01-15`,
      clinicians: [clinician.id],
    });
    mother = await linkedRespondent(t.db, child.ccaId, {
      username: "mom",
      relationId: MOTHER,
      respondentType: "caregiver",
    });
    for (const id of ["phq-9", "gad-7", "psc-17", "audit"]) ids[id] = await measureId(t.db, id);
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, who = "clinician") =>
    t.app.inject({ method: "POST", url: "/api/scheduling", headers: h[who], payload: payload as object });
  const options = async (ccauId: number, who = "clinician") =>
    t.app.inject({ method: "GET", url: `/api/scheduling/${ccauId}`, headers: h[who] });

  it("offers the measures that fit the respondent: self-report to the patient, PSC-17 to a child's parent", async () => {
    const forAdult = (await options(adult.ccauId)).json();
    const adultList = forAdult.rows.map((r: { measure_id: string }) => r.measure_id);
    expect(adultList).toContain("phq-9");
    expect(adultList).not.toContain("psc-17");
    expect(forAdult.frequencies[0]).toEqual({ value: 1, label: "One Time" });
    expect(forAdult.frequencies).toHaveLength(11);

    const forMother = (await options(mother.ccauId)).json();
    expect(forMother.rows.map((r: { measure_id: string }) => r.measure_id)).toEqual(["psc-17"]);
    // CORE-10 is for 17 and over: not offered to an 8-year-old's own link.
    const forChild = (await options(child.ccauId)).json();
    expect(forChild.rows.map((r: { measure_id: string }) => r.measure_id)).not.toContain("core-10");
    expect(adultList).toContain("core-10");
  });

  it("refuses a measure that does not fit the respondent", async () => {
    const res = await post({ ccauId: adult.ccauId, measureId: ids["psc-17"], dueDate: dueDate(2), frequency: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "measureId", message: "This measure is answered by a parent or caregiver." },
    ]);
  });

  it("assigns a one-time measure: a schedule, its first occurrence not started, and the patient activated", async () => {
    const before = await t.db
      .selectFrom("patient")
      .select("active")
      .where("id", "=", adult.patientId)
      .executeTakeFirstOrThrow();
    expect(before.active).toBe(false);
    const res = await post({ ccauId: adult.ccauId, measureId: ids["phq-9"], dueDate: dueDate(3), frequency: 1 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      schedule: {
        ccauId: adult.ccauId,
        measureId: ids["phq-9"],
        frequency: 1,
        due_date: `${dueDate(3).slice(0, 10)}T00:00:00.000Z`,
      },
      clientMeasure: { status: "not_started" },
      patientActivated: true,
    });
    const cm = await t.db
      .selectFrom("client_measure")
      .select(["status", "schedule_id", "measure_version_id"])
      .where("id", "=", body.clientMeasure.id)
      .executeTakeFirstOrThrow();
    expect(cm).toMatchObject({ status: "not_started", schedule_id: body.schedule.id });
    expect(cm.measure_version_id).not.toBeNull();
    const patient = await t.app.inject({
      method: "GET",
      url: `/api/patients/${adult.patientId}`,
      headers: h.clinician,
    });
    expect(patient.json().status).toBe(true);
    const history = await t.db
      .selectFrom("record_history")
      .select(["version", "data"])
      .where("entity", "=", "patient")
      .where("entity_id", "=", adult.patientId)
      .orderBy("version")
      .execute();
    expect(history.map((v) => (v.data as { status: boolean }).status)).toEqual([false, true]);
    const assigned = await t.db
      .selectFrom("activity_log")
      .select(["actor_id", "detail"])
      .where("user_id", "=", adult.respondentId)
      .where("code", "=", ACTIVITY.screenAssigned)
      .execute();
    expect(assigned).toEqual([
      { actor_id: clinicianId, detail: { clientMeasureId: body.clientMeasure.id, measure: "PHQ-9" } },
    ]);

    // A second measure keeps the patient active without another history version.
    const again = await post({ ccauId: adult.ccauId, measureId: ids["gad-7"], dueDate: dueDate(3), frequency: 3 });
    expect(again.json()).toMatchObject({ patientActivated: false, schedule: { frequency: 3 } });
  });

  it("asks for confirmation when the same measure is already due that day", async () => {
    const body = { ccauId: adult.ccauId, measureId: ids.audit, dueDate: dueDate(5), frequency: 1 };
    expect((await post(body)).statusCode).toBe(201);
    const clash = await post(body);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: "already_scheduled",
      error: expect.stringContaining("already scheduled"),
    });
    expect((await post({ ...body, dueDate: dueDate(6) })).statusCode).toBe(201);
    const confirmed = await post({ ...body, confirm: true });
    expect(confirmed.statusCode).toBe(201);
    const rows = await t.db
      .selectFrom("client_measure")
      .select("id")
      .where("ccau_id", "=", adult.ccauId)
      .where("measure_id", "=", ids.audit)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("validates the request with the spec's messages", async () => {
    const base = { ccauId: adult.ccauId, measureId: ids["gad-7"], dueDate: dueDate(4), frequency: 1 };
    const frequency = await post({ ...base, frequency: 12 });
    expect(frequency.json().errors).toEqual([{ field: "frequency", message: "A valid frequency must be selected." }]);
    const missing = await post({ ccauId: adult.ccauId, dueDate: dueDate(4), frequency: 1 });
    expect(missing.json().errors).toEqual([{ field: "measureId", message: "A measure must be selected." }]);
    for (const bad of ["2026-02-30 00:00:00", "tomorrow", "2026-01-01"]) {
      const res = await post({ ...base, dueDate: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].field).toBe("dueDate");
    }
    const past = await post({ ...base, dueDate: "2020-01-01 00:00:00" });
    expect(past.json().errors).toEqual([{ field: "dueDate", message: "Due date cannot be in the past." }]);
    expect((await post({ ...base, measureId: 999999 })).statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/scheduling",
      headers: { ...h.clinician, "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("answers 404 for a respondent of a chart the clinician cannot see, and 403 without patients.write", async () => {
    const body = { ccauId: adult.ccauId, measureId: ids["gad-7"], dueDate: dueDate(8), frequency: 1 };
    expect((await post(body, "other")).statusCode).toBe(404);
    expect((await options(adult.ccauId, "other")).statusCode).toBe(404);
    expect((await post(body, "director")).statusCode).toBe(403);
    expect((await options(999999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/scheduling/abc", headers: h.clinician })).statusCode).toBe(
      400,
    );
  });
});
