import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/server/config.ts";
import { removeExpiredDocuments } from "../../../src/server/documents/document-cleanup.ts";
import { documentDb } from "../../../src/server/documents/document-store.ts";
import { DOCUMENT_FAILED, generateDocument } from "../../../src/server/documents/generate-document.ts";
import { issuePdfKey } from "../../../src/server/documents/pdf-key.ts";
import { type PdfRenderer, ReportPageError } from "../../../src/server/documents/pdf-renderer.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";
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

/** A renderer that answers what the test tells it, so the pipeline around Chromium is what is tested here (the real print: tests/e2e/documents.e2e.ts). */
function fakeRenderer(answer: () => Promise<{ pdf: Buffer; pageCount: number }>) {
  const urls: string[] = [];
  const renderer = {
    available: true,
    async render(request: { url: string }) {
      urls.push(request.url);
      return answer();
    },
  } as unknown as PdfRenderer;
  return { renderer, urls };
}

describe.each(DATABASES)("PDF documents on $name", (database) => {
  let t: TestApp;
  let dataDir: string;
  let clinician: Headers;
  let clinicianId: number;
  let outsider: Headers;
  let chart: ChartWithRespondent;
  let other: ChartWithRespondent;
  let sessionId: number;
  let otherSessionId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mbc-documents-"));
    t = await createTestApp(database, { config: { dataDir } });
    await syncMeasureLibrary(t.db);
    const c = await signedInUser(t.db, { username: "printing", roles: ["clinician"] });
    clinician = c.headers;
    clinicianId = c.id;
    const o = await signedInUser(t.db, { username: "elsewhere", roles: ["clinician"] });
    outsider = o.headers;
    chart = await chartWithRespondent(t.app, t.db, clinician, {
      first_name: "Paula",
      last_name: "Printed",
      birth_date: "1988-03-04",
      clinicians: [c.id],
    });
    other = await chartWithRespondent(t.app, t.db, outsider, {
      first_name: "Oscar",
      last_name: "Other",
      birth_date: "1979-05-06",
      clinicians: [o.id],
    });
    const phq9 = await measureId(t.db, "phq-9");
    sessionId = (await schedule(t.app, clinician, { ccauId: chart.ccauId, measureId: phq9, dueDate: dueDate(0) }))
      .clientMeasure.id;
    otherSessionId = (await schedule(t.app, outsider, { ccauId: other.ccauId, measureId: phq9, dueDate: dueDate(0) }))
      .clientMeasure.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = (body: unknown, headers: Headers = clinician) =>
    t.app.inject({ method: "POST", url: "/api/documents", headers, payload: body as object });
  const statusOf = (pdfUuids: string[], headers: Headers = clinician) =>
    t.app.inject({ method: "POST", url: "/api/documents/status", headers, payload: { pdfUuids } });
  const rowOf = (pdfUuid: string) =>
    documentDb(t.db).selectFrom("document").selectAll().where("pdf_uuid", "=", pdfUuid).executeTakeFirstOrThrow();
  const config = () => ({ ...loadConfig({ LOG_LEVEL: "silent" }), dataDir });
  const ctx = () => ({ config: config(), db: t.db, dbKind: database.name, bundle: defaultBundle });
  const lastEvent = async (action: string) => {
    const e = await t.db
      .selectFrom("audit_event")
      .select(["user_id", "roles", "patient_id", "record_type", "record_id", "route"])
      .where("action", "=", action)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    return {
      ...e,
      user_id: Number(e.user_id),
      patient_id: e.patient_id === null ? null : Number(e.patient_id),
      record_id: e.record_id === null ? null : Number(e.record_id),
    };
  };
  const clearPending = () => documentDb(t.db).deleteFrom("document").where("requested_by", "=", clinicianId).execute();

  it("says whether this server can render PDFs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/documents/availability", headers: clinician });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: existsSync(config().documents.chromiumPath) });
  });

  it("queues a session report of a chart the clinician sees, named in words", async () => {
    const res = await ask({ report: "session", clientMeasureId: sessionId, paper: "a4" });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      report: "session",
      status: "generating",
      title: "PHQ-9 session report",
      paper: "a4",
    });
    const row = await rowOf(res.json().pdfUuid);
    expect(row).toMatchObject({ cca_id: chart.ccaId, ccau_id: chart.ccauId, client_measure_id: sessionId });
    // Kept a day: it holds PHI and is made again in seconds.
    expect(new Date(row.expires_at).getTime() - new Date(row.requested_at).getTime()).toBe(24 * 3_600_000);
    await clearPending();
  });

  it("queues a progress report of one respondent or of the whole chart (letter paper unless asked)", async () => {
    const one = await ask({ report: "progress", ccaId: chart.ccaId, ccauId: chart.ccauId });
    expect(one.statusCode, one.body).toBe(202);
    expect(one.json()).toMatchObject({ title: "Progress report", paper: "letter" });
    const whole = await ask({ report: "progress", ccaId: chart.ccaId });
    expect(whole.json()).toMatchObject({ title: "Progress report (whole chart)" });
    expect((await rowOf(whole.json().pdfUuid)).ccau_id).toBeNull();
    await clearPending();
  });

  it("answers 404 for another clinician's patient, and writes nothing", async () => {
    const before = await documentDb(t.db)
      .selectFrom("document")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    for (const body of [
      { report: "session", clientMeasureId: otherSessionId },
      { report: "progress", ccaId: other.ccaId },
      { report: "progress", ccaId: other.ccaId, ccauId: other.ccauId },
      // A respondent of another chart under this clinician's chart id.
      { report: "progress", ccaId: chart.ccaId, ccauId: other.ccauId },
    ]) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    const after = await documentDb(t.db)
      .selectFrom("document")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("answers bad requests with 400 and the schema's words", async () => {
    const cases: [unknown, string][] = [
      [{}, "Choose the report to print."],
      [{ report: "letter" }, "Report must be a session report or a progress report."],
      [{ report: "session" }, "Choose the session to print."],
      [{ report: "progress" }, "Choose the chart to print."],
      [
        { report: "session", clientMeasureId: sessionId, ccaId: chart.ccaId },
        "A session report names its session only.",
      ],
      [{ report: "progress", ccaId: chart.ccaId, paper: "legal" }, "Paper size must be US Letter or A4."],
      [{ report: "progress", ccaId: chart.ccaId, extra: 1 }, "That field is not part of a document request"],
    ];
    for (const [body, message] of cases) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toContain(message);
    }
    const bad = await statusOf(["not-a-uuid"]);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a sixth PDF while five are being prepared", async () => {
    for (let i = 0; i < 5; i++) expect((await ask({ report: "progress", ccaId: chart.ccaId })).statusCode).toBe(202);
    const res = await ask({ report: "progress", ccaId: chart.ccaId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("You have 5 PDFs being prepared. Wait for one of them to finish.");
    await clearPending();
  });

  it("renders, marks the document Ready with its pages, and lets those who see the chart download it, audited", async () => {
    const asked = (await ask({ report: "session", clientMeasureId: sessionId })).json();
    const { renderer, urls } = fakeRenderer(async () => ({
      pdf: Buffer.from("%PDF-1.7 test\n"),
      pageCount: 3,
      loadMs: 1,
      printMs: 1,
    }));
    const row = await rowOf(asked.pdfUuid);
    expect(await generateDocument(ctx(), { renderer, baseUrl: () => "http://render.test" }, row.id)).toBe("enabled");
    // The browser opens the session's print page with a single-use key.
    expect(urls[0]).toMatch(
      new RegExp(
        `^http://render\\.test/assignment/${chart.ccaId}/${chart.ccauId}/measures/${sessionId}/pdf\\?pdf-key=[A-Za-z0-9_-]{43}$`,
      ),
    );
    const status = (await statusOf([asked.pdfUuid])).json().documents[0];
    expect(status).toMatchObject({ status: "enabled", pageCount: 3 });
    const download = await t.app.inject({
      method: "GET",
      url: `/api/documents/download/${asked.pdfUuid}`,
      headers: clinician,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="PHQ-9 session report \d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(download.body).toBe("%PDF-1.7 test\n");
    const event = await lastEvent("document.download");
    expect(event).toMatchObject({
      user_id: clinicianId,
      patient_id: chart.patientId,
      record_type: "document",
      record_id: row.id,
    });
    // Someone who cannot see the chart: as if it did not exist.
    const elsewhere = await t.app.inject({
      method: "GET",
      url: `/api/documents/download/${asked.pdfUuid}`,
      headers: outsider,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await statusOf([asked.pdfUuid], outsider)).json()).toEqual({ documents: [] });
  });

  it("marks the document Failed with the report page's words when the page could not load", async () => {
    const asked = (await ask({ report: "progress", ccaId: chart.ccaId })).json();
    const { renderer } = fakeRenderer(async () => {
      throw new ReportPageError("The session report could not be loaded.");
    });
    const row = await rowOf(asked.pdfUuid);
    expect(await generateDocument(ctx(), { renderer, baseUrl: () => "http://render.test" }, row.id)).toBe("failed");
    const status = (await statusOf([asked.pdfUuid])).json().documents[0];
    expect(status).toMatchObject({
      status: "failed",
      error: `The session report could not be loaded. ${DOCUMENT_FAILED}`,
    });
    const download = await t.app.inject({
      method: "GET",
      url: `/api/documents/download/${asked.pdfUuid}`,
      headers: clinician,
    });
    expect(download.statusCode).toBe(409);
    expect(download.json().error).toBe("This PDF could not be made. Ask for it again.");
  });

  describe("the pdf key and the PDF token", () => {
    let documentId: number;
    let pdfUuid: string;

    beforeAll(async () => {
      pdfUuid = (await ask({ report: "session", clientMeasureId: sessionId })).json().pdfUuid;
      documentId = (await rowOf(pdfUuid)).id;
    });

    const pdfLogin = (key: string) =>
      t.app.inject({ method: "POST", url: "/api/security/pdf-login", payload: { key } });

    it("signs in once: the key reused answers 401", async () => {
      const key = await issuePdfKey(t.db, documentId);
      const first = await pdfLogin(key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().expiresIn).toBe(300);
      const again = await pdfLogin(key);
      expect(again.statusCode).toBe(401);
      expect(again.json().error).toBe(MESSAGES.pdfKeyInvalid);
    });

    it("reads its own report and nothing else (401), as the pdf role", async () => {
      const token = (await pdfLogin(await issuePdfKey(t.db, documentId))).json().accessToken;
      const headers = { authorization: `Bearer ${token}` };
      const get = (url: string) => t.app.inject({ method: "GET", url, headers });
      expect((await get(`/api/measure-session/${sessionId}/session-report`)).statusCode).toBe(200);
      // Its reads are in the trail as the person who asked for the PDF, under the pdf role.
      expect(await lastEvent("report.session")).toMatchObject({ user_id: clinicianId, roles: "pdf" });
      expect((await get(`/api/overview/measures/${chart.ccauId}`)).statusCode).toBe(200);
      expect((await get(`/api/teams/${chart.ccaId}`)).statusCode).toBe(200);
      expect((await get(`/api/patients/${chart.patientId}`)).statusCode).toBe(200);
      const session = (await get("/api/security/get-session")).json();
      expect(session.user.roles).toEqual(["pdf"]);
      // Another report, another chart, another kind of route: all 401.
      for (const url of [
        `/api/measure-session/${otherSessionId}/session-report`,
        `/api/overview/measures/${other.ccauId}`,
        `/api/teams/${other.ccaId}`,
        `/api/patients/${other.patientId}`,
        "/api/patients",
        "/api/respondents",
        `/api/patients/${chart.patientId}/programs/available`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(401);
      }
      const write = await t.app.inject({
        method: "POST",
        url: "/api/documents",
        headers,
        payload: { report: "progress", ccaId: chart.ccaId },
      });
      expect(write.statusCode).toBe(401);
    });

    it("is refused once the document is no longer being rendered, and is no access token", async () => {
      const token = (await pdfLogin(await issuePdfKey(t.db, documentId))).json().accessToken;
      const headers = { authorization: `Bearer ${token}` };
      await documentDb(t.db).updateTable("document").set({ status: "failed" }).where("id", "=", documentId).execute();
      const res = await t.app.inject({
        method: "GET",
        url: `/api/measure-session/${sessionId}/session-report`,
        headers,
      });
      expect(res.statusCode).toBe(401);
      // A key of a document no longer rendering does not sign in either.
      expect((await pdfLogin(await issuePdfKey(t.db, documentId))).statusCode).toBe(401);
    });

    it("answers a malformed key with 401's sentence as a 400", async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/security/pdf-login", payload: { key: "short" } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(MESSAGES.pdfKeyInvalid);
    });
  });

  it("deletes expired documents and their files", async () => {
    const asked = (await ask({ report: "progress", ccaId: chart.ccaId })).json();
    const { renderer } = fakeRenderer(async () => ({
      pdf: Buffer.from("%PDF-1.7 old\n"),
      pageCount: 1,
      loadMs: 1,
      printMs: 1,
    }));
    const row = await rowOf(asked.pdfUuid);
    await generateDocument(ctx(), { renderer, baseUrl: () => "http://render.test" }, row.id);
    const done = await rowOf(asked.pdfUuid);
    const file = path.join(dataDir, "documents", `${done.id}-${done.run_token}.pdf`);
    expect(existsSync(file)).toBe(true);
    const later = new Date(Date.now() + 25 * 3_600_000);
    const removed = await removeExpiredDocuments({ db: t.db, config: config() }, later);
    expect(removed.rows).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect((await statusOf([asked.pdfUuid])).json()).toEqual({ documents: [] });
  });

  it("answers 503 with the sentence when the server has no Chromium", async () => {
    const bare = await createTestApp(database, {
      config: {
        documents: {
          ...loadConfig({}).documents,
          chromiumPath: "/nonexistent/chromium",
          worker: false,
          cleanupCheckSeconds: 0,
        },
      },
    });
    try {
      const c = await signedInUser(bare.db, { username: "nochrome", roles: ["clinician"] });
      const availability = await bare.app.inject({
        method: "GET",
        url: "/api/documents/availability",
        headers: c.headers,
      });
      expect(availability.json()).toEqual({ available: false, message: MESSAGES.pdfUnavailable });
      const res = await bare.app.inject({
        method: "POST",
        url: "/api/documents",
        headers: c.headers,
        payload: { report: "progress", ccaId: 1 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: "PDF rendering is not available on this server: install chromium",
        code: "pdf_unavailable",
      });
    } finally {
      await bare.close();
    }
  });
});
