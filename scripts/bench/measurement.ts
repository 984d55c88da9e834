/** What a scenario's kind of target is (issue 12 §2); targets.ts judges a row by it. */
export type TargetKind =
  /** Patient read: req/s at least half the bare primary-key read's in the same run. */
  | "read"
  /** List, search, sort, deep page, chart overview, alert list: p99 under 50 ms. */
  | "p99"
  /** Answer save: ≥ 500 req/s, p95 < 50 ms at 100 connections, nothing lost. */
  | "answer-save"
  /** The limit itself, or a path the issue sets no target for (login). */
  | "none";

/** One row of the table: a scenario's figures, or why it has none. */
export interface Measurement {
  id: string;
  label: string;
  target: TargetKind;
  connections: number;
  durationSeconds: number;
  /** Every response, whatever its status, per second of the run. */
  reqPerSec: number;
  /** Latency of every response, milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  responses: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Response count by status code. */
  statuses: Record<string, number>;
  /** Answer save only: acknowledged (2xx, applied) answers the database does not hold. */
  lost?: number;
  /** A fact the row needs to be read right ("200 sessions", "embedded: one connection"). */
  note?: string;
  /** Not run, and why (no respondent accounts...): never a made-up number. */
  skipped?: string;
  /** The scenario could not be measured: its requests were refused (401, 404...) or it broke. */
  failed?: string;
}

/** A row that carries no figures (skipped or failed). */
export function emptyMeasurement(
  base: Pick<Measurement, "id" | "label" | "target" | "connections" | "durationSeconds">,
  why: { skipped?: string; failed?: string },
): Measurement {
  return {
    ...base,
    reqPerSec: 0,
    p50: 0,
    p95: 0,
    p99: 0,
    responses: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statuses: {},
    ...why,
  };
}

/** Facts the report states beside the table. */
export interface RunFacts {
  date: string;
  machine: { cores: number; cpuModel: string; memoryGiB: number; platform: string };
  node: string;
  database: {
    kind: "postgres" | "embedded";
    version: string;
    patients: number;
    scoredSessions: number;
    sizeBytes: number;
  };
  loadAverage: { before: number[]; after: number[] };
  /** Milliseconds from spawning the server on the existing database to its first 200 from /api/health. */
  startupMs: number | null;
  /** What the deep page by number answers (GET ?page=2000), as one line. */
  pageByNumber: string | null;
  /** Anything the bench changed about the server or the data, and other caveats, one line each. */
  notes: string[];
}
