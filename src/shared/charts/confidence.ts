/**
 * 95% confidence intervals of a mean for the outcomes charts (docs/analytics.md Charts).
 *
 * We use the t distribution, not 1.96: a week of treatment or a program's pairs often hold a
 * handful of episodes, and mean ± 1.96·SD/√n is too narrow there (at n = 5 by 22%). With large n
 * the two agree. The critical values for 1 to 30 degrees of freedom are the table's (4 decimals);
 * beyond 30 the Cornish–Fisher expansion is within 0.0005 of the exact value.
 */
const T_975 = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314,
  2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
];
const Z_975 = 1.959964;

/** The two-sided 95% critical value of Student's t with `df` degrees of freedom (df ≥ 1). */
export function tCritical95(df: number): number {
  if (!Number.isFinite(df) || df < 1) throw new RangeError(`degrees of freedom must be at least 1, not ${df}`);
  const whole = Math.floor(df);
  if (whole <= T_975.length) return T_975[whole - 1] as number;
  const z = Z_975;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  return z + g1 / whole + g2 / whole ** 2 + g3 / whole ** 3;
}

export interface MeanInterval {
  mean: number;
  sd: number | null;
  low: number | null;
  high: number | null;
}

/**
 * The mean with its 95% CI, mean ± t(n−1)·SD/√n, from n, the mean and the sample SD (n − 1).
 * One value has no spread: its SD and interval are null, and the chart draws no error bar.
 */
export function meanInterval(n: number, mean: number, sd: number | null): MeanInterval {
  if (n < 2 || sd === null || !Number.isFinite(sd)) return { mean, sd: null, low: null, high: null };
  const half = (tCritical95(n - 1) * sd) / Math.sqrt(n);
  return { mean, sd, low: mean - half, high: mean + half };
}

/** Rounds a figure for the answer (two decimals: what a report table shows). */
export function round2(value: number): number;
export function round2(value: number | null): number | null;
export function round2(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}
