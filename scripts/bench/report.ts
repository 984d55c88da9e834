import type { Measurement, RunFacts } from "./measurement.ts";
import { judge, judgeStartup } from "./targets.ts";

const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

/** req/s: whole numbers with separators; below 100, one decimal (a slow path is still told apart). */
export function formatRate(n: number): string {
  return n < 100 ? n.toFixed(1) : thousands(n);
}

/** Milliseconds: one decimal below 10, whole above, separators past 1,000. */
export function formatMs(n: number): string {
  return n < 10 ? n.toFixed(1) : thousands(n);
}

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  return `${(n / 1024 ** 2).toFixed(1)} MiB`;
}

const cell = (s: string) => s.replaceAll("|", "\\|");

/** Status codes other than 2xx, most frequent first ("401×12, 503×3"): what went wrong at a glance. */
function otherStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .filter(([code]) => !code.startsWith("2"))
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code}×${thousands(n)}`)
    .join(", ");
}

/**
 * The table: one row per scenario, in the order run, with its verdict against issue 12 §2. On the
 * embedded database the header says that every connection shares its one connection.
 */
export function formatTable(rows: Measurement[], kind: "postgres" | "embedded" = "postgres"): string {
  const bare = rows.find((r) => r.id === "bare-read");
  const scenario = kind === "embedded" ? "scenario (embedded: one connection)" : "scenario";
  const lines = [
    `| ${scenario} | conn | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | timeouts | target |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const row of rows) {
    const name = `${row.label}${row.note ? ` (${row.note})` : ""} \`${row.id}\``;
    if (row.skipped || row.failed) {
      const why = row.skipped ? `skipped: ${row.skipped}` : `**FAILED**: ${row.failed}`;
      lines.push(`| ${cell(name)} | ${row.connections} | — | — | — | — | — | — | — | ${cell(why)} |`);
      continue;
    }
    // No response at all (every request outlived the run): no latency to state, rather than a 0.
    const lat = (v: number) => (row.responses > 0 ? formatMs(v) : "—");
    const statuses = otherStatuses(row.statuses);
    const non2xx = row.non2xx > 0 && statuses ? `${thousands(row.non2xx)} (${statuses})` : thousands(row.non2xx);
    lines.push(
      `| ${cell(name)} | ${row.connections} | ${formatRate(row.reqPerSec)} | ${lat(row.p50)} | ${lat(row.p95)} | ${lat(row.p99)} | ${cell(non2xx)} | ${thousands(row.errors)} | ${thousands(row.timeouts)} | ${cell(judge(row, bare).text)} |`,
    );
  }
  return lines.join("\n");
}

const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");

/** The facts a reader needs to weigh the figures: machine, database, load, start-up. */
export function formatFacts(facts: RunFacts): string {
  const { machine, database: db } = facts;
  const dbLine =
    db.kind === "embedded"
      ? `embedded PGlite (${db.version}) — **embedded: one connection**, every request waits its turn`
      : `PostgreSQL server: ${db.version}`;
  const startup =
    facts.startupMs === null
      ? "not measured"
      : `${thousands(facts.startupMs)} ms from spawning the server to its first 200 from /api/health — ${judgeStartup(facts.startupMs, db.kind).text}`;
  const lines = [
    `- Date: ${facts.date}`,
    `- Machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB memory, ${machine.platform}`,
    `- Node.js: ${facts.node}`,
    `- Database: ${dbLine}`,
    `- Data: ${thousands(db.patients)} patients, ${thousands(db.scoredSessions)} scored sessions, ${formatBytes(db.sizeBytes)} on disk`,
    `- Load average (1 / 5 / 15 min): before ${loads(facts.loadAverage.before)}, after ${loads(facts.loadAverage.after)}`,
    `- Start-up: ${startup}`,
  ];
  if (facts.pageByNumber) lines.push(`- Page 2,000 by number (GET /api/patients?page=2000): ${facts.pageByNumber}`);
  for (const note of facts.notes) lines.push(`- ${note}`);
  return lines.join("\n");
}

/** The section written between the markers of docs/benchmarks.md, and printed. */
export function formatReport(facts: RunFacts, rows: Measurement[]): string {
  return [
    `### Last run: ${facts.date}`,
    "",
    formatFacts(facts),
    "",
    formatTable(rows, facts.database.kind),
    "",
    "req/s counts every response; latencies are of every response, as the load generator saw them. " +
      "Targets are issue 12 §2's, set for a PostgreSQL server holding 100,000 patients and 1,000,000 measures: " +
      "on less data a “met” proves little. Figures on a shared machine are noisy.",
  ].join("\n");
}
