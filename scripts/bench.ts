/**
 * `npm run bench` (issue 12 §1): the app's hot paths under load, next to a bare Fastify + pg
 * primary-key read on the same database, written to docs/benchmarks.md. How to run it and what
 * the rows mean: docs/benchmarks.md.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NETWORK_PASSWORD, NETWORK_STAFF } from "../src/server/seed/network/network-accounts.ts";
import { ALL_RESPONDENTS, answerSave } from "./bench/answer-save.ts";
import { signIn } from "./bench/api-client.ts";
import { chartOverview, login, patientAlerts } from "./bench/chart-scenarios.ts";
import { type ChildServer, startChildServer } from "./bench/child-server.ts";
import { DatabaseProbe } from "./bench/database-probe.ts";
import { deepPage, pageByNumber } from "./bench/deep-page.ts";
import { documentRender, formatDocumentSection } from "./bench/document-render.ts";
import { compareExplorer, formatExplorerSection } from "./bench/explorer-comparison.ts";
import { exportThroughput, formatExportSection } from "./bench/export-throughput.ts";
import { machineFacts } from "./bench/machine.ts";
import { ANALYTICS_MARKERS, DOCUMENT_MARKERS, EXPORT_MARKERS, replaceBetweenMarkers } from "./bench/markers.ts";
import type { Measurement, RunFacts } from "./bench/measurement.ts";
import { parseOptions } from "./bench/options.ts";
import { bareRead, patientScenarios } from "./bench/patient-scenarios.ts";
import { formatMs, formatRate, formatReport } from "./bench/report.ts";
import { refusedStatuses, runScenario, type ScenarioRun } from "./bench/run-scenario.ts";
import type { Samples, Scenario, ScenarioContext } from "./bench/scenario.ts";

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Measured by their own stages rather than as load scenarios (issue 13 §6). */
const ANALYTICS_STAGES = ["explorer", "export", "documents"];

function chooseScenarios(only: string[] | undefined): Scenario[] {
  const all = [bareRead, ...patientScenarios(), deepPage, chartOverview, patientAlerts, answerSave, login];
  if (!only) return all;
  const unknown = only.filter((id) => !all.some((s) => s.id === id) && !ANALYTICS_STAGES.includes(id));
  if (unknown.length)
    throw new Error(`Unknown scenario ${unknown.join(", ")}. Scenarios: ${all.map((s) => s.id).join(", ")}`);
  return all.filter((s) => only.includes(s.id));
}

function summary(row: Measurement): string {
  if (row.skipped) return `skipped: ${row.skipped}`;
  if (row.failed) return `FAILED: ${row.failed}`;
  const trouble = row.non2xx + row.errors + row.timeouts;
  return `${formatRate(row.reqPerSec)} req/s, p50 ${formatMs(row.p50)} ms, p99 ${formatMs(row.p99)} ms${trouble ? `, ${trouble} not 2xx in time` : ""}`;
}

/** When and where the analytics figures were measured, for the README and the report. */
function runStamp(facts: RunFacts): string {
  const { cores, cpuModel, memoryGiB } = facts.machine;
  const db = facts.database;
  return `Last run ${facts.date} on ${cores} cores (${cpuModel}), ${memoryGiB.toFixed(0)} GiB, ${db.patients.toLocaleString("en-US")} patients and ${db.scoredSessions.toLocaleString("en-US")} scored sessions (${db.kind === "postgres" ? "PostgreSQL server" : "embedded"}), load average before ${facts.loadAverage.before[0].toFixed(2)}.`;
}

/** The explorer next to hand-written SQL: a second connection to the same server, so PostgreSQL only. */
async function explorerStage(
  databaseUrl: string | undefined,
  dbTarget: { databaseUrl: string | undefined; dataDir: string },
  ctx: ScenarioContext,
): Promise<string> {
  say("→ explorer: the outcomes explorer next to hand-written SQL");
  if (!databaseUrl)
    return formatExplorerSection(
      "the hand-written SQL needs a second connection, which the embedded database does not allow; run with --database",
    );
  const probe = await DatabaseProbe.open(dbTarget);
  try {
    const rows = await compareExplorer(ctx.appUrl, await ctx.signIn(NETWORK_STAFF.director), probe);
    if (typeof rows !== "string")
      for (const r of rows)
        say(
          `  ${r.id}: ${r.failed ? `FAILED ${r.failed}` : `explorer ${formatMs(r.explorerMs)} ms, hand-written ${formatMs(r.handMs)} ms, ${r.records} records`}`,
        );
    return formatExplorerSection(rows);
  } finally {
    await probe.close();
  }
}

