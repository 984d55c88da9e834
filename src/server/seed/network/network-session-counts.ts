import { numberedStream, stream } from "./network-random.ts";

/**
 * How many scored sessions each patient's history holds: skewed as in a clinic, where most charts
 * have a handful, some a year or two of weekly questionnaires, and a few (long-term patients
 * answering several measures) 200 or more; one in ten has none yet. Raw counts are drawn per
 * patient, then scaled so they add up to exactly `total`.
 */

/** One patient in HEAVY_EVERY has a long history (200-400 before scaling), from the 8th on. */
const HEAVY_EVERY = 333;
const HEAVY_FROM = 7;

function rawCount(seed: number, n: number): number {
  const random = numberedStream(seed, "history", n);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  if (n % HEAVY_EVERY === HEAVY_FROM) return between(200, 400);
  const roll = random();
  if (roll < 0.1) return 0;
  if (roll < 0.13) return between(40, 120);
  return between(1, 12);
}

export function scoredSessionCounts(seed: number, patients: number, total: number): Int32Array {
  const counts = new Int32Array(patients);
  if (patients === 0 || total === 0) return counts;
  const raw = Array.from({ length: patients }, (_, n) => rawCount(seed, n));
  const sum = raw.reduce((a, b) => a + b, 0);
  // Nobody drew a history (a tiny network): share the total evenly.
  const weights = sum > 0 ? raw : raw.map(() => 1);
  const scale = total / (sum > 0 ? sum : patients);
  // Rounded up or down at random in proportion, so scaling leaves no gaps in the spread (with
  // largest remainders, a scale of 1.12 would never give anyone 9 sessions).
  const rounding = stream(seed, "history-rounding");
  let assigned = 0;
  weights.forEach((w, n) => {
    counts[n] = Math.floor(w * scale + rounding());
    assigned += counts[n];
  });
  // Then one more or one fewer for patients with a history, in turn, until the total is exact.
  const step = assigned < total ? 1 : -1;
  for (let n = 0; assigned !== total; n = (n + 1) % patients) {
    if (weights[n] > 0 && counts[n] + step >= 0) {
      counts[n] += step;
      assigned += step;
    }
  }
  return counts;
}
