import { describe, expect, it } from "vitest";
import { valueAxis, weekLabelStep, weekTicks, zeroAppended } from "../../../src/shared/charts/axis-rules.ts";
import { bandIndex, chartBands, chartCutoff, inClinicalRange } from "../../../src/shared/charts/chart-measures.ts";
import { meanInterval, tCritical95 } from "../../../src/shared/charts/confidence.ts";
import { measureDefinition } from "../../../src/shared/measures/library.ts";

describe("spec §9 axis rules", () => {
  it("four ticks from 0: the top a multiple of 4 up to 40, of 40 beyond (steps of 10s)", () => {
    expect(valueAxis(27)).toEqual({ top: 28, ticks: [0, 7, 14, 21, 28] });
    expect(valueAxis(3)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueAxis(7.2)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(40)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(valueAxis(41)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(valueAxis(130)).toEqual({ top: 160, ticks: [0, 40, 80, 120, 160] });
    // Nothing to draw still gets a readable axis.
    expect(valueAxis(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueAxis(Number.NaN).top).toBe(4);
    for (const max of [1, 5, 13, 39, 55, 99, 1234]) {
      const { top, ticks } = valueAxis(max);
      expect(ticks).toHaveLength(5);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top % 4 === 0 || top % 40 === 0).toBe(true);
      if (top > 40) expect(ticks.every((t) => t % 10 === 0)).toBe(true);
    }
  });

  it("labels every week, every 2nd past 16 labels (score over time), every 5th past 10 (weeks to cut-off)", () => {
    const scoreRule = { over: 16, step: 2 };
    const cutoffRule = { over: 10, step: 5 };
    expect(weekLabelStep(16, scoreRule)).toBe(1);
    expect(weekLabelStep(17, scoreRule)).toBe(2);
    expect(weekLabelStep(10, cutoffRule)).toBe(1);
    expect(weekLabelStep(11, cutoffRule)).toBe(5);
    expect(weekLabelStep(100, undefined)).toBe(1);
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(weekTicks(range(16), scoreRule)).toEqual(range(16));
    expect(weekTicks(range(17), scoreRule)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16]);
    expect(weekTicks(range(10), cutoffRule)).toEqual(range(10));
    expect(weekTicks(range(12), cutoffRule)).toEqual([0, 5, 10]);
    // Gaps count: weeks 0 to 20 are 21 labels even with points on only a few.
    expect(weekTicks([0, 3, 20], scoreRule)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  it("appends week 0 to more than three points that do not start there, never to three or fewer", () => {
    expect(zeroAppended([2, 3, 4])).toEqual([2, 3, 4]);
    expect(zeroAppended([4, 2, 3, 5])).toEqual([0, 2, 3, 4, 5]);
    expect(zeroAppended([0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
    expect(weekTicks([3, 4, 5, 6], { over: 16, step: 2 })).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekTicks([], undefined)).toEqual([]);
  });
});

describe("95% confidence interval", () => {
  it("uses Student's t: the table to 30 degrees of freedom, the expansion beyond", () => {
    expect(tCritical95(1)).toBe(12.7062);
    expect(tCritical95(4)).toBe(2.7764);
    expect(tCritical95(30)).toBe(2.0423);
    // Exact values (R qt(0.975, df)): 2.0395, 2.0211, 1.9799, 1.9623.
    expect(tCritical95(31)).toBeCloseTo(2.0395, 3);
    expect(tCritical95(40)).toBeCloseTo(2.0211, 3);
    expect(tCritical95(120)).toBeCloseTo(1.9799, 3);
    expect(tCritical95(1000)).toBeCloseTo(1.9623, 3);
    expect(() => tCritical95(0)).toThrow(RangeError);
  });

  it("is mean ± t(n−1)·SD/√n, and none for a single value", () => {
    const ci = meanInterval(5, 12, 4);
    expect(ci.low).toBeCloseTo(12 - (2.7764 * 4) / Math.sqrt(5), 10);
    expect(ci.high).toBeCloseTo(12 + (2.7764 * 4) / Math.sqrt(5), 10);
    expect(meanInterval(1, 9, null)).toEqual({ mean: 9, sd: null, low: null, high: null });
  });
});

describe("what a chart may take from a measure definition", () => {
  it("takes a verified single cut-off and says why it takes no other", () => {
    expect(chartCutoff("PHQ-9", measureDefinition("phq-9"))).toEqual({
      ok: true,
      value: { value: 10, direction: ">=" },
    });
    expect(chartCutoff("K6", measureDefinition("k6"))).toEqual({
      ok: false,
      reason: "K6's cut-off is not verified, so it is not used to count weeks to below it.",
    });
    expect(chartCutoff("AUDIT-C", measureDefinition("audit-c"))).toMatchObject({ ok: false });
    expect(chartCutoff("K10", measureDefinition("k10"))).toMatchObject({ ok: false });
    // WHO-5's clinical range is below its cut-off: "below the cut-off" means leaving it.
    const who5 = chartCutoff("WHO-5", measureDefinition("who-5"));
    expect(who5.ok && inClinicalRange(10, who5.value)).toBe(true);
    expect(who5.ok && inClinicalRange(13, who5.value)).toBe(false);
  });

  it("takes verified bands in order, each up to where the next begins", () => {
    const bands = chartBands("PHQ-9", measureDefinition("phq-9"));
    expect(bands.ok && bands.value.map((b) => b.label)).toEqual([
      "None/minimal",
      "Mild",
      "Moderate",
      "Moderately severe",
      "Severe",
    ]);
    if (!bands.ok) return;
    expect(bandIndex(0, bands.value)).toBe(0);
    expect(bandIndex(4.5, bands.value)).toBe(0);
    expect(bandIndex(10, bands.value)).toBe(2);
    expect(bandIndex(27, bands.value)).toBe(4);
    expect(bandIndex(28, bands.value)).toBeNull();
    expect(chartBands("PCL-5", measureDefinition("pcl-5"))).toMatchObject({ ok: false });
  });
});
