import type { Call } from "./api-client.ts";
import type { BusyChart, DatabaseProbe } from "./database-probe.ts";
import type { ConnectionPlan } from "./load.ts";
import type { Measurement, TargetKind } from "./measurement.ts";

/** What the bench learnt from the database before the servers started. */
export interface Samples {
  /** Patients spread over the whole table, as admin sees them. */
  patients: { id: number; mrn: string }[];
  /** The commonest three-letter starts of last names. */
  namePrefixes: string[];
  /** The chart whose scored-session count is nearest 200. */
  busyChart: BusyChart | null;
  /** Respondent usernames of the generated network that have an account. */
  respondents: string[];
}

export interface ScenarioContext {
  appUrl: string;
  bareUrl: string | null;
  samples: Samples;
  /** A fresh access token of this account, signed in through the real API. */
  signIn(username: string): Promise<string>;
  /** Facts the report should state (what the bench changed, how a row was made). */
  note(line: string): void;
}

export interface Prepared {
  /** The plan of the n-th connection; connection 0's is also the one checked before the run. */
  connection(index: number): ConnectionPlan;
  /** Overrides the app's URL (the bare server). */
  baseUrl?: string;
  note?: string;
  /** Run once the servers have stopped (the embedded database has one owner): fills in what it checks. */
  afterStop?(probe: DatabaseProbe): Promise<Partial<Measurement>>;
}

export interface Scenario {
  id: string;
  label: string;
  target: TargetKind;
  /** Connections this scenario always uses (answer save: 100), whatever --connections says. */
  connections?: number;
  /** Needs the bare server rather than the app. */
  bare?: boolean;
  /** Signs in and finds what to ask for; a string is why it cannot run (never a made-up number). */
  prepare(ctx: ScenarioContext): Promise<Prepared | string>;
}

/** One shared rotation over prepared calls: request k asks for calls[k mod n]. */
export function rotation(calls: Call[]): (index: number) => ConnectionPlan {
  if (calls.length === 0) throw new Error("Nothing to ask for");
  let k = 0;
  const plan: ConnectionPlan = { next: () => calls[k++ % calls.length] };
  return () => plan;
}
