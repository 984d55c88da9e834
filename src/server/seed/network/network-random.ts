import { seededRandom } from "../demo-random.ts";

/**
 * Deterministic randomness for the network generator. Every part of the plan draws from its own
 * stream, named by the --seed and what it is for (a patient's stream is named by the patient's
 * number), so a patient comes out the same however the work is batched and whatever other parts
 * of the network are asked for.
 */

/** A 32-bit seed for the stream named by `parts` under `seed` (FNV-1a over their text). */
export function streamSeed(seed: number, ...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const ch of [seed, ...parts].join("|")) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Random = () => number;

export function stream(seed: number, ...parts: (string | number)[]): Random {
  return seededRandom(streamSeed(seed, ...parts));
}

/**
 * The stream of the n-th item of a kind (a patient's, say). Its seed is the kind's seed plus n,
 * never a hash of n: 100,000 hashed 32-bit seeds would give some patients the same stream, and so
 * the same name, MRN digits aside, and the same uuid. Neighbouring seeds give unrelated draws.
 */
export function numberedStream(seed: number, kind: string, n: number): Random {
  return seededRandom((streamSeed(seed, kind) + n) >>> 0);
}

/** True with probability p. */
export const chance = (random: Random, p: number) => random() < p;

/** One of `items`, each with its weight. */
export function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return items[items.length - 1][0];
}

const hex = (n: number, width: number) =>
  (n >>> 0)
    .toString(16)
    .padStart(8, "0")
    .slice(8 - width);

/**
 * A version-4 UUID from the stream: records get the same uuid on every run with the same seed,
 * so two generated databases can be compared row for row. 122 drawn bits: two alike are as
 * unlikely as for gen_random_uuid(), and the unique indexes would refuse them anyway.
 */
export function uuidFrom(random: Random): string {
  const word = () => Math.floor(random() * 0x1_0000_0000);
  const [a, b, c, d] = [word(), word(), word(), word()];
  return [
    hex(a, 8),
    hex(b >>> 16, 4),
    hex(0x4000 | (b & 0x0fff), 4),
    hex(0x8000 | ((c >>> 16) & 0x3fff), 4),
    hex(c & 0xffff, 4) + hex(d, 8),
  ].join("-");
}
