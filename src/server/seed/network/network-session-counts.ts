import { numberedStream } from "./network-random.ts";

/**
 * How many scored sessions each patient's history holds: skewed as in a clinic, where most charts
 * have a handful, some a year or two of weekly questionnaires, and a few (long-term patients
 * answering several measures) 200 or more; one in ten has none yet. Raw counts are drawn per
 * patient, then scaled so they add up to exactly `total` (largest remainders take the rounding).
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
  const raw = Array.from({ length: patients }, (_, n) => rawCount(seed, n));
  const sum = raw.reduce((a, b) => a + b, 0);
  const counts = new Int32Array(patients);
  if (patients === 0 || total === 0) return counts;
  // Nobody drew a history (a tiny network): share the total evenly.
  const weights = sum > 0 ? raw : raw.map(() => 1);
  const scale = total / (sum > 0 ? sum : patients);
  let assigned = 0;
  const remainders: { n: number; frac: number }[] = [];
  weights.forEach((w, n) => {
    const exact = w * scale;
    counts[n] = Math.floor(exact);
    assigned += counts[n];
    remainders.push({ n, frac: exact - counts[n] });
  });
  remainders.sort((a, b) => b.frac - a.frac || a.n - b.n);
  for (let k = 0; assigned < total; k = (k + 1) % patients) {
    counts[remainders[k].n] += 1;
    assigned += 1;
  }
  return counts;
}
