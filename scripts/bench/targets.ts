import type { Measurement } from "./measurement.ts";

/** The figures of issue 12 §2 (PostgreSQL server, 100,000 patients / 1,000,000 measures, this machine). */
export const TARGETS = {
  readShareOfBare: 0.5,
  p99Ms: 50,
  answerSave: { reqPerSec: 500, p95Ms: 50, connections: 100 },
  embeddedStartupMs: 3000,
} as const;

export interface Verdict {
  /** null: the row has no target, or could not be judged. */
  met: boolean | null;
  text: string;
}

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

function verdict(failures: string[], passed: string): Verdict {
  return failures.length === 0
    ? { met: true, text: `met (${passed})` }
    : { met: false, text: `not met (${failures.join("; ")})` };
}

/**
 * Judges one row against its target. A row whose requests were not all answered 2xx in time
 * meets nothing: a fast error is not a fast answer. `bare` is the same run's bare read.
 */
export function judge(row: Measurement, bare: Measurement | undefined): Verdict {
  if (row.target === "none") return { met: null, text: "—" };
  if (row.skipped || row.failed) return { met: null, text: "not measured" };
  if (row.responses === 0) return { met: false, text: "not met (no response within the run)" };
  const refused: string[] = [];
  if (row.non2xx > 0) refused.push(`${row.non2xx} non-2xx`);
  if (row.errors > 0) refused.push(`${row.errors} errors`);
  if (row.timeouts > 0) refused.push(`${row.timeouts} timeouts`);
  switch (row.target) {
    case "read": {
      if (!bare || bare.skipped || bare.failed || bare.reqPerSec <= 0)
        return { met: null, text: "unknown (no bare read in this run)" };
      const share = row.reqPerSec / bare.reqPerSec;
      const pct = `${Math.round(share * 100)}% of bare`;
      const failures = [...refused];
      if (share < TARGETS.readShareOfBare) failures.unshift(`${pct}, target ≥ ${TARGETS.readShareOfBare * 100}%`);
      return verdict(failures, pct);
    }
    case "p99": {
      const failures = [...refused];
      if (!(row.p99 < TARGETS.p99Ms)) failures.unshift(`p99 ${ms(row.p99)}, target < ${TARGETS.p99Ms} ms`);
      return verdict(failures, `p99 ${ms(row.p99)} < ${TARGETS.p99Ms} ms`);
    }
    case "answer-save": {
      const t = TARGETS.answerSave;
      const failures = [...refused];
      if (row.connections !== t.connections)
        failures.push(`${row.connections} connections, target is at ${t.connections}`);
      if (row.reqPerSec < t.reqPerSec) failures.push(`${Math.round(row.reqPerSec)} req/s, target ≥ ${t.reqPerSec}`);
      if (!(row.p95 < t.p95Ms)) failures.push(`p95 ${ms(row.p95)}, target < ${t.p95Ms} ms`);
      if (row.lost === undefined) failures.push("not checked for lost answers");
      else if (row.lost > 0) failures.push(`${row.lost} acknowledged answers lost`);
      return verdict(failures, `≥ ${t.reqPerSec} req/s, p95 ${ms(row.p95)}, none lost`);
    }
  }
}

/** Start-up to the first 200 from /api/health: the target is the embedded database's (3 s at 10,000 patients). */
export function judgeStartup(startupMs: number | null, kind: "postgres" | "embedded"): Verdict {
  if (startupMs === null) return { met: null, text: "not measured" };
  if (kind !== "embedded") return { met: null, text: "no target for a server (the 3 s target is the embedded one's)" };
  const limit = TARGETS.embeddedStartupMs;
  return startupMs <= limit
    ? { met: true, text: `met (≤ ${limit / 1000} s)` }
    : { met: false, text: `not met (target ≤ ${limit / 1000} s)` };
}
