import autocannon from "autocannon";
import type { Call } from "./api-client.ts";

/** What one connection sends, request after request, and hears back. */
export interface ConnectionPlan {
  next(): Call;
  /** Called with every response of this connection, in order (one request in flight at a time). */
  onResponse?(status: number, body: string): void;
}

export interface LoadPlan {
  connections: number;
  durationSeconds: number;
  /** The plan of the n-th connection (0-based); simple scenarios share one rotation. */
  connection(index: number): ConnectionPlan;
}

export interface LoadResult {
  durationSeconds: number;
  responses: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** Connection errors other than timeouts. */
  errors: number;
  /** Requests not answered within the load generator's 10 s. */
  timeouts: number;
  statuses: Record<string, number>;
}

/** The value below which p percent of the sorted latencies fall (nearest rank). */
export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Runs autocannon against baseUrl for the plan's duration. Latencies are recorded here, of every
 * response, so the table has p95 (autocannon's own summary stops at p97.5 beside p90).
 */
export async function runLoad(baseUrl: string, plan: LoadPlan): Promise<LoadResult> {
  const latencies: number[] = [];
  let nextConnection = 0;
  const instance = autocannon({
    url: baseUrl,
    connections: plan.connections,
    duration: plan.durationSeconds,
    timeout: 10,
    setupClient(client) {
      const connection = plan.connection(nextConnection++);
      client.setRequests([
        {
          setupRequest: (request) => {
            const c = connection.next();
            // A copy: autocannon writes Content-Length into the headers object it is given, and the
            // check after the warm-up sends the same call with fetch: a stale length there makes
            // the server wait for bytes that never come.
            return { ...request, method: c.method, path: c.path, headers: { ...c.headers }, body: c.body ?? "" };
          },
          ...(connection.onResponse
            ? { onResponse: (status: number, body: string) => connection.onResponse?.(status, body) }
            : {}),
        },
      ]);
    },
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count;
  const responses = sorted.length;
  return {
    durationSeconds: result.duration,
    responses,
    reqPerSec: result.duration > 0 ? responses / result.duration : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses,
  };
}