/** An export of every scored record while the patient list keeps being asked for (PostgreSQL: it reads ids through a probe). */
async function exportStage(
  databaseUrl: string | undefined,
  dbTarget: { databaseUrl: string | undefined; dataDir: string },
  ctx: ScenarioContext,
  pid: number,
): Promise<string> {
  say("→ export: every scored record, while the patient list is asked for");
  if (!databaseUrl)
    return formatExportSection("the stage reads the query's ids over a second connection; run with --database");
  const probe = await DatabaseProbe.open(dbTarget);
  try {
    const run = await exportThroughput(ctx.appUrl, pid, await ctx.signIn(NETWORK_STAFF.director), probe);
    say(
      typeof run === "string"
        ? `  FAILED ${run}`
        : `  ${run.records} records, ${Math.round(run.rowsPerSecond)} records/s, RSS +${run.rssGrowthMb.toFixed(0)} MB`,
    );
    return formatExportSection(run);
  } finally {
    await probe.close();
  }
}

async function documentStage(
  dbTarget: { databaseUrl: string | undefined; dataDir: string },
  ctx: ScenarioContext,
): Promise<string> {
  say("→ documents: the longest progress report PDF");
  const probe = await DatabaseProbe.open(dbTarget);
  try {
    const run = await documentRender(ctx.appUrl, await ctx.signIn(NETWORK_STAFF.admin), probe);
    say(typeof run === "string" ? `  FAILED ${run}` : `  ${run.pages} pages, median ${run.medianSeconds.toFixed(1)} s`);
    return formatDocumentSection(run);
  } finally {
    await probe.close();
  }
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const scenarios = chooseScenarios(options.only);
  const loadBefore = os.loadavg();
  const dbTarget = { databaseUrl: options.databaseUrl, dataDir: options.dataDir };

  // Facts and samples first: the embedded database has one owner, and the servers come next.
  say("Reading the database...");
  let probe = await DatabaseProbe.open(dbTarget);
  let database: RunFacts["database"];
  let samples: Samples;
  try {
    database = await probe.facts();
    if (database.patients === 0) throw new Error("The database has no patients: run npm run generate first.");
    const respondents = await probe.existingUsernames(ALL_RESPONDENTS);
    samples = {
      patients: await probe.samplePatients(1000),
      namePrefixes: await probe.namePrefixes(10),
      busyChart: await probe.busiestChartNear(200),
      respondents: ALL_RESPONDENTS.filter((u) => respondents.has(u.toLowerCase())),
    };
  } finally {
    await probe.close();
  }

  const notes: string[] = [];
  const embedded = !options.databaseUrl;
  // A server needs the signing secret from the environment; this run's tokens need nothing more.
  const dbEnv: Record<string, string> = embedded
    ? { DATA_DIR: options.dataDir }
    : { DATABASE_URL: options.databaseUrl!, TOKEN_SECRET: randomBytes(48).toString("base64") };
  const logLevel = process.env.LOG_LEVEL ?? "warn";
  notes.push(
    `Servers ran in their own processes; the app with LOG_LEVEL=${logLevel}${process.env.LOG_LEVEL ? "" : " (request logging off; set LOG_LEVEL=info to include it)"}, DEMO=0 and REMINDER_CHECK_SECONDS=0 (no reminder sweep), every other setting at its default.`,
  );
  if (embedded)
    notes.push(
      "Embedded database: one connection, one thread. The bare read ran on it alone, before the app started (it has one owner at a time).",
    );

  const rows: Measurement[] = [];
  const afterStops: { row: Measurement; run: NonNullable<ScenarioRun["afterStop"]> }[] = [];
  const runOpts = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  };
  const measure = async (scenario: Scenario, ctx: ScenarioContext) => {
    say(`→ ${scenario.id}: ${scenario.label}`);
    const { row, afterStop } = await runScenario(scenario, ctx, runOpts);
    say(`  ${summary(row)}`);
    rows.push(row);
    if (afterStop) afterStops.push({ row, run: afterStop });
  };
  const context = (appUrl: string, bareUrl: string | null): ScenarioContext => ({
    appUrl,
    bareUrl,
    samples,
    signIn: (username) => signIn(appUrl, username, NETWORK_PASSWORD),
    note: (line) => notes.push(line),
  });

  const bareScenarios = scenarios.filter((s) => s.bare);
  if (bareScenarios.length > 0) {
    say("Starting the bare Fastify + pg server...");
    const bare = await startChildServer({
      name: "bare",
      script: "scripts/bench/bare-server.ts",
      env: dbEnv,
      healthPath: "/health",
    });
    try {
      for (const s of bareScenarios) await measure(s, context("", bare.baseUrl));
    } finally {
      await bare.stop();
    }
  }

  let startupMs: number | null = null;
  let pageLine: string | null = null;
  const appScenarios = scenarios.filter((s) => !s.bare);
  const runExplorer = !options.only || options.only.includes("explorer");
  const runExport = !options.only || options.only.includes("export");
  let explorerSection: string | null = null;
  let exportSection: string | null = null;
  // The PDF stage prints the client's pages: only on request (--only documents), and only with a built client.
  const runDocuments = options.only?.includes("documents") ?? false;
  let documentSection: string | null = null;
  if (runDocuments && !existsSync("dist/index.html")) {
    say("Building the client for the PDF stage (vite build)...");
    execFileSync("npx", ["vite", "build"], { stdio: "ignore" });
  }
  if (appScenarios.length > 0 || runExplorer || runExport || runDocuments) {
    say("Starting the app (src/server/main.ts) on the existing database...");
    let app: ChildServer | undefined;
    try {
      app = await startChildServer({
        name: "app",
        script: "src/server/main.ts",
        // The reminder sweep off: on a generated network it would queue a reminder for every open
        // session while the scenarios run, measuring the sweep rather than the requests.
        env: { ...dbEnv, DEMO: "0", LOG_LEVEL: logLevel, REMINDER_CHECK_SECONDS: "0" },
        healthPath: "/api/health",
      });
      startupMs = Math.round(app.startupMs);
      say(`  first 200 from /api/health after ${startupMs} ms`);
      const ctx = context(app.baseUrl, null);
      if (appScenarios.some((s) => s.id === deepPage.id))
        pageLine = await pageByNumber(app.baseUrl, await ctx.signIn(NETWORK_STAFF.admin));
      for (const s of appScenarios) await measure(s, ctx);
      if (runExplorer) explorerSection = await explorerStage(options.databaseUrl, dbTarget, ctx);
      if (runExport) exportSection = await exportStage(options.databaseUrl, dbTarget, ctx, app.pid);
      if (runDocuments) documentSection = await documentStage(dbTarget, ctx);
    } finally {
      await app?.stop();
    }
  }

  if (afterStops.length > 0) {
    say("Reading back what was saved...");
    probe = await DatabaseProbe.open(dbTarget);
    try {
      for (const { row, run } of afterStops) Object.assign(row, await run(probe));
    } finally {
      await probe.close();
    }
  }

  const facts: RunFacts = {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    machine: machineFacts(),
    node: process.version,
    database,
    loadAverage: { before: loadBefore, after: os.loadavg() },
    startupMs,
    pageByNumber: pageLine,
    notes,
  };
  // The load scenarios' report and each stage's figures have markers of their own, so a run of
  // some stages (--only explorer, --only export, ...) keeps the others' last figures.
  const stages = [
    { text: explorerSection, markers: ANALYTICS_MARKERS, readme: true },
    { text: exportSection, markers: EXPORT_MARKERS, readme: true },
    { text: documentSection, markers: DOCUMENT_MARKERS, readme: true },
  ].filter((stage): stage is { text: string; markers: typeof ANALYTICS_MARKERS; readme: boolean } => !!stage.text);
  let doc = existsSync(options.out) ? readFileSync(options.out, "utf8") : "";
  if (rows.length > 0) {
    const report = formatReport(facts, rows);
    process.stdout.write(`\n${report}\n\n`);
    doc = replaceBetweenMarkers(doc, report);
  }
  for (const stage of stages) {
    process.stdout.write(`\n${stage.text}\n\n`);
    doc = replaceBetweenMarkers(doc, `${runStamp(facts)}\n\n${stage.text}`, stage.markers);
  }
  writeFileSync(options.out, doc);
  say(`Written to ${options.out} (between its bench markers).`);
  // The stages' figures also go to the README ("the README shows the latest output") when this
  // run wrote the report it points at.
  if (stages.length && path.resolve(options.out) === path.resolve("docs/benchmarks.md") && existsSync("README.md")) {
    let readme = readFileSync("README.md", "utf8");
    for (const stage of stages.filter((s) => s.readme))
      readme = replaceBetweenMarkers(readme, `${runStamp(facts)}\n\n${stage.text}`, stage.markers);
    writeFileSync("README.md", readme);
    say("The stages' figures are also written to README.md (between their markers).");
  }

  const explorerFailed = [explorerSection, exportSection, documentSection].some((section) =>
    section?.includes("FAILED"),
  );
  if (explorerFailed)
    say(
      "FAILED analytics: an explorer query or the export failed, or the explorer and the hand-written SQL disagreed (see the report).",
    );
  // Loud: a row of refusals (401, 404, ...) means the bench asked wrongly, not that the server is slow.
  const broken = rows.filter((r) => r.failed || refusedStatuses(r).length > 0);
  for (const r of broken)
    say(`FAILED ${r.id}: ${r.failed ?? `answered ${refusedStatuses(r).join(", ")} during the run`}`);
  if (broken.length > 0) say(`${broken.length} scenario(s) failed: their figures are not measurements.`);
  return broken.length > 0 || explorerFailed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    say(`bench: ${err.message}`);
    process.exit(2);
  },
);
