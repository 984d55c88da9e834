import type { Call } from "./api-client.ts";
import { runLoad } from "./load.ts";
import { emptyMeasurement, type Measurement } from "./measurement.ts";
import type { Prepared, Scenario, ScenarioContext } from "./scenario.ts";

export interface ScenarioRun {
  row: Measurement;
  afterStop?: Prepared["afterStop"];
}

/** fetch says only "fetch failed"; its cause says what failed (a reset, a refused connection...). */
function describe(err: Error): string {
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return cause ? `${err.message} (${cause.code ?? cause.message})` : err.message;
}

/** The one request checked before a run: anything but 2xx means the bench itself is wrong. */
async function check(baseUrl: string, c: Call): Promise<{ status: number; body: string }> {
  const res = await fetch(`${baseUrl}${c.path}`, {
    method: c.method,
    headers: c.headers,
    body: c.body,
    signal: AbortSignal.timeout(120_000),
  });
  return { status: res.status, body: await res.text() };
}

/**
 * Prepares, checks one request, warms up, then loads the server for the duration. A scenario that cannot
 * be prepared is skipped with its reason; one whose check is not 2xx (401, 404, ...) fails and
 * has no figures: a benchmark of refusals measures nothing.
 */
export async function runScenario(
  scenario: Scenario,
  ctx: ScenarioContext,
  opts: { connections: number; durationSeconds: number; warmupSeconds: number },
): Promise<ScenarioRun> {
  const base = {
    id: scenario.id,
    label: scenario.label,
    target: scenario.target,
    connections: scenario.connections ?? opts.connections,
    durationSeconds: opts.durationSeconds,
  };
  let prepared: Prepared | string;
  try {
    prepared = await scenario.prepare(ctx);
  } catch (err) {
    return { row: emptyMeasurement(base, { failed: `could not prepare: ${(err as Error).message}` }) };
  }
  if (typeof prepared === "string") return { row: emptyMeasurement(base, { skipped: prepared }) };
  const baseUrl = prepared.baseUrl ?? ctx.appUrl;
  const first = prepared.connection(0);
  // One request alone, answered 2xx, before any load. It also waits out work the server still
  // does for requests the load generator gave up on (nothing cancels a query yet): the server's
  // queues are first in, first out, so it is answered once they have drained.
  const checkOne = async (): Promise<string | null> => {
    const request = first.next();
    const answer = await check(baseUrl, request).catch((err: Error) => ({ status: 0, body: describe(err) }));
    if (answer.status < 200 || answer.status > 299)
      return `${request.method} ${request.path.slice(0, 80)} answered ${answer.status || "nothing"}: ${answer.body.slice(0, 200)}`;
    first.onResponse?.(answer.status, answer.body);
    return null;
  };
  const refused = await checkOne();
  if (refused) return { row: emptyMeasurement(base, { failed: refused }) };
  const load = { connections: base.connections, connection: prepared.connection };
  if (opts.warmupSeconds > 0) {
    await runLoad(baseUrl, { ...load, durationSeconds: opts.warmupSeconds });
    const after = await checkOne();
    if (after) return { row: emptyMeasurement(base, { failed: `after the warm-up, ${after}` }) };
  }
  const result = await runLoad(baseUrl, { ...load, durationSeconds: opts.durationSeconds });
  const row: Measurement = {
    ...base,
    durationSeconds: result.durationSeconds,
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    responses: result.responses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: result.statuses,
    note: prepared.note,
  };
  return { row, afterStop: prepared.afterStop };
}

/** Statuses that say the bench asked wrongly (not overload: 429 and 5xx are the server's answer to load). */
export function refusedStatuses(row: Measurement): string[] {
  return Object.keys(row.statuses).filter((code) => code.startsWith("4") && code !== "429");
}
