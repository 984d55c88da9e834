import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_ANSWERED, UNDO_ANSWERED } from "../../../src/server/admissions/change-admission.ts";
import { NO_RESPONDENT } from "../../../src/server/admissions/episode-schedules.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { addDays, todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import { type ChartWithRespondent, chartWithRespondent, type Headers, measureId } from "../../helpers/measures.ts";
import { createTeam, superviseClinicians } from "../../helpers/patients.ts";
import { insertProgram, setProgramsEnabled } from "../../helpers/programs.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

const today = () => todayIn("America/New_York");
const BIWEEKLY = 4;
const ONE_TIME = 1;

describe.each(DATABASES)("admission and discharge on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const u: Record<string, number> = {};
  let phq9: number;
  let gad7: number;
  let program: number;
  let quiet: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    await setProgramsEnabled(t.db, true);
    // C: the charts' own clinician. P: on the program only. T: on a team that is on the program.
    // S supervises P. O: nowhere.
    const staff = await signInUsers(t.db, {
      C: ["clinician"],
      P: ["clinician"],
      T: ["clinician"],
      S: ["supervisor"],
      O: ["clinician"],
    });
    Object.assign(h, staff.headers);
    Object.assign(u, staff.ids);
    await superviseClinicians(t.db, u.S, [u.P]);
    const team = await createTeam(t.db, "IOP team", [u.T]);
    phq9 = await measureId(t.db, "phq-9");
    gad7 = await measureId(t.db, "gad-7");
    program = await insertProgram(t.db, {
      name: "Intensive outpatient",
      clinicians: [u.P],
      teams: [team],
      measures: [
        { measureId: phq9, frequency: BIWEEKLY },
        { measureId: phq9, frequency: BIWEEKLY, respondentKind: "caregiver" },
        { measureId: gad7, frequency: ONE_TIME, timing: "discharge" },
      ],
    });
    // No discharge measures: a discharge with nothing to wait for is final at once.
    quiet = await insertProgram(t.db, { name: "Outpatient therapy", measures: [{ measureId: gad7, frequency: 3 }] });
  });
  afterAll(async () => t.close());

  let n = 0;
  const freshChart = (): Promise<ChartWithRespondent> =>
    chartWithRespondent(t.app, t.db, h.C, { first_name: "Adm", last_name: `Episode${++n}`, clinicians: [u.C] });
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who = "C", payload?: object) =>
    t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  async function admit(chart: ChartWithRespondent, day = today(), programId = program) {
    const res = await call("POST", `/api/programs/${programId}/create-assignment`, "C", {
      patientId: chart.patientId,
      admission_date: day,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const discharge = (chart: ChartWithRespondent, episode: number, day = today()) =>
    call("POST", `/api/patients/${chart.patientId}/programs/${episode}/discharge`, "C", {
      disposition: "dropped_out",
      discharge_date: day,
    });
  async function episodeSessions(episode: number) {
    const rows = await t.db
      .selectFrom("client_measure as cm")
      .select(["cm.id", "cm.measure_id", "cm.due_date", "cm.status"])
      .where("cm.access_control_program_id", "=", episode)
      .orderBy("cm.due_date")
      .orderBy("cm.id")
      .execute();
    return rows.map((r) => ({ ...r, due: r.due_date.toISOString().slice(0, 10) }));
  }
  async function submit(chart: ChartWithRespondent, clientMeasureId: number, values: number[]) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/questionnaires/${clientMeasureId}`,
      headers: chart.respondent,
      payload: {
        completed: true,
        pageId: "p1",
        questionAnswers: values.map((value, k) => ({ questionId: `q${k + 1}`, value, seq: k + 1 })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const phq9WithAlert = [1, 1, 1, 1, 1, 1, 1, 1, 1];
  const gad7Calm = [0, 0, 0, 0, 0, 0, 0];
  async function admission(chart: ChartWithRespondent, episode: number, who = "C") {
    const res = await call("GET", `/api/patients/${chart.patientId}/programs`, who);
    expect(res.statusCode).toBe(200);
    return res.json().rows.find((r: { accessControlProgramId: number }) => r.accessControlProgramId === episode);
  }
  async function openAlert(episode: number): Promise<number> {
    const row = await t.db
      .selectFrom("alert as a")
      .innerJoin("client_measure as cm", "cm.id", "a.client_measure_id")
      .select("a.id")
      .where("cm.access_control_program_id", "=", episode)
      .where("a.acknowledged_at", "is", null)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const acknowledge = (alertId: number) =>
    call("POST", `/api/measure-alerts/acknowledge/${alertId}`, "C", { disposition: "patient_contacted" });

  describe("admitting", () => {
    it("records the episode, activates the patient and schedules the admission measures from the admission date", async () => {
      const chart = await freshChart();
      const before = await t.db
        .selectFrom("patient")
        .select("active")
        .where("id", "=", chart.patientId)
        .executeTakeFirstOrThrow();
      expect(before.active).toBe(false);
      const body = await admit(chart);
      const episode = body.admission.accessControlProgramId;
      expect(body.admission).toMatchObject({
        program: { id: program, name: "Intensive outpatient" },
        admission_date: today(),
        discharge_status: null,
        status: "admitted",
        status_label: "In program",
        answered: false,
      });
      expect(body.admission.assignmentId).toEqual(expect.any(Number));
      expect(body.patientActivated).toBe(true);
      const active = await t.db
        .selectFrom("patient")
        .select("active")
        .where("id", "=", chart.patientId)
        .executeTakeFirstOrThrow();
      expect(active.active).toBe(true);
      // Every two weeks from the admission day: today and in 14 days (the look-ahead's last day).
      expect(body.scheduled).toEqual([
        expect.objectContaining({ ccauId: chart.ccauId, measure: "PHQ-9", due_date: today() }),
      ]);
      expect((await episodeSessions(episode)).map((s) => s.due)).toEqual([today(), addDays(today(), 14)]);
      // The chart has no caregiver: the caregiver's PHQ-9 is not scheduled, and the answer says why.
      expect(body.skipped).toEqual([{ measure: "PHQ-9", respondent: null, reason: NO_RESPONDENT }]);
      const schedules = await t.db
        .selectFrom("schedule")
        .select(["due_date", "frequency", "program_timing", "access_control_program_id"])
        .where("ccau_id", "=", chart.ccauId)
        .execute();
      expect(schedules).toEqual([
        {
          due_date: new Date(`${today()}T00:00:00Z`),
          frequency: BIWEEKLY,
          program_timing: "admission",
          access_control_program_id: episode,
        },
      ]);
    });

    it("anchors on a past admission date: the intake is due today, later occurrences keep their anchored days", async () => {
      const chart = await freshChart();
      const admitted = addDays(today(), -20);
      const body = await admit(chart, admitted);
      // Anchored: day 14 (6 days ago) is not made, since nobody was asked then; day 28 is.
      expect((await episodeSessions(body.admission.accessControlProgramId)).map((s) => s.due)).toEqual([
        today(),
        addDays(admitted, 28),
      ]);
      const schedule = await t.db
        .selectFrom("schedule")
        .select(["due_date", "next_due_date"])
        .where("access_control_program_id", "=", body.admission.accessControlProgramId)
        .executeTakeFirstOrThrow();
      expect(schedule.due_date.toISOString().slice(0, 10)).toBe(admitted);
      expect(schedule.next_due_date?.toISOString().slice(0, 10)).toBe(addDays(admitted, 42));
    });

    it("makes every later occurrence of the episode's schedule the episode's (the generator copies it)", async () => {
      const chart = await freshChart();
      const body = await admit(chart);
      const episode = body.admission.accessControlProgramId;
      // The job runs three weeks later: the next occurrence it makes belongs to the episode too.
      const { generateOccurrences } = await import("../../../src/server/scheduling/generate-occurrences.ts");
      await generateOccurrences(t.db, new Date(Date.now() + 21 * 86_400_000));
      expect((await episodeSessions(episode)).map((s) => s.due)).toEqual([
        today(),
        addDays(today(), 14),
        addDays(today(), 28),
      ]);
    });

    it("refuses a second admission to the same program, a future date and an inactive program", async () => {
      const chart = await freshChart();
      await admit(chart);
      const again = await call("POST", `/api/programs/${program}/create-assignment`, "C", {
        patientId: chart.patientId,
        admission_date: today(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("This patient is already in this program.");
      const future = await call("POST", `/api/programs/${quiet}/create-assignment`, "C", {
        patientId: chart.patientId,
        admission_date: addDays(today(), 5),
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().error).toBe("Admission date cannot be in the future.");
      const closed = await insertProgram(t.db, { name: "Closed program", status: "inactive" });
      const inactive = await call("POST", `/api/programs/${closed}/create-assignment`, "C", {
        patientId: chart.patientId,
        admission_date: today(),
      });
      expect(inactive.statusCode).toBe(409);
      const bad = await call("POST", `/api/programs/${quiet}/create-assignment`, "C", {
        patientId: chart.patientId,
        admission_date: "2026-02-30",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("Admission date is not valid");
      // A chart the caller does not see is answered as if it did not exist.
      const hidden = await call("POST", `/api/programs/${quiet}/create-assignment`, "O", {
        patientId: chart.patientId,
        admission_date: today(),
      });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe("undo and date change", () => {
    it("undoes an admission with nothing answered: the record, its schedules and sessions are gone", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart)).admission.accessControlProgramId;
      const res = await call("DELETE", `/api/patients/${chart.ccaId}/programs/${episode}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accessControlProgramId: episode, removedSessions: 2 });
      expect(await admission(chart, episode)).toBeUndefined();
      const left = await t.db.selectFrom("schedule").select("id").where("ccau_id", "=", chart.ccauId).execute();
      expect(left).toEqual([]);
      expect(
        await t.db.selectFrom("client_measure").select("id").where("ccau_id", "=", chart.ccauId).execute(),
      ).toEqual([]);
      // Admitted again after the undo: a fresh episode.
      expect((await admit(chart)).admission.accessControlProgramId).not.toBe(episode);
    });

    it("refuses to undo or move an admission once something was answered under it", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart, addDays(today(), -2))).admission.accessControlProgramId;
      const [intake] = await episodeSessions(episode);
      await submit(chart, intake.id, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
      expect((await admission(chart, episode)).answered).toBe(true);
      const undo = await call("DELETE", `/api/patients/${chart.ccaId}/programs/${episode}`);
      expect(undo.statusCode).toBe(409);
      expect(undo.json().error).toBe(UNDO_ANSWERED);
      const move = await call("PUT", `/api/patients/${chart.patientId}/programs/${episode}`, "C", {
        admission_date: addDays(today(), -5),
      });
      expect(move.statusCode).toBe(409);
      expect(move.json().error).toBe(DATE_ANSWERED);
      expect((await admission(chart, episode)).admission_date).toBe(addDays(today(), -2));
    });

    it("moves an unanswered admission to another day and schedules its measures again from it", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart)).admission.accessControlProgramId;
      const moved = addDays(today(), -10);
      const res = await call("PUT", `/api/patients/${chart.patientId}/programs/${episode}`, "C", {
        admission_date: moved,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().admission.admission_date).toBe(moved);
      // Biweekly from ten days ago: the intake today, then day 14 of the episode (in four days).
      expect((await episodeSessions(episode)).map((s) => s.due)).toEqual([today(), addDays(moved, 14)]);
    });

    it("answers an admission of another chart with 404", async () => {
      const a = await freshChart();
      const b = await freshChart();
      const episode = (await admit(a)).admission.accessControlProgramId;
      expect((await call("DELETE", `/api/patients/${b.ccaId}/programs/${episode}`)).statusCode).toBe(404);
      expect((await discharge(b, episode)).statusCode).toBe(404);
      expect(await admission(a, episode)).toBeDefined();
    });
  });

  describe("discharge", () => {
    async function dischargedWithAlert() {
      const chart = await freshChart();
      const episode = (await admit(chart)).admission.accessControlProgramId;
      const [intake] = await episodeSessions(episode);
      await submit(chart, intake.id, phq9WithAlert);
      const res = await discharge(chart, episode);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.admission).toMatchObject({
        discharge_status: "pending",
        status_label: "Discharge pending",
        disposition: "dropped_out",
        disposition_label: "Dropped out",
        discharge_date: today(),
        waiting: { measures: 1, alerts: 1 },
      });
      expect(body.scheduled).toEqual([expect.objectContaining({ measure: "GAD-7", due_date: today() })]);
      const dischargeMeasure = (await episodeSessions(episode)).find((s) => s.measure_id === gad7);
      return { chart, episode, dischargeMeasure: dischargeMeasure?.id as number };
    }

    it("stops the program's recurring measures after the discharge day, even while the discharge is pending", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart)).admission.accessControlProgramId;
      const admitted = addDays(today(), -10);
      const move = await call("PUT", `/api/patients/${chart.patientId}/programs/${episode}`, "C", {
        admission_date: admitted,
      });
      expect(move.statusCode, move.body).toBe(200);
      // The intake today and day 14 of the episode, in four days.
      const [intake, dayFourteen] = await episodeSessions(episode);
      expect(dayFourteen.due).toBe(addDays(admitted, 14));
      expect((await discharge(chart, episode)).statusCode).toBe(200);
      const after = await episodeSessions(episode);
      // Due by the discharge day: still answerable; after it: withdrawn; the discharge measure added.
      expect(after.find((s) => s.id === intake.id)?.status).toBe("not_started");
      expect(after.find((s) => s.id === dayFourteen.id)?.status).toBe("disabled");
      expect(after.filter((s) => s.measure_id === gad7).map((s) => s.due)).toEqual([today()]);
      const schedules = await t.db
        .selectFrom("schedule")
        .select(["program_timing", "enabled"])
        .where("access_control_program_id", "=", episode)
        .orderBy("program_timing")
        .execute();
      expect(schedules).toEqual([
        { program_timing: "admission", enabled: false },
        { program_timing: "discharge", enabled: true },
      ]);
      expect((await admission(chart, episode)).discharge_status).toBe("pending");
    });

    it("stays pending until the discharge measure is answered and then the alert acknowledged", async () => {
      const { chart, episode, dischargeMeasure } = await dischargedWithAlert();
      await submit(chart, dischargeMeasure, gad7Calm);
      expect(await admission(chart, episode)).toMatchObject({
        discharge_status: "pending",
        waiting: { measures: 0, alerts: 1 },
      });
      expect((await acknowledge(await openAlert(episode))).statusCode).toBe(200);
      expect(await admission(chart, episode)).toMatchObject({ discharge_status: "final", status_label: "Discharged" });
      // The episode stops: its schedules are disabled, the PHQ-9 due in two weeks is withdrawn.
      const schedules = await t.db
        .selectFrom("schedule")
        .select("enabled")
        .where("access_control_program_id", "=", episode)
        .execute();
      expect(schedules.every((s) => !s.enabled)).toBe(true);
      const statuses = (await episodeSessions(episode)).map(
        (s) => `${s.measure_id === gad7 ? "GAD-7" : "PHQ-9"} ${s.status}`,
      );
      expect(statuses.sort()).toEqual(["GAD-7 submitted", "PHQ-9 disabled", "PHQ-9 submitted"]);
    });

    it("stays pending until the alert is acknowledged and then the discharge measure answered", async () => {
      const { chart, episode, dischargeMeasure } = await dischargedWithAlert();
      expect((await acknowledge(await openAlert(episode))).statusCode).toBe(200);
      expect(await admission(chart, episode)).toMatchObject({
        discharge_status: "pending",
        waiting: { measures: 1, alerts: 0 },
      });
      await submit(chart, dischargeMeasure, gad7Calm);
      expect(await admission(chart, episode)).toMatchObject({ discharge_status: "final", waiting: null });
    });

    it("is final at once when there is nothing to wait for, and cannot be discharged twice", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart, today(), quiet)).admission.accessControlProgramId;
      const res = await discharge(chart, episode);
      expect(res.json().admission).toMatchObject({ discharge_status: "final", status: "discharged" });
      expect((await discharge(chart, episode)).statusCode).toBe(409);
      // Finally discharged, the patient may be admitted again: a new episode.
      const again = await admit(chart, today(), quiet);
      expect(again.admission.accessControlProgramId).not.toBe(episode);
    });

    it("needs a disposition and a discharge date not before the admission", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart, addDays(today(), -3), quiet)).admission.accessControlProgramId;
      const none = await call("POST", `/api/patients/${chart.patientId}/programs/${episode}/discharge`, "C", {
        discharge_date: today(),
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe("Discharge disposition is required");
      const early = await discharge(chart, episode, addDays(today(), -4));
      expect(early.statusCode).toBe(400);
      expect(early.json().error).toBe("Discharge date cannot be before the admission date.");
      expect((await admission(chart, episode)).discharge_status).toBeNull();
    });
  });

  describe("access follows admissions", () => {
    /** Whether the caller's patient list (in a view) holds the chart. */
    const lists = async (who: string, chart: ChartWithRespondent, query = "") => {
      const list = await call("GET", `/api/patients?pageSize=200${query}`, who);
      expect(list.statusCode).toBe(200);
      return list.json().rows.some((r: { id: number }) => r.id === chart.patientId);
    };
    /** Whether the caller opens the chart, and their default list agrees. */
    const sees = async (who: string, chart: ChartWithRespondent, query = "") => {
      const opens = (await call("GET", `/api/patients/${chart.patientId}`, who)).statusCode === 200;
      expect(await lists(who, chart, query)).toBe(opens);
      return opens;
    };

    it("shows the chart to the program's clinicians, teams and supervisors while admitted, and no longer after a final discharge", async () => {
      const chart = await freshChart();
      expect(await sees("P", chart)).toBe(false);
      expect(await sees("T", chart)).toBe(false);
      const episode = (await admit(chart)).admission.accessControlProgramId;
      expect(await sees("P", chart)).toBe(true);
      expect(await sees("T", chart)).toBe(true);
      expect(await lists("T", chart, "&view=team")).toBe(true);
      expect(await lists("P", chart, "&view=team")).toBe(false);
      expect(await sees("S", chart, "&view=supervised")).toBe(true);
      expect(await sees("O", chart)).toBe(false);
      // A clinician on the program works the chart: its admissions, its measures.
      expect((await call("GET", `/api/patients/${chart.patientId}/programs`, "P")).statusCode).toBe(200);
      expect((await call("GET", `/api/overview/measures/${chart.ccauId}`, "P")).statusCode).toBe(200);

      // Pending: still in care, still visible.
      const [intake] = await episodeSessions(episode);
      await submit(chart, intake.id, phq9WithAlert);
      await discharge(chart, episode);
      expect(await sees("P", chart)).toBe(true);
      const dischargeMeasure = (await episodeSessions(episode)).find((s) => s.measure_id === gad7);
      await submit(chart, dischargeMeasure?.id as number, gad7Calm);
      await acknowledge(await openAlert(episode));
      expect((await admission(chart, episode)).discharge_status).toBe("final");

      // Final: the program path is gone; the chart's own clinician keeps it.
      expect(await sees("P", chart)).toBe(false);
      expect(await sees("T", chart)).toBe(false);
      expect(await sees("S", chart, "&view=supervised")).toBe(false);
      expect(await sees("C", chart)).toBe(true);
      expect((await call("GET", `/api/patients/${chart.patientId}/programs`, "P")).statusCode).toBe(404);
      expect((await call("GET", `/api/overview/measures/${chart.ccauId}`, "P")).statusCode).toBe(404);
      expect((await call("GET", `/api/measure-session/${intake.id}/session-report`, "P")).statusCode).toBe(404);
    });

    it("keeps the chart for a program clinician who is also on the chart", async () => {
      const chart = await chartWithRespondent(t.app, t.db, h.C, {
        first_name: "Adm",
        last_name: `Both${++n}`,
        clinicians: [u.C, u.P],
      });
      const episode = (await admit(chart, today(), quiet)).admission.accessControlProgramId;
      await discharge(chart, episode);
      expect((await admission(chart, episode)).discharge_status).toBe("final");
      expect(await sees("P", chart)).toBe(true);
    });
  });

  describe("episode on the session report", () => {
    it("shows the program, dates, disposition and length of treatment at completion", async () => {
      const chart = await freshChart();
      const admitted = addDays(today(), -10);
      const episode = (await admit(chart, admitted)).admission.accessControlProgramId;
      const [intake] = await episodeSessions(episode);
      await submit(chart, intake.id, phq9WithAlert);
      // Completed at noon UTC today: the same clinic day in New York.
      await sql`update client_measure set completed_at = ${`${today()}T16:00:00Z`}::timestamptz where id = ${intake.id}`.execute(
        t.db,
      );
      await discharge(chart, episode);
      const res = await call("GET", `/api/measure-session/${intake.id}/session-report`);
      expect(res.statusCode).toBe(200);
      expect(res.json().episode).toEqual({
        accessControlProgramId: episode,
        program: { id: program, name: "Intensive outpatient" },
        admission_date: admitted,
        discharge_date: today(),
        disposition: "dropped_out",
        disposition_label: "Dropped out",
        status: "discharge_pending",
        status_label: "Discharge pending",
        at_completion: {
          days: 10,
          weeks: 2,
          days_bucket: "8-10",
          days_bucket_label: "8-10",
          weeks_bucket: "2-4",
          weeks_bucket_label: "2-4",
        },
        at_discharge: expect.objectContaining({ days: 10, weeks: 2 }),
      });
    });

    it("counts a clinician's own measure answered during the episode in that episode; none outside programs", async () => {
      const chart = await freshChart();
      const outside = await t.app.inject({
        method: "POST",
        url: "/api/scheduling",
        headers: h.C,
        payload: { ccauId: chart.ccauId, measureId: gad7, dueDate: `${today()} 00:00:00`, frequency: 1 },
      });
      const before = outside.json().clientMeasure.id;
      await submit(chart, before, gad7Calm);
      expect((await call("GET", `/api/measure-session/${before}/session-report`)).json().episode).toBeNull();
      const episode = (await admit(chart, today(), quiet)).admission.accessControlProgramId;
      const own = await t.app.inject({
        method: "POST",
        url: "/api/scheduling",
        headers: h.C,
        payload: { ccauId: chart.ccauId, measureId: phq9, dueDate: `${today()} 00:00:00`, frequency: 1 },
      });
      const during = own.json().clientMeasure.id;
      await submit(chart, during, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
      const report = (await call("GET", `/api/measure-session/${during}/session-report`)).json();
      expect(report.episode).toMatchObject({
        accessControlProgramId: episode,
        program: { name: "Outpatient therapy" },
      });
      expect(report.episode.at_completion).toMatchObject({
        days: 0,
        weeks: 0,
        days_bucket: "lt2",
        weeks_bucket: "le1",
      });
    });
  });

  describe("programs turned off", () => {
    it("answers every admission route 404 and hides nothing else", async () => {
      const chart = await freshChart();
      const episode = (await admit(chart, today(), quiet)).admission.accessControlProgramId;
      await setProgramsEnabled(t.db, false);
      try {
        const base = `/api/patients/${chart.patientId}/programs`;
        const tries = [
          await call("GET", base),
          await call("GET", `${base}/available`),
          await call("POST", `/api/programs/${quiet}/create-assignment`, "C", {
            patientId: chart.patientId,
            admission_date: today(),
          }),
          await call("PUT", `${base}/${episode}`, "C", { admission_date: today() }),
          await discharge(chart, episode),
          await call("DELETE", `/api/patients/${chart.ccaId}/programs/${episode}`),
        ];
        expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
        expect((await call("GET", `/api/patients/${chart.patientId}`)).statusCode).toBe(200);
      } finally {
        await setProgramsEnabled(t.db, true);
      }
      expect((await admission(chart, episode)).discharge_status).toBeNull();
    });
  });

  describe("programs to choose from", () => {
    it("lists the active programs the patient is not in", async () => {
      const chart = await freshChart();
      const names = async () =>
        (await call("GET", `/api/patients/${chart.patientId}/programs/available`))
          .json()
          .rows.map((r: { name: string }) => r.name);
      expect(await names()).toEqual(expect.arrayContaining(["Intensive outpatient", "Outpatient therapy"]));
      expect(await names()).not.toContain("Closed program");
      await admit(chart, today(), quiet);
      expect(await names()).not.toContain("Outpatient therapy");
    });
  });
});
