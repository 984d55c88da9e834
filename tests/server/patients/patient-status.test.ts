import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { PATIENT_STATUS_REFUSALS } from "../../../src/server/patients/patient-status.ts";
import { generateOccurrences } from "../../../src/server/scheduling/generate-occurrences.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("patient deactivation and reactivation on $name", (database) => {
  let t: TestApp;
  let clinician: Headers;
  let outsider: Headers;
  let chart: ChartWithRespondent;
  let other: ChartWithRespondent;
  let gad7: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const c = await signedInUser(t.db, { username: "stat", roles: ["clinician"] });
    clinician = c.headers;
    outsider = (await signedInUser(t.db, { username: "statout", roles: ["clinician"] })).headers;
    chart = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Dee",
      last_name: "Activated",
      birth_date: "1980-01-01",
      clinicians: [c.id],
    });
    other = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Stay",
      last_name: "Active",
      birth_date: "1981-01-01",
      clinicians: [c.id],
    });
    gad7 = await measureId(t.db, "gad-7");
  });
  afterAll(async () => t.close());

  const change = (patientId: number, action: string, headers = clinician) =>
    t.app.inject({ method: "POST", url: `/api/patients/${patientId}/change-status`, headers, payload: { action } });
  const answer = (cm: number, question: string, value: number) =>
    t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/${question}`,
      headers: chart.respondent,
      payload: { value, seq: 1 },
    });
  const statusOf = async (cm: number) =>
    (await t.db.selectFrom("client_measure").select("status").where("id", "=", cm).executeTakeFirstOrThrow()).status;

  it("deactivation disables schedules and open measures, keeps results; reactivation brings nothing back", async () => {
    const done = (await schedule(t.app, clinician, { ccauId: chart.ccauId, measureId: gad7, dueDate: dueDate(1) }))
      .clientMeasure.id;
    for (let q = 1; q <= 7; q++) expect((await answer(done, `q${q}`, 1)).statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/questionnaires/${done}`,
      headers: chart.respondent,
      payload: { completed: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const weekly = await schedule(t.app, clinician, {
      ccauId: chart.ccauId,
      measureId: await measureId(t.db, "phq-9"),
      dueDate: dueDate(2),
      frequency: 3,
    });
    const partial = weekly.clientMeasure.id;
    expect((await answer(partial, "q1", 2)).statusCode).toBe(200);

    const openBefore = await t.db
      .selectFrom("client_measure")
      .select("id")
      .where("ccau_id", "=", chart.ccauId)
      .where("status", "in", ["not_started", "partial"])
      .execute();
    expect(openBefore.length).toBeGreaterThan(0);

    const res = await change(chart.patientId, "deactivate");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().patient.status).toBe(false);
    expect(res.json().disabled).toEqual({ schedules: 2, measures: openBefore.length });
    expect(await statusOf(partial)).toBe("disabled");
    expect(await statusOf(done)).toBe("submitted");
    const kept = await t.db.selectFrom("measure_score").select("value").where("client_measure_id", "=", done).execute();
    expect(kept).toHaveLength(1);
    // The respondent has nothing left to answer.
    const open = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: chart.respondent });
    expect(open.json().totalRecords).toBe(0);
    // The generator makes nothing for them, however far ahead it looks.
    const before = await t.db.selectFrom("client_measure").select("id").where("ccau_id", "=", chart.ccauId).execute();
    await generateOccurrences(t.db, new Date(Date.now() + 60 * 86_400_000));
    const after = await t.db.selectFrom("client_measure").select("id").where("ccau_id", "=", chart.ccauId).execute();
    expect(after).toHaveLength(before.length);

    const again = await change(chart.patientId, "deactivate");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(PATIENT_STATUS_REFUSALS.deactivate);

    const back = await change(chart.patientId, "activate");
    expect(back.statusCode).toBe(200);
    expect(back.json().patient.status).toBe(true);
    expect(await statusOf(partial)).toBe("disabled");
    const answers = await t.db
      .selectFrom("answer")
      .select("question_id")
      .where("client_measure_id", "=", partial)
      .execute();
    expect(answers).toEqual([]);
    const schedules = await t.db.selectFrom("schedule").select("enabled").where("ccau_id", "=", chart.ccauId).execute();
    expect(schedules.every((s) => !s.enabled)).toBe(true);
    expect((await change(chart.patientId, "activate")).json().error).toBe(PATIENT_STATUS_REFUSALS.activate);
  });

  it("answers 404 for a chart outside the caller's access and changes nothing", async () => {
    await schedule(t.app, clinician, { ccauId: other.ccauId, measureId: gad7, dueDate: dueDate(3) });
    const res = await change(other.patientId, "deactivate", outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe((await change(2_000_000_000, "deactivate")).json().error);
    const row = await t.db
      .selectFrom("patient")
      .select("active")
      .where("id", "=", other.patientId)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(true);
    const open = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: other.respondent });
    expect(open.json().totalRecords).toBe(1);
  });

  it("filters the patient list by status in words the schema gives", async () => {
    expect((await change(chart.patientId, "deactivate")).statusCode).toBe(200);
    const names = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/patients?view=my${query}`, headers: clinician });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows.map((r: { full_name: string }) => r.full_name);
    };
    expect(await names("&status=inactive")).toEqual(["Dee Activated"]);
    expect(await names("&status=active")).toEqual(["Stay Active"]);
    expect((await names("")).sort()).toEqual(["Dee Activated", "Stay Active"]);
    const bad = await t.app.inject({ method: "GET", url: "/api/patients?status=gone", headers: clinician });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe("Status is not valid");
  });
});
