/**
 * `npm test`: every test, in two legs, then one closing line "N passed, N failed".
 *   1. unit, schema and API tests (vitest). API tests run on PGlite, and on the PostgreSQL server
 *      when TEST_DATABASE_URL is set; without it this script says plainly that leg did not run.
 *   2. end-to-end tests in Debian's Chromium (tests/e2e, vitest + playwright-core).
 * The legs run at the same time: the end-to-end leg mostly waits for a browser (about one core
 * of this 2-core machine's two), the other keeps two workers busy, and one after the other they
 * took 20 minutes. The first leg's output streams; the second's is shown once the first is done.
 * TEST_LEGS=sequential runs them one after the other. Extra arguments go to both vitest runs
 * (e.g. `npm test -- -t login`).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const reportDir = path.resolve(".tmp/test-reports");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const extra = process.argv.slice(2);

interface Leg {
  name: string;
  config: string;
}
const legs: Leg[] = [
  { name: "unit, schema and API", config: "vitest.config.ts" },
  { name: "end-to-end (Chromium)", config: "vitest.e2e.config.ts" },
];

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  startTime: number;
  testResults: FileResult[];
}

interface LegResult {
  leg: Leg;
  exitCode: number | null;
  report: Report | null;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nNOTE: TEST_DATABASE_URL is not set, so the PostgreSQL-server leg of the API tests did NOT run (PGlite only).\n" +
      "      Run e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test (CI always sets it).\n",
  );
}

/**
 * Runs one leg's vitest. Its output goes to this process's output at once when `live`, else it is
 * held until `release()` is called and then shown, and streamed from there on.
 */
function runLeg(leg: Leg, live: boolean): { done: Promise<LegResult>; release: () => void } {
  const out = path.join(reportDir, `${path.basename(leg.config, ".ts")}.json`);
  const args = ["vitest", "run", "--config", leg.config, "--reporter=default", "--reporter=json"];
  const child = spawn("npx", [...args, `--outputFile.json=${out}`, ...extra], {
    stdio: ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  let held: Buffer[] | null = live ? null : [Buffer.from(`\n=== ${leg.name} tests (ran alongside) ===\n`)];
  if (live) process.stdout.write(`\n=== ${leg.name} tests ===\n`);
  const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
    if (held) held.push(chunk);
    else target.write(chunk);
  };
  child.stdout.on("data", forward(process.stdout));
  child.stderr.on("data", forward(process.stderr));
  const release = () => {
    if (held) process.stdout.write(Buffer.concat(held));
    held = null;
  };
  const done = new Promise<LegResult>((resolve) => {
    child.on("close", (exitCode) => {
      let report: Report | null = null;
      try {
        report = JSON.parse(readFileSync(out, "utf8")) as Report;
      } catch {
        report = null;
      }
      resolve({ leg, exitCode, report });
    });
  });
  return { done, release };
}

/**
 * A leg's wall time, its slowest files and its failed ones, printed again at the very end: CI keeps
 * only the tail of a run's output, and that tail should say where the time went and what failed.
 */
function summariseLeg(name: string, report: Report): string {
  const files = report.testResults.map((f) => ({
    file: path.relative(process.cwd(), f.name),
    seconds: (f.endTime - f.startTime) / 1000,
    status: f.status,
  }));
  const end = Math.max(report.startTime, ...report.testResults.map((f) => f.endTime));
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  const failedFiles = files.filter((f) => f.status !== "passed");
  const failedTests = report.testResults.flatMap((f) => f.assertionResults.filter((t) => t.status === "failed"));
  return [
    `${name}: ${Math.round((end - report.startTime) / 1000)} s wall, ${files.length} files`,
    `  slowest: ${slowest.map((f) => `${f.file} ${Math.round(f.seconds)} s`).join(", ")}`,
    ...(failedFiles.length ? [`  FAILED files: ${failedFiles.map((f) => f.file).join(", ")}`] : []),
    ...failedTests.slice(0, 10).flatMap((t) => [`  FAILED: ${t.fullName}`, ...firstLines(t.failureMessages ?? [])]),
  ].join("\n");
}

/**
 * The first line of each of a failed test's messages (up to five, 400 characters each): the tail
 * CI keeps should say what failed (a walk's soft assertions name the screen there), not only where.
 */
function firstLines(messages: string[]): string[] {
  return messages
    .map((m) => stripVTControlCharacters(m).split("\n")[0]?.trim() ?? "")
    .filter(Boolean)
    .slice(0, 5)
    .map((line) => `    ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
}

const started = Date.now();
const results: LegResult[] = [];
if (process.env.TEST_LEGS === "sequential") {
  for (const leg of legs) results.push(await runLeg(leg, true).done);
} else {
  const [first, ...rest] = legs.map((leg, i) => runLeg(leg, i === 0));
  results.push(await first.done);
  for (const leg of rest) {
    leg.release();
    results.push(await leg.done);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
let anyLegFailed = false;
const summaries: string[] = [];
for (const { leg, exitCode, report } of results) {
  if (!report) {
    summaries.push(`${leg.name}: wrote no report (exit ${exitCode}).`);
    anyLegFailed = true;
    continue;
  }
  summaries.push(summariseLeg(leg.name, report));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (!report.success || exitCode !== 0) anyLegFailed = true;
}
console.log(`\n${summaries.join("\n")}\nboth legs: ${Math.round((Date.now() - started) / 1000)} s`);
if (!process.env.TEST_DATABASE_URL) console.log("\n(PostgreSQL-server leg not run: TEST_DATABASE_URL unset.)");
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(anyLegFailed || failed > 0 ? 1 : 0);
