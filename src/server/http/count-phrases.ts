/** "1 patient", "3 programs": a count with its noun in the right number. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The counts that are not zero, joined with "and" ("2 patients and 1 program"): what a refusal
 * to delete says still uses the record, so the person knows what to move first.
 */
export function nonZeroCounts(counts: readonly [n: number, one: string, many: string][]): string {
  return counts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(" and ");
}
