import { describe, expect, it } from "vitest";
import {
  bucketOf,
  DAYS_BUCKETS_ID,
  daysBetween,
  lengthOfTreatment,
  outpatientWeeks,
  WEEKS_BUCKETS_ID,
} from "../../../src/shared/episodes/length-of-treatment.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

const days = (n: number) => bucketOf(schemaById(defaultBundle, DAYS_BUCKETS_ID), n).label;
const weeks = (n: number) => bucketOf(schemaById(defaultBundle, WEEKS_BUCKETS_ID), n).label;

describe("length of treatment", () => {
  it("counts calendar days from the admission day, across months, leap days and clock changes", () => {
    expect(daysBetween("2027-01-29", "2027-01-29")).toBe(0);
    expect(daysBetween("2027-01-29", "2027-03-01")).toBe(31);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2027-03-13", "2027-03-15")).toBe(2);
    expect(daysBetween("2027-11-06", "2027-11-08")).toBe(2);
  });

  it("counts outpatient weeks as weeks begun: the admission day 0, days 1-7 week 1, 8-14 week 2", () => {
    expect([0, 1, 7, 8, 14, 15].map(outpatientWeeks)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it("puts days in the inpatient buckets at their edges", () => {
    expect([0, 2, 3, 5, 6, 7, 8, 10, 11, 14, 15, 20, 21, 28, 29, 400].map(days)).toEqual([
      "Under 2",
      "Under 2",
      "3-5",
      "3-5",
      "6-7",
      "6-7",
      "8-10",
      "8-10",
      "11-14",
      "11-14",
      "15-20",
      "15-20",
      "21-28",
      "21-28",
      "Over 29",
      "Over 29",
    ]);
  });

  it("puts weeks in the outpatient buckets at their edges", () => {
    expect([0, 1, 2, 4, 5, 8, 9, 16, 17, 24, 25, 48, 49, 96, 97, 520].map(weeks)).toEqual([
      "Up to 1",
      "Up to 1",
      "2-4",
      "2-4",
      "5-8",
      "5-8",
      "9-16",
      "9-16",
      "17-24",
      "17-24",
      "25-48",
      "25-48",
      "49-96",
      "49-96",
      "97 and more",
      "97 and more",
    ]);
  });

  it("gives both lengths with their bucket codes, never below 0", () => {
    expect(lengthOfTreatment(defaultBundle, "2027-01-01", "2027-01-22")).toEqual({
      days: 21,
      weeks: 3,
      days_bucket: "21-28",
      days_bucket_label: "21-28",
      weeks_bucket: "2-4",
      weeks_bucket_label: "2-4",
    });
    expect(lengthOfTreatment(defaultBundle, "2027-01-10", "2027-01-09")).toMatchObject({ days: 0, weeks: 0 });
  });
});
