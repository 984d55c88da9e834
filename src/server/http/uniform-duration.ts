import { randomInt } from "node:crypto";

/** The part of a logger the floor needs: request.log fits. */
interface WarnLog {
  warn(details: object, message: string): void;
}

export interface DurationFloor {
  /** No answer sooner than this many milliseconds after the work started; 0 turns the floor off. */
  floorMs: number;
  log: WarnLog;
  /** Names the route in the warning (never the typed username, email or phone). */
  label: string;
}

export const FLOOR_EXCEEDED = "account lookup took longer than its floor: raise ACCOUNT_LOOKUP_FLOOR_MS";

/**
 * Runs `work` and answers no sooner than `floorMs` (plus up to a tenth of it at random) after it
 * started, whether it succeeded or threw. The public recovery and access-code routes do more when
 * an account is found (a token, an outbox row, an activity entry); with the floor both paths take
 * the floor, so the response time no longer tells a known username, email or phone from an
 * unknown one. The jitter keeps the answer from landing on one exact instant that a slightly
 * slower path could still be told apart from.
 *
 * Work longer than the floor is not delayed further, and that path would leak again: it is logged
 * as a warning (timing only, no request data) so the operator raises the floor.
 */
export async function uniformDuration<T>(floor: DurationFloor, work: () => Promise<T>): Promise<T> {
  if (floor.floorMs <= 0) return work();
  const started = performance.now();
  const target = floor.floorMs + randomInt(0, Math.floor(floor.floorMs / 10) + 1);
  try {
    return await work();
  } finally {
    const elapsed = performance.now() - started;
    if (elapsed > floor.floorMs) {
      const details = { route: floor.label, elapsedMs: Math.round(elapsed), floorMs: floor.floorMs };
      floor.log.warn(details, FLOOR_EXCEEDED);
    }
    if (elapsed < target) await new Promise((resolve) => setTimeout(resolve, target - elapsed));
  }
}
