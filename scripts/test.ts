/**
 * `npm test`: every test, in two legs, then one closing line "N passed, N failed".
 *   1. unit, schema and API tests (vitest). API tests run on PGlite, and on the PostgreSQL server
 *      when TEST_DATABASE_URL is set; without it this script says plainly that leg did not run.
 *   2. end-to-end tests in Debian's Chromium (tests/e2e, vitest + playwright-core).
 * Extra arguments go to both vitest runs (e.g. `npm test -- -t login`).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

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

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nNOTE: TEST_DATABASE_URL is not set, so the PostgreSQL-server leg of the API tests did NOT run (PGlite only).\n" +
      "      Run e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test (CI always sets it).\n",
  );
}

let passed = 0;
let failed = 0;
let skipped = 0;
let anyLegFailed = false;
const legSummaries: string[] = [];

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: { fullName: string; status: string }[];
}

/**
 * A leg's wall time, its slowest files and its failed ones, printed again at the very end: CI keeps
 * only the tail of a run's output, and that tail should say where the time went and what failed.
 */
function summariseLeg(name: string, report: { startTime: number; testResults: FileResult[] }): string {
  const files = report.testResults.map((f) => ({
    file: path.relative(process.cwd(), f.name),
    seconds: (f.endTime - f.startTime) / 1000,
    status: f.status,
  }));
  const end = Math.max(report.startTime, ...report.testResults.map((f) => f.endTime));
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  const failedFiles = files.filter((f) => f.status !== "passed");
  const failedTests = report.testResults.flatMap((f) =>
    f.assertionResults.filter((t) => t.status === "failed").map((t) => t.fullName),
  );
  return [
    `${name}: ${Math.round((end - report.startTime) / 1000)} s wall, ${files.length} files`,
    `  slowest: ${slowest.map((f) => `${f.file} ${Math.round(f.seconds)} s`).join(", ")}`,
    ...(failedFiles.length ? [`  FAILED files: ${failedFiles.map((f) => f.file).join(", ")}`] : []),
    ...failedTests.slice(0, 10).map((t) => `  FAILED: ${t}`),
  ].join("\n");
}
for (const leg of legs) {
  console.log(`\n=== ${leg.name} tests ===`);
  const out = path.join(reportDir, `${path.basename(leg.config, ".ts")}.json`);
  const run = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--config",
      leg.config,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...extra,
    ],
    { stdio: "inherit", env: process.env },
  );
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTestSuites: number;
      success: boolean;
      startTime: number;
      testResults: FileResult[];
    };
    legSummaries.push(summariseLeg(leg.name, report));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (!report.success || run.status !== 0) anyLegFailed = true;
  } catch {
    console.error(`The ${leg.name} leg wrote no report (exit ${run.status}).`);
    anyLegFailed = true;
  }
}
console.log(`\n${legSummaries.join("\n")}`);
if (!process.env.TEST_DATABASE_URL) console.log("\n(PostgreSQL-server leg not run: TEST_DATABASE_URL unset.)");
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(anyLegFailed || failed > 0 ? 1 : 0);
