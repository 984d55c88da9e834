import { describe, expect, it } from "vitest";
import {
  FREQUENCY_STEPS,
  nextDueDates,
  occurrenceOpensOn,
  opensDaysBefore,
  todayIn,
} from "../../../src/shared/scheduling/due-dates.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

// Anchor: Friday 2027-01-29 (no month-end clamping in the first five of any frequency except below).
const FIRST_FIVE: Record<number, [string, string[]]> = {
  1: ["One Time", ["2027-01-29"]],
  2: ["Daily", ["2027-01-29", "2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02"]],
  3: ["Weekly", ["2027-01-29", "2027-02-05", "2027-02-12", "2027-02-19", "2027-02-26"]],
  4: ["Every 2 Weeks", ["2027-01-29", "2027-02-12", "2027-02-26", "2027-03-12", "2027-03-26"]],
  // Feb 29 does not exist in 2027: February's occurrence falls on its last day, March returns to the 29th.
  5: ["Monthly", ["2027-01-29", "2027-02-28", "2027-03-29", "2027-04-29", "2027-05-29"]],
  6: ["Every 2 Months", ["2027-01-29", "2027-03-29", "2027-05-29", "2027-07-29", "2027-09-29"]],
  7: ["Every 3 Months", ["2027-01-29", "2027-04-29", "2027-07-29", "2027-10-29", "2028-01-29"]],
  8: ["Every 6 Months", ["2027-01-29", "2027-07-29", "2028-01-29", "2028-07-29", "2029-01-29"]],
  9: ["Every 6 Weeks", ["2027-01-29", "2027-03-12", "2027-04-23", "2027-06-04", "2027-07-16"]],
  10: ["Every 4 Months", ["2027-01-29", "2027-05-29", "2027-09-29", "2028-01-29", "2028-05-29"]],
  11: ["Annually", ["2027-01-29", "2028-01-29", "2029-01-29", "2030-01-29", "2031-01-29"]],
};

describe("due dates of recurring schedules", () => {
  it.each(Object.entries(FIRST_FIVE))("frequency %s: the first five due dates", (code, [, expected]) => {
    expect(nextDueDates(Number(code), "2027-01-29", 5)).toEqual(expected);
  });

  it("covers exactly the frequencies of the enum, with the steps its x-interval names", () => {
    const options = schemaById(defaultBundle, "enums/frequency.json").oneOf as {
      const: number;
      title: string;
      "x-interval": Record<string, number> | null;
    }[];
    expect(options.map((o) => [o.const, o.title])).toEqual(
      Object.entries(FIRST_FIVE).map(([code, [title]]) => [Number(code), title]),
    );
    for (const o of options) {
      const interval = o["x-interval"];
      const inDaysOrMonths =
        interval === null
          ? null
          : "days" in interval
            ? { days: interval.days }
            : "weeks" in interval
              ? { days: interval.weeks * 7 }
              : "months" in interval
                ? { months: interval.months }
                : { months: interval.years * 12 };
      expect(FREQUENCY_STEPS[o.const]).toEqual(inDaysOrMonths);
    }
  });

  it("month-end anchors clamp to shorter months and come back to the anchor's day", () => {
    expect(nextDueDates(5, "2027-01-31", 5)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(nextDueDates(5, "2028-01-31", 2)).toEqual(["2028-01-31", "2028-02-29"]);
    expect(nextDueDates(11, "2028-02-29", 5)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
    ]);
    expect(nextDueDates(7, "2027-11-30", 3)).toEqual(["2027-11-30", "2028-02-29", "2028-05-30"]);
  });

  it("keeps calendar days across a daylight-saving change: weekly Sundays stay Sundays", () => {
    // US clocks move forward on 2026-03-08 and back on 2026-11-01.
    expect(nextDueDates(3, "2026-03-01", 3)).toEqual(["2026-03-01", "2026-03-08", "2026-03-15"]);
    expect(nextDueDates(2, "2026-10-31", 3)).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
  });

  it("reads today in the clinic's time zone, not in UTC", () => {
    // 03:30 UTC on March 9 is 23:30 on March 8 in New York (daylight time, UTC-4) ...
    expect(todayIn("America/New_York", new Date("2026-03-09T03:30:00Z"))).toBe("2026-03-08");
    expect(todayIn("America/New_York", new Date("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
    // ... and a day earlier, still in standard time (UTC-5), 04:30 UTC is 23:30 the day before.
    expect(todayIn("America/New_York", new Date("2026-03-08T04:30:00Z"))).toBe("2026-03-07");
    expect(todayIn("UTC", new Date("2026-03-09T03:30:00Z"))).toBe("2026-03-09");
  });

  it("opens later occurrences ahead of their due day without overlapping the previous window", () => {
    expect([2, 3, 4, 5, 9, 11].map(opensDaysBefore)).toEqual([0, 3, 6, 7, 7, 7]);
    expect(occurrenceOpensOn(3, "2027-02-05", 0)).toBeNull();
    expect(occurrenceOpensOn(3, "2027-02-05", 1)).toBe("2027-02-02");
    expect(occurrenceOpensOn(2, "2027-01-30", 1)).toBe("2027-01-30");
  });
});
