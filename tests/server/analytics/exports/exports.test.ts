import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeExpiredExports } from "../../../../src/server/analytics/exports/export-cleanup.ts";
import { exportRecords } from "../../../../src/server/analytics/exports/export-rows.ts";
import { exportDb } from "../../../../src/server/analytics/exports/export-store.ts";
import { type ExportContext, generateExport } from "../../../../src/server/analytics/exports/generate-export.ts";
import { recordsPlan } from "../../../../src/server/analytics/outcome-records.ts";
import { accountWithRoles } from "../../../../src/server/auth/account-columns.ts";
import { toRequestUser } from "../../../../src/server/auth/load-user.ts";
import { loadConfig } from "../../../../src/server/config.ts";
import { Interrupted } from "../../../../src/server/messaging/job-queue.ts";
import { defaultBundle } from "../../../../src/shared/schema/bundle.ts";
import type { TestQuery } from "../../../helpers/analytics-expected.ts";
import type { AnalyticsFixture } from "../../../helpers/analytics-fixture.ts";
import { analyticsSuite } from "../../../helpers/analytics-suite.ts";
import type { Headers } from "../../../helpers/settings.ts";
import { DATABASES } from "../../../helpers/test-app.ts";
import { authHeader, createUser } from "../../../helpers/users.ts";
import { parseCsv, sortedRows, unzipText } from "./export-helpers.ts";

const DAY = 86_400_000;
const LARGE = 3000;

