import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  linkedRespondent,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

const MOTHER = 4;
const PHQ9_ALERT = "phq-9-item-9-suicide-risk";

describe.each(DATABASES)("answering a measure on $name", (database) => {
  let t: TestApp;
  let clinician: Headers;
  let clinicianId: number;
  let jordan: ChartWithRespondent;
  let sam: ChartWithRespondent;
  const m: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const c = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    clinician = c.headers;
    clinicianId = c.id;
    jordan = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Jordan",
      last_name: "Answers",
      birth_date: "1990-01-01",
      gender: "m",
      clinicians: [c.id],
    });
    sam = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Sam",
      last_name: "Other",
      birth_date: "1991-01-01",
      clinicians: [c.id],
    });
    for (const id of ["phq-9", "gad-7", "audit"]) m[id] = await measureId(t.db, id);
  });
  afterAll(async () => t.close());

  async function assign(who: ChartWithRespondent, measure: string, days = 2): Promise<number> {
    return (await schedule(t.app, clinician, { ccauId: who.ccauId, measureId: m[measure], dueDate: dueDate(days) }))
      .clientMeasure.id;
  }
  const put = (headers: Headers, cm: number, question: string, value: unknown, seq: number, page = "p1") =>
    t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/${page}/question/${question}`,
      headers,
      payload: { value, seq },
    });
  const page = (headers: Headers, cm: number, p = "p1") =>
    t.app.inject({ method: "GET", url: `/api/questionnaires/${cm}/page/${p}`, headers });
  const submit = (headers: Headers, cm: number, body: Record<string, unknown> = {}) =>
    t.app.inject({ method: "POST", url: `/api/questionnaires/${cm}`, headers, payload: { completed: true, ...body } });
  const rows = (table: "measure_score" | "alert" | "answer", cm: number) =>
    t.db.selectFrom(table).selectAll().where("client_measure_id", "=", cm).execute();

  describe("privacy agreement", () => {
    it("gates every questionnaires route with 403 until accepted, once", async () => {
      const late = await chartWithRespondent(
        t.app,
        t.db,
        clinician,
        { birth_date: "1985-02-02", clinicians: [clinicianId] },
        { agreed: false },
      );
      const cm = await assign(late, "gad-7");
      for (const [method, url] of [
        ["GET", "/api/questionnaires/session"],
        ["GET", `/api/questionnaires/have-available-questionnaires/${late.ccauId}`],
        ["GET", `/api/questionnaires/${cm}/page/p1`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: late.respondent });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe("hippa_agreement_required");
      }
      expect((await put(late.respondent, cm, "q1", 1, 1)).json().code).toBe("hippa_agreement_required");
      expect((await submit(late.respondent, cm)).json().code).toBe("hippa_agreement_required");

      const refuse = await t.app.inject({
        method: "POST",
        url: "/api/questionnaires/hippa-agreement",
        headers: late.respondent,
        payload: { hippaAgreement: false },
      });
      expect(refuse.statusCode).toBe(400);
      expect(refuse.json().errors).toEqual([
        { field: "hippaAgreement", message: "You must accept the privacy agreement to continue." },
      ]);
      const accept = async () =>
        (
          await t.app.inject({
            method: "POST",
            url: "/api/questionnaires/hippa-agreement",
            headers: late.respondent,
            payload: { hippaAgreement: true },
          })
        ).json();
      const first = await accept();
      expect(first).toMatchObject({ hippaAgreement: true, acceptedAt: expect.any(String) });
      expect((await accept()).acceptedAt).toBe(first.acceptedAt);
      const session = await t.app.inject({
        method: "GET",
        url: "/api/get-session".replace("/api/", "/api/security/"),
        headers: late.respondent,
      });
      expect(session.json().user.hippaAgreement).toBe(true);
      expect((await page(late.respondent, cm)).statusCode).toBe(200);
    });

    it("is for respondents: a clinician gets 403", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: clinician });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("what is available", () => {
    it("lists open sessions per respondent link, the own chart first, with a parent seeing each child", async () => {
      const child = await chartWithRespondent(t.app, t.db, clinician, {
        first_name: "Robin",
        last_name: "Kid",
        birth_date: `${new Date().getUTCFullYear() - 9}-03-03`,
        clinicians: [clinicianId],
      });
      const parent = await linkedRespondent(t.db, child.ccaId, {
        username: "parent1",
        relationId: MOTHER,
        respondentType: "caregiver",
      });
      const own = await chartWithRespondent(t.app, t.db, clinician, {
        first_name: "Pat",
        last_name: "Parent",
        clinicians: [clinicianId],
      });
      // The parent's own chart uses the parent's account too: one login, two groups.
      await t.db.updateTable("cca_user").set({ user_id: parent.userId }).where("id", "=", own.ccauId).execute();
      const psc = await schedule(t.app, clinician, {
        ccauId: parent.ccauId,
        measureId: await measureId(t.db, "psc-17"),
        dueDate: dueDate(4),
      });
      const gad = await schedule(t.app, clinician, { ccauId: own.ccauId, measureId: m["gad-7"], dueDate: dueDate(1) });

      const res = await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: parent.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalRecords).toBe(2);
      expect(
        body.groups.map((g: { self: boolean; patient: { full_name: string } }) => [g.self, g.patient.full_name]),
      ).toEqual([
        [true, "Pat Parent"],
        [false, "Robin Kid"],
      ]);
      expect(body.groups[1].measures[0]).toMatchObject({
        clientMeasureId: psc.clientMeasure.id,
        title: "Questionnaire about your child's feelings and behaviour",
        status: "not_started",
        firstPageId: "p1",
        resumePageId: "p1",
        answeredCount: 0,
        lastSeq: 0,
      });
      expect(body.groups[0].measures[0].clientMeasureId).toBe(gad.clientMeasure.id);
      // A respondent reads the respondent-facing title, never the clinical name or a diagnostic label.
      expect(body.groups[0].measures[0].title).toBe("Questionnaire about feeling nervous or worried");
      expect(res.body).not.toMatch(/GAD|PSC|Anxiety|Pediatric Symptom|abbreviation|short_name|gad-7|psc-17/i);

      const available = await t.app.inject({
        method: "GET",
        url: `/api/questionnaires/have-available-questionnaires/${parent.ccauId}`,
        headers: parent.headers,
      });
      expect(available.json()).toEqual({ available: true, count: 1 });
      // Somebody else's link is not there at all.
      const foreign = await t.app.inject({
        method: "GET",
        url: `/api/questionnaires/have-available-questionnaires/${jordan.ccauId}`,
        headers: parent.headers,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it("stops offering a session once its due day is over in the clinic's time zone, and refuses writes to it", async () => {
      const cm = await assign(sam, "gad-7", 1);
      await t.db
        .updateTable("client_measure")
        .set({ due_date: new Date(Date.now() - 3 * 86_400_000) })
        .where("id", "=", cm)
        .execute();
      const listed = (
        await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: sam.respondent })
      )
        .json()
        .groups.flatMap((g: { measures: { clientMeasureId: number }[] }) => g.measures.map((x) => x.clientMeasureId));
      expect(listed).not.toContain(cm);
      const res = await put(sam.respondent, cm, "q1", 1, 1);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("session_expired");
      expect((await page(sam.respondent, cm)).json()).toMatchObject({ expired: true, editable: false });
    });
  });

  describe("answering, resuming and submitting PHQ-9", () => {
    let cm: number;
    beforeAll(async () => {
      cm = await assign(jordan, "phq-9");
    });

    it("shows a page with its questions, nothing answered yet", async () => {
      const res = await page(jordan.respondent, cm);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        clientMeasureId: cm,
        status: "not_started",
        editable: true,
        lastSeq: 0,
        pageId: "p1",
        previousPageId: null,
        nextPageId: null,
        measure: {
          title: "Questionnaire about how you've been feeling",
          instructions: expect.stringContaining("Over the last 2 weeks"),
        },
      });
      expect(body.measure).not.toHaveProperty("name");
      expect(JSON.stringify(body.measure)).not.toMatch(/PHQ|Patient Health|Depression|phq-9/i);
      expect(body.questions).toHaveLength(10);
      expect(body.questions[0]).toMatchObject({ id: "q1", value: null, hidden: false, required: true });
      expect(body.questions[0].options[3]).toMatchObject({ value: 3, label: "Nearly every day" });
      expect((await page(jordan.respondent, cm, "p2")).statusCode).toBe(404);
    });

    it("saves answers one by one, keeps the newest save whatever order they arrive in, and validates values", async () => {
      const first = await put(jordan.respondent, cm, "q1", 2, 1);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ questionId: "q1", applied: true, value: 2, seq: 1, status: "partial" });

      // Save 3 (value 3) arrives before save 2 (value 1): save 2 is stale and ignored.
      expect((await put(jordan.respondent, cm, "q2", 3, 3)).json()).toMatchObject({ applied: true, value: 3 });
      const stale = await put(jordan.respondent, cm, "q2", 1, 2);
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toMatchObject({ applied: false, value: 3, seq: 3 });
      const stored = await t.db
        .selectFrom("answer")
        .select(["value", "client_seq"])
        .where("client_measure_id", "=", cm)
        .where("question_id", "=", "q2")
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ value: 3, client_seq: 3 });

      const notAnOption = await put(jordan.respondent, cm, "q3", 7, 4);
      expect(notAnOption.statusCode).toBe(400);
      expect(notAnOption.json()).toMatchObject({
        code: "validation",
        errors: [{ field: "q3", message: "Choose one of this question's options." }],
      });
      expect((await put(jordan.respondent, cm, "q3", "often", 4)).statusCode).toBe(400);
      expect((await put(jordan.respondent, cm, "q99", 1, 4)).statusCode).toBe(400);
      expect((await put(jordan.respondent, cm, "q3", 1, -1)).statusCode).toBe(400);
      const badSeq = await t.app.inject({
        method: "PUT",
        url: `/api/questionnaires/${cm}/page/p1/question/q3`,
        headers: jordan.respondent,
        payload: { value: 1 },
      });
      expect(badSeq.json().errors).toEqual([{ field: "seq", message: "Save number is required" }]);
      const malformed = await t.app.inject({
        method: "PUT",
        url: `/api/questionnaires/${cm}/page/p1/question/q3`,
        headers: { ...jordan.respondent, "content-type": "application/json" },
        payload: '{"value": 1,',
      });
      expect(malformed.statusCode).toBe(400);
      const nonNumeric = await t.app.inject({
        method: "GET",
        url: "/api/questionnaires/abc/page/p1",
        headers: jordan.respondent,
      });
      expect(nonNumeric.statusCode).toBe(400);
      expect(nonNumeric.json().error).toBe("Id is not valid");
    });

    it("resumes on another device: a fresh sign-in reads the partial answers and the last save number", async () => {
      const otherDevice = await authHeader(t.db, jordan.respondentId);
      const body = (await page(otherDevice, cm)).json();
      expect(body).toMatchObject({ status: "partial", lastSeq: 3, answeredCount: 2 });
      expect(body.questions.slice(0, 3).map((q: { value: unknown }) => q.value)).toEqual([2, 3, null]);
      const listed = (await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: otherDevice }))
        .json()
        .groups[0].measures.find((x: { clientMeasureId: number }) => x.clientMeasureId === cm);
      expect(listed).toMatchObject({ status: "partial", answeredCount: 2, lastSeq: 3, resumePageId: "p1" });
    });

    it("refuses to submit with required questions skipped, stores no score, keeps the answers", async () => {
      const res = await submit(jordan.respondent, cm, {
        pageId: "p1",
        questionAnswers: [{ questionId: "q3", value: 1, seq: 4 }],
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({
        code: "required_missing",
        error: "A measure cannot be scored when required questions are skipped.",
      });
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(["q4", "q5", "q6", "q7", "q8", "q9"]);
      expect(body.errors[5].message).toContain("Thoughts that you would be better off dead");
      expect(await rows("measure_score", cm)).toEqual([]);
      const session = await t.db
        .selectFrom("client_measure")
        .selectAll()
        .where("id", "=", cm)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({ status: "partial", severity: null, completed_at: null });
      expect((await rows("answer", cm)).map((a) => a.question_id).sort()).toEqual(["q1", "q2", "q3"]);
    });

    it("raises the item-9 alert as soon as the answer is saved, even before submit", async () => {
      expect((await put(jordan.respondent, cm, "q9", 1, 5)).json()).toMatchObject({ applied: true });
      const alerts = await rows("alert", cm);
      expect(alerts).toEqual([
        expect.objectContaining({
          rule_id: PHQ9_ALERT,
          level: "critical",
          acknowledged_at: null,
          cca_id: jordan.ccaId,
        }),
      ]);
      expect(alerts[0].message).toContain("Suicide risk");
    });

    it("submits with the last page: scores PHQ-9, stores severity and scores, keeps one item-9 alert", async () => {
      // q1..q9 = 2, 3, 1, 2, 2, 1, 1, 0, 1 -> 13: Moderate, past the cut-off of 10.
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/questionnaires/${cm}`,
        headers: jordan.respondent,
        payload: {
          pageId: "p1",
          completed: true,
          last_answered_question: "q10",
          questionAnswers: [
            { questionId: "q4", value: 2, seq: 6 },
            { questionId: "q5", value: 2, seq: 7 },
            { questionId: "q6", value: 1, seq: 8 },
            { questionId: "q7", value: 1, seq: 9 },
            { questionId: "q8", value: 0, seq: 10 },
            { questionId: "q10", value: 1, seq: 11 },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ clientMeasureId: cm, status: "submitted", completed_at: expect.any(String) });
      const session = await t.db
        .selectFrom("client_measure")
        .selectAll()
        .where("id", "=", cm)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({
        status: "submitted",
        severity: "Moderate",
        completed_by: jordan.respondentId,
        last_answered_question: "q10",
      });
      expect((await rows("measure_score", cm)).map((s) => [s.score_type, s.value])).toEqual([["total_score", 13]]);
      expect((await rows("alert", cm)).map((a) => a.rule_id)).toEqual([PHQ9_ALERT]);
      const completed = await t.db
        .selectFrom("activity_log")
        .select(["code", "detail"])
        .where("user_id", "=", jordan.respondentId)
        .where("code", "=", 8)
        .execute();
      expect(completed).toEqual([{ code: 8, detail: { clientMeasureId: cm, measure: "PHQ-9" } }]);
    });

    it("refuses every write after submit with 409 already_submitted", async () => {
      const answer = await put(jordan.respondent, cm, "q1", 0, 100);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: "This measure has already been submitted.", code: "already_submitted" });
      const again = await submit(jordan.respondent, cm);
      expect(again.statusCode).toBe(409);
      const pageSave = await t.app.inject({
        method: "POST",
        url: `/api/questionnaires/${cm}`,
        headers: jordan.respondent,
        payload: { completed: false, questionAnswers: [{ questionId: "q1", value: 0 }] },
      });
      expect(pageSave.statusCode).toBe(409);
      const q1 = await t.db
        .selectFrom("answer")
        .select("value")
        .where("client_measure_id", "=", cm)
        .where("question_id", "=", "q1")
        .executeTakeFirstOrThrow();
      expect(q1.value).toBe(2);
      // Reading stays possible, read-only.
      expect((await page(jordan.respondent, cm)).json()).toMatchObject({ status: "submitted", editable: false });
      const list = (
        await t.app.inject({ method: "GET", url: "/api/questionnaires/session", headers: jordan.respondent })
      )
        .json()
        .groups.flatMap((g: { measures: { clientMeasureId: number }[] }) => g.measures.map((x) => x.clientMeasureId));
      expect(list).not.toContain(cm);
    });
  });

  describe("branching", () => {
    it("does not count answers to questions AUDIT's branching hid, and does not require them", async () => {
      const cm = await assign(sam, "audit");
      // Drinks, then says "never" after all: q2..q8 are hidden and their answers count for nothing.
      let seq = 0;
      for (const [q, v] of [
        ["q1", 2],
        ["q2", 4],
        ["q3", 3],
        ["q4", 4],
        ["q1", 0],
        ["q9", 0],
        ["q10", 2],
      ] as const) {
        seq += 1;
        expect((await put(sam.respondent, cm, q, v, seq)).statusCode).toBe(200);
      }
      const shown = (await page(sam.respondent, cm)).json();
      expect(shown.questions.filter((q: { hidden: boolean }) => q.hidden).map((q: { id: string }) => q.id)).toEqual([
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "q8",
      ]);
      const res = await submit(sam.respondent, cm);
      expect(res.statusCode).toBe(200);
      const scores = await rows("measure_score", cm);
      expect(Object.fromEntries(scores.map((s) => [s.score_type, s.value]))).toEqual({
        total_score: 2,
        consumption: 0,
        dependence: 0,
        problems: 2,
      });
      const report = (
        await t.app.inject({ method: "GET", url: `/api/overview/answers-report/${cm}`, headers: clinician })
      ).json();
      expect(report.answers.find((a: { questionId: string }) => a.questionId === "q2")).toMatchObject({
        value: 4,
        hidden: true,
      });
      expect(report.score).toMatchObject({ total: 2, severity: { label: "Low risk" } });
    });
  });

  describe("isolation between respondents", () => {
    it("answers 404 when a respondent reads or writes another respondent's session", async () => {
      const cm = await assign(jordan, "gad-7");
      const before = await rows("answer", cm);
      expect((await page(sam.respondent, cm)).statusCode).toBe(404);
      const write = await put(sam.respondent, cm, "q1", 1, 1);
      expect(write.statusCode).toBe(404);
      expect(write.json().code).toBe("not_found");
      expect((await submit(sam.respondent, cm)).statusCode).toBe(404);
      const report = await t.app.inject({
        method: "GET",
        url: `/api/measure-session/${cm}/session-report`,
        headers: sam.respondent,
      });
      expect(report.statusCode).toBe(404);
      expect(await rows("answer", cm)).toEqual(before);
      expect((await page(jordan.respondent, cm)).statusCode).toBe(200);
      expect((await page(sam.respondent, 999999)).statusCode).toBe(404);
    });

    it("answers 404 for a withdrawn (disabled) session", async () => {
      const cm = await assign(sam, "phq-9", 3);
      await t.db.updateTable("client_measure").set({ status: "disabled" }).where("id", "=", cm).execute();
      expect((await page(sam.respondent, cm)).statusCode).toBe(404);
      expect((await put(sam.respondent, cm, "q1", 1, 1)).statusCode).toBe(404);
    });
  });
});