describe.each(DATABASES)("outcomes explorer exports on $name", (database) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mbc-exports-"));
  // The worker on, as in production: a request is generated on the pg-boss queue.
  const suite = analyticsSuite(database, "xp", {
    config: { dataDir, exports: { worker: true, cleanupCheckSeconds: 0 } },
  });
  const { t } = suite;
  let fx: AnalyticsFixture;
  let ctx: ExportContext;
  let otherDirector: Headers;
  const director = () => t.roles.headers.director;
  const exportsDir = path.join(dataDir, "exports");

  beforeAll(async () => {
    fx = suite.fx();
    ctx = {
      config: { ...loadConfig({ LOG_LEVEL: "silent" }), dataDir },
      db: t.db,
      dbKind: database.name,
      bundle: defaultBundle,
    };
    otherDirector = await authHeader(t.db, await createUser(t.db, { username: "xp-director2", roles: ["director"] }));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Every record of the fixture of one measure: every location (and none), clinician, gender and age. */
  const everything = (over: Partial<TestQuery> = {}): TestQuery =>
    suite.everyone({
      program_or_location_filter: "location",
      program_uuid: [],
      location_uuid: [...fx.locations.map((l) => l.uuid), "none"],
      ...over,
    });

  const list = async (headers: Headers = director()) => {
    const res = await t.call("GET", "/api/analytics/export/user-status", undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as Record<string, unknown>[];
  };

  /** Polls the exports list (as the screen does) until the export is Ready or Failed. */
  async function settled(id: number, headers: Headers = director()): Promise<Record<string, unknown>> {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const row = (await list(headers)).find((r) => r.id === id);
      if (!row) throw new Error(`export ${id} is not listed`);
      seen.add(String(row.status));
      if (row.status === "completed" || row.status === "error") return { ...row, seen: [...seen] };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`export ${id} did not finish`);
  }

  async function requestExport(body: Record<string, unknown>, headers: Headers = director()) {
    const res = await t.call("POST", "/api/analytics/generate-export-file", body, headers);
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as Record<string, unknown> & { id: number };
  }

  async function download(id: number, headers: Headers = director()) {
    const res = await t.call("GET", `/api/analytics/export/download/${id}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    const { url, filename } = res.json();
    // The browser follows the link with no Authorization header: the link itself authorises.
    const file = await t.app.inject({ method: "GET", url });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toBe("application/zip");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);
    return { url: url as string, files: await unzipText(file.rawPayload) };
  }

  /** The explorer's records of a query, every page, in its default order. */
  async function explorerRecords(query: TestQuery, columns: string[]) {
    const rows: Record<string, unknown>[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await t.call(
        "POST",
        "/api/analytics/outcomes-explorer",
        { query, columns, page, pageSize: 200 },
        director(),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      total = body.totalRecords;
      rows.push(...body.rows);
      if (body.rows.length < 200) return { rows, total, hash: body.hash as string, columns: body.columns };
    }
  }

  const asCell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

  let ready: { id: number; hash: string; filename: string };

  it("generates a zip whose records.csv holds exactly the explorer's records, and a codebook with the hash and definition", async () => {
    const columns = [
      "completed_at",
      "mrn",
      "last_name",
      "program_name",
      "measure_name",
      "taken_at",
      "score_type",
      "score",
      "record_id",
    ];
    const query = everything({ measure: [fx.measures.psc17, fx.measures.phq9] });
    const created = await requestExport({ query, columns });
    expect(created).toMatchObject({ status: "received", rowsWritten: 0, progress: 0 });
    const done = await settled(created.id);
    expect(done.status, String(done.error)).toBe("completed");
    const explorer = await explorerRecords(query, columns);
    expect(explorer.total).toBeGreaterThan(50);
    expect(done).toMatchObject({
      progress: 100,
      totalRows: explorer.total,
      rowsWritten: explorer.total,
      hash: explorer.hash,
    });
    expect(done.filename).toMatch(new RegExp(`^outcomes-${explorer.hash}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
    const expires = Date.parse(String(done.expiresAt)) - Date.parse(String(done.completedAt));
    expect(expires).toBe(7 * DAY);

    const { files } = await download(created.id);
    expect([...files.keys()].sort()).toEqual(["codebook.md", "records.csv"]);
    const text = files.get("records.csv") as string;
    expect(text).not.toContain("\r");
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(columns);
    expect(sortedRows(rows)).toEqual(sortedRows(explorer.rows.map((r) => columns.map((c) => asCell(r[c])))));
    // PSC-17 subscale scores come in words, as on screen.
    expect(rows.some((r) => r[6] === "Internalizing")).toBe(true);

    const book = files.get("codebook.md") as string;
    expect(book).toContain(`Query hash: \`${explorer.hash}\``);
    expect(book).toContain(`Records: ${explorer.total}`);
    // Every column: its name, its meaning and its type.
    expect(book).toContain("| completed_at | Completion date | Completion date: When the session was submitted");
    expect(book).toMatch(/\| score \| Score \| [^|]+ \| number \|/);
    expect(book).toMatch(/\| record_id \| Record id \| [^|]+ \| integer \|/);
    // Instrument versions and score ranges.
    expect(book).toMatch(/\| PHQ-9 \| Patient Health Questionnaire-9 \| 1\.0\.0 \| Total score \| 0–27 \|/);
    expect(book).toMatch(/\| PSC-17 \| [^|]+ \| [^|]+ \| Internalizing \| 0–10 \|/);
    // The normalised definition hashes to the hash: a reader can check the export's query.
    const json = /```json\n([\s\S]+?)\n```/.exec(book)?.[1] as string;
    const definition = JSON.parse(json);
    expect(definition.columns).toEqual(columns);
    expect(createHash("sha256").update(JSON.stringify(definition)).digest("hex").slice(0, 16)).toBe(explorer.hash);
    ready = { id: created.id, hash: explorer.hash, filename: String(done.filename) };
  }, 90_000);

  it("exports item-level answers as the explorer shows them, one column per question", async () => {
    const query = everything({ scorableFilter: false, measure: [fx.measures.gad7] });
    const columns = ["record_id", "mrn", "completed_at"];
    const created = await requestExport({ query, columns });
    expect((await settled(created.id)).status).toBe("completed");
    const explorer = await explorerRecords(query, columns);
    const { files } = await download(created.id);
    const [header, ...rows] = parseCsv(files.get("records.csv") as string);
    const fields = explorer.columns.map((c: { field: string }) => c.field);
    expect(fields.slice(0, 4)).toEqual([...columns, "item_q1"]);
    expect(header).toEqual(fields);
    expect(sortedRows(rows)).toEqual(sortedRows(explorer.rows.map((r) => fields.map((c: string) => asCell(r[c])))));
    expect(files.get("codebook.md")).toContain("| item_q1 | Item 1 | Answer to question q1 of the measure |");
  }, 60_000);

  it("names the file after the saved query, and lists the caller's exports newest first", async () => {
    const saved = await t.call(
      "POST",
      "/api/analytics/queries",
      { name: "Board Q3 PHQ", query: everything() },
      director(),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const created = await requestExport({ query: everything(), savedQueryId: saved.json().id });
    expect(created.name).toBe("Board Q3 PHQ");
    expect(created.filename).toMatch(/^outcomes-board-q3-phq-[0-9a-f]{16}-\d{4}-\d\d-\d\d\.zip$/);
    const rows = await list();
    expect(rows[0]?.id).toBe(created.id);
    expect(rows.map((r) => r.id)).toContain(ready.id);
    expect((await settled(created.id)).status).toBe("completed");
    // Another director's list has none of them.
    expect(await list(otherDirector)).toEqual([]);
  }, 60_000);

  it("downloads only for its owner: another director gets 404, and the link dies with the session", async () => {
    for (const url of [`/api/analytics/export/download/${ready.id}`, `/api/analytics/export/status/${ready.id}`]) {
      const method = url.includes("download") ? "GET" : "DELETE";
      const res = await t.call(method, url, undefined, otherDirector);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("This export does not exist, or it has been deleted.");
    }
    // A clinician has no analytics role at all.
    expect(
      (await t.call("GET", `/api/analytics/export/download/${ready.id}`, undefined, t.roles.headers.clinician))
        .statusCode,
    ).toBe(403);
    const { url } = await download(ready.id);
    // A tampered link, and a link whose session has ended.
    const tampered = await t.app.inject({ method: "GET", url: `${url.slice(0, -3)}abc` });
    expect(tampered.statusCode).toBe(404);
    const owner = await createUser(t.db, { username: "xp-director3", roles: ["director"] });
    const headers = await authHeader(t.db, owner);
    const mine = await requestExport({ query: everything({ measure: [fx.measures.gad7] }) }, headers);
    expect((await settled(mine.id, headers)).status).toBe("completed");
    const link = (await t.call("GET", `/api/analytics/export/download/${mine.id}`, undefined, headers)).json().url;
    await t.db.updateTable("refresh_token").set({ revoked_at: new Date() }).where("user_id", "=", owner).execute();
    const dead = await t.app.inject({ method: "GET", url: link });
    expect(dead.statusCode).toBe(404);
    expect(dead.json().error).toBe("This download link has expired. Download the export again from the exports list.");
    // Both steps of a download are on the audit trail, as the owner.
    await t.app.auditTrail.flush();
    const events = await t.db
      .selectFrom("audit_event")
      .select(["action", "user_id", "outcome", "record_id"])
      .where("action", "in", ["analytics.export-download", "analytics.export-file"])
      .execute();
    const directorId = t.roles.ids.director;
    expect(events).toContainEqual({
      action: "analytics.export-download",
      user_id: directorId,
      outcome: "success",
      record_id: ready.id,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ action: "analytics.export-file", user_id: directorId, outcome: "success" }),
    );
  }, 60_000);

  it("refuses to delete an export while queued, generating or failed; a ready one goes with its file", async () => {
    const db = exportDb(t.db);
    const messages: Record<string, string> = {
      received: "This export is still being prepared. It can be deleted once it is ready.",
      in_process: "This export is still being prepared. It can be deleted once it is ready.",
      error: "A failed export cannot be deleted. It is removed on its own 7 days after it was asked for.",
    };
    for (const status of ["received", "in_process", "error"] as const) {
      // Rows without a job: nothing on the queue will pick them up.
      const row = await db
        .insertInto("export_request")
        .values({
          user_id: t.roles.ids.director,
          status,
          filename: "x.zip",
          query: "{}",
          columns: "[]",
          hash: "0",
          expires_at: new Date(Date.now() + DAY),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const res = await t.call("DELETE", `/api/analytics/export/status/${row.id}`, undefined, director());
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(messages[status]);
      const notReady = await t.call("GET", `/api/analytics/export/download/${row.id}`, undefined, director());
      expect(notReady.statusCode).toBe(409);
      await db.deleteFrom("export_request").where("id", "=", row.id).execute();
    }
    const onDisk = () => readdirSync(exportsDir).filter((f) => f.startsWith(`${ready.id}-`));
    expect(onDisk()).toHaveLength(1);
    const res = await t.call("DELETE", `/api/analytics/export/status/${ready.id}`, undefined, director());
    expect(res.statusCode, res.body).toBe(200);
    expect(onDisk()).toEqual([]);
    expect((await list()).map((r) => r.id)).not.toContain(ready.id);
    expect((await t.call("GET", `/api/analytics/export/download/${ready.id}`, undefined, director())).statusCode).toBe(
      404,
    );
  });

  it("keeps files 7 days: the retention job then removes the file and the row, and stray files", async () => {
    const created = await requestExport({ query: everything({ measure: [fx.measures.gad7] }) });
    const done = await settled(created.id);
    expect(done.status).toBe("completed");
    const files = () => readdirSync(exportsDir).filter((f) => f.startsWith(`${created.id}-`));
    expect(files()).toHaveLength(1);
    const stray = path.join(exportsDir, "999999-00000000-0000-4000-8000-000000000000.zip");
    writeFileSync(stray, "left over");
    const completedAt = Date.parse(String(done.completedAt));
    // Six days on: still there (the stray file, whose row does not exist, goes at once).
    expect(await removeExpiredExports(ctx, new Date(completedAt + 6 * DAY))).toEqual({ rows: 0, files: 1 });
    expect(existsSync(stray)).toBe(false);
    expect(files()).toHaveLength(1);
    // Seven days on: gone, file and row; its link answers 404.
    const result = await removeExpiredExports(ctx, new Date(completedAt + 7 * DAY + 1000));
    expect(result.rows).toBeGreaterThanOrEqual(1);
    expect(files()).toEqual([]);
    expect((await list()).map((r) => r.id)).not.toContain(created.id);
    expect(
      (await t.call("GET", `/api/analytics/export/download/${created.id}`, undefined, director())).statusCode,
    ).toBe(404);
  }, 60_000);

  it(`streams a large export (${LARGE} more records), every record once, with the explorer's count`, async () => {
    const { rows: ccau } = await sql<{ id: number; user_id: number }>`select id, user_id from cca_user
      where cca_id = ${fx.sessions[0]?.patient.ccaId} limit 1`.execute(t.db);
    const respondent = ccau[0] as { id: number; user_id: number };
    // Completion times with microseconds, and pairs of sessions completed at the same instant:
    // the keyset pages must neither skip nor repeat a record across a page boundary.
    await sql`with made as (
        insert into client_measure (ccau_id, measure_id, due_date, status, started_at, completed_at, completed_by)
        select ${respondent.id}, ${fx.measures.phq9}, timestamptz '2024-01-01 00:00:00+00',
          'submitted', timestamptz '2024-01-01 00:00:00+00',
          timestamptz '2025-06-01 12:00:00.123457+00' - (g / 2) * interval '37.000011 seconds', ${respondent.user_id}
        from generate_series(1, ${LARGE}) g returning id)
      insert into measure_score (client_measure_id, score_type, value) select id, 'total_score', id % 28 from made`.execute(
      t.db,
    );
    const query = everything();
    const columns = ["record_id", "completed_at", "score"];
    const count = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query, columns, count_only: true },
      director(),
    );
    const total = count.json().totalRecords as number;
    expect(total).toBeGreaterThan(LARGE);

    const created = await requestExport({ query, columns });
    const done = await settled(created.id);
    expect(done).toMatchObject({ status: "completed", totalRows: total, totalAccuracy: "exact", rowsWritten: total });
    const { files } = await download(created.id);
    const [, ...rows] = parseCsv(files.get("records.csv") as string);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r[0])).size).toBe(total);
    // In the explorer's order (newest completion first, then the session), the file's first rows
    // are the explorer's first page.
    rows.sort((a, b) => Date.parse(b[1] as string) - Date.parse(a[1] as string) || Number(b[0]) - Number(a[0]));
    const first = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query, columns, pageSize: 50 },
      director(),
    );
    expect(rows.slice(0, 50)).toEqual(
      first.json().rows.map((r: Record<string, unknown>) => columns.map((c) => asCell(r[c]))),
    );

    // Batches never exceed their size, and small batches give the same records as large ones,
    // also where a session's scores (PSC-17: subscale, then total) straddle a page boundary.
    const plan = await recordsPlan(t.db, defaultBundle, await directorUser(), {
      query: everything({ measure: [fx.measures.psc17] }) as never,
      columns: ["record_id", "score_type", "score"],
    });
    const read = async (batch: number) => {
      const out: unknown[] = [];
      for await (const rowsOf of exportRecords(t.db, database.name, plan, batch)) {
        expect(rowsOf.length).toBeLessThanOrEqual(batch);
        out.push(...rowsOf);
      }
      return out;
    };
    const whole = await read(2000);
    expect(whole.length).toBeGreaterThan(20);
    expect(await read(7)).toEqual(whole);
  }, 120_000);

  it("writes text as a spreadsheet should read it: quoted where it must be, formulas defused", async () => {
    const patientId = fx.sessions[0]?.patient.id as number;
    const before = await t.db
      .selectFrom("patient")
      .select(["first_name", "last_name"])
      .where("id", "=", patientId)
      .executeTakeFirstOrThrow();
    const teams = await t.db.selectFrom("clinician_team").select(["id", "name"]).execute();
    await t.db
      .updateTable("patient")
      .set({ first_name: 'Ann "Annie", Jr', last_name: "=HYPERLINK(1)" })
      .where("id", "=", patientId)
      .execute();
    // Team names are read by a subquery: their guard is written another way (export-copy.ts).
    await sql`update clinician_team set name = '@' || name`.execute(t.db);
    try {
      const columns = ["record_id", "first_name", "last_name", "team_names", "on_due_date", "completed_at"];
      const query = everything({ measure: [fx.measures.phq9] });
      const created = await requestExport({ query, columns });
      expect((await settled(created.id)).status).toBe("completed");
      const text = (await download(created.id)).files.get("records.csv") as string;
      expect(text).toContain(`"Ann ""Annie"", Jr",'=HYPERLINK(1)`);
      const [, ...rows] = parseCsv(text);
      const explorer = await explorerRecords(query, columns);
      const defused = (v: unknown) => (typeof v === "string" && /^[=@]/.test(v) ? `'${v}` : asCell(v));
      expect(sortedRows(rows)).toEqual(sortedRows(explorer.rows.map((r) => columns.map((c) => defused(r[c])))));
      expect(rows.some((r) => r[3]?.startsWith("'@"))).toBe(true);
      expect(rows.some((r) => r[4] === "true") && rows.some((r) => r[4] === "false")).toBe(true);
    } finally {
      await t.db.updateTable("patient").set(before).where("id", "=", patientId).execute();
      for (const team of teams) {
        await t.db.updateTable("clinician_team").set({ name: team.name }).where("id", "=", team.id).execute();
      }
    }
  }, 60_000);

  /** A queued export of everything, as the route leaves one, owned by `userId`. */
  const queuedExport = (userId: number) =>
    exportDb(t.db)
      .insertInto("export_request")
      .values({
        user_id: userId,
        status: "received",
        filename: "x.zip",
        query: JSON.stringify(everything()),
        columns: "[]",
        hash: "0",
        expires_at: new Date(Date.now() + DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

  it("fails with a sentence when its owner may no longer run the explorer", async () => {
    const db = exportDb(t.db);
    const row = await queuedExport(t.roles.ids.clinician);
    expect(await generateExport(ctx, row.id)).toBe("error");
    const after = await db.selectFrom("export_request").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: "error",
      error_message: "Your account can no longer run outcomes explorer exports.",
    });
    // A second run of the same job finds nothing to do.
    expect(await generateExport(ctx, row.id)).toBe("skipped");
  });

  it("puts an export back on the queue when the server stops mid-way, leaving no half-written file", async () => {
    const db = exportDb(t.db);
    const row = await queuedExport(t.roles.ids.director);
    const stopping = new AbortController();
    stopping.abort();
    await expect(generateExport(ctx, row.id, undefined, undefined, stopping.signal)).rejects.toBeInstanceOf(
      Interrupted,
    );
    const after = await db.selectFrom("export_request").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("received");
    expect(readdirSync(exportsDir).filter((f) => f.startsWith(`${row.id}-`))).toEqual([]);
    // The next run (a restart, another node) makes it.
    expect(await generateExport(ctx, row.id)).toBe("completed");
    await db.deleteFrom("export_request").where("id", "=", row.id).execute();
  });

  it("answers bad input with 400 and the schema's or the explorer's message", async () => {
    const cases: [unknown, string][] = [
      [{}, "The query is missing."],
      [{ query: everything(), columns: ["nope"] }, "Not a column of the records table: nope."],
      [{ query: everything(), extra: 1 }, "That field is not part of an export request"],
      [{ query: everything(), name: "x".repeat(61) }, "Name must be 60 characters or fewer."],
      [
        { query: everything({ scorableFilter: false, measure: [fx.measures.phq9, fx.measures.gad7] }) },
        "Item-level answers are shown for one measure at a time. Select one measure.",
      ],
      [{ query: everything(), savedQueryId: 987654 }, "The saved query this export names no longer exists."],
    ];
    for (const [body, message] of cases) {
      const res = await t.call("POST", "/api/analytics/generate-export-file", body, director());
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    for (const url of [
      "/api/analytics/export/file",
      "/api/analytics/export/file?token=%00",
      "/api/analytics/export/download/abc",
    ]) {
      const res = await t.call("GET", url, undefined, director());
      expect(res.statusCode, url).toBe(400);
    }
  });

  async function directorUser() {
    const row = await accountWithRoles(t.db).where("u.id", "=", t.roles.ids.director).executeTakeFirstOrThrow();
    return toRequestUser(row, defaultBundle);
  }
});
