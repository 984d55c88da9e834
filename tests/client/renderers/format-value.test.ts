import { describe, expect, it } from "vitest";
import { isoDateFromText } from "../../../src/client/dates/date-text.ts";
import { formatValue, isNew, needsAction } from "../../../src/client/renderers/format-value.ts";
import { caretAfterDigits, formatPhone } from "../../../src/client/widgets/phone-mask.ts";

describe("formatValue", () => {
  it("shows each kind the way a clinic reads it", () => {
    expect(formatValue("date", "2010-04-02")).toBe("Apr 2, 2010");
    expect(formatValue("enum", "o", [{ value: "o", label: "Other" }])).toBe("Other");
    expect(formatValue("enum", "zz", [{ value: "o", label: "Other" }])).toBe("zz");
    expect(formatValue("boolean", true)).toBe("Yes");
    expect(formatValue("boolean", false)).toBe("No");
    expect(formatValue("phone", "3125550108")).toBe("(312) 555-0108");
    expect(formatValue("stringList", ["A", "B"])).toBe("A, B");
    expect(formatValue("integer", 12345)).toBe("12,345");
    expect(formatValue("percent", 67)).toBe("67%");
    expect(formatValue("percent", null)).toBe("");
    expect(formatValue("text", null)).toBe("");
    expect(formatValue("text", "")).toBe("");
  });

  it("never shifts a birth date by the time zone", () => {
    expect(formatValue("date", "2000-01-01")).toBe("Jan 1, 2000");
  });
});

describe("phone mask", () => {
  it("formats as digits arrive", () => {
    expect(["", "3", "312", "3125", "312555", "3125550", "3125550108"].map(formatPhone)).toEqual([
      "",
      "(3",
      "(312",
      "(312) 5",
      "(312) 555",
      "(312) 555-0",
      "(312) 555-0108",
    ]);
  });

  it("puts the caret after the same number of digits", () => {
    expect(caretAfterDigits("(312) 555-0108", 3)).toBe(4);
    expect(caretAfterDigits("(312) 555-0108", 4)).toBe(7);
    expect(caretAfterDigits("(312) 555-0108", 10)).toBe(14);
  });
});

describe("isoDateFromText", () => {
  it("accepts ISO, US, compact and display-format dates typed by hand", () => {
    expect(isoDateFromText("4/2/2010")).toBe("2010-04-02");
    expect(isoDateFromText("20100402")).toBe("2010-04-02");
    expect(isoDateFromText(" 2010-04-02 ")).toBe("2010-04-02");
    expect(isoDateFromText("Apr 2, 2010")).toBe("2010-04-02");
  });

  it("refuses text that is not a whole, real date", () => {
    expect(isoDateFromText("soon")).toBeNull();
    expect(isoDateFromText("2010-04-0")).toBeNull();
    expect(isoDateFromText("02/31/2010")).toBeNull();
  });
});

describe("triage values of the patient list", () => {
  it("says active alerts, the latest score and an overdue date in words", () => {
    expect(formatValue("alertCount", 0)).toBe("None");
    expect(formatValue("alertCount", 1)).toBe("1 active alert");
    expect(formatValue("alertCount", 3)).toBe("3 active alerts");
    expect(formatValue("scoreSummary", { measure: "PHQ-9", score: 14, severity: "Moderate" })).toBe(
      "PHQ-9 14 · Moderate",
    );
    expect(formatValue("scoreSummary", { measure: "GAD-7", score: 4, severity: null })).toBe("GAD-7 4");
    expect(formatValue("dueStatus", { due_date: "2026-03-01T00:00:00Z", overdue: true })).toBe("Overdue · Mar 1, 2026");
    expect(formatValue("dueStatus", { due_date: "2026-03-09T00:00:00Z", overdue: false })).toBe("Mar 9, 2026");
    expect(formatValue("dueStatus", null)).toBe("");
  });

  it("marks only what calls for action", () => {
    expect(needsAction("alertCount", 2)).toBe(true);
    expect(needsAction("alertCount", 0)).toBe(false);
    expect(needsAction("dueStatus", { due_date: "2026-03-01T00:00:00Z", overdue: true })).toBe(true);
    expect(needsAction("dueStatus", { due_date: "2026-03-01T00:00:00Z", overdue: false })).toBe(false);
    expect(needsAction("integer", 2)).toBe(false);
  });
});

describe("worklist values of Home's new results", () => {
  it("says the change since the previous session in words, with the server's verdict", () => {
    const change = (c: number, direction: string, reliableChange?: string) =>
      formatValue("scoreChange", { from: 10, to: 10 + c, change: c, direction, reliableChange });
    expect(change(-6, "improved", "reliable improvement")).toBe("Down 6 · Reliable improvement");
    expect(change(-2, "improved", "no reliable change")).toBe("Down 2 · Improved");
    expect(change(3, "worsened")).toBe("Up 3 · Worsened");
    // A measure where higher is better: up is an improvement, as the server says.
    expect(change(4, "improved")).toBe("Up 4 · Improved");
    expect(change(0, "unchanged")).toBe("No change");
    expect(needsAction("scoreChange", { change: 3, direction: "worsened" })).toBe(true);
    expect(needsAction("scoreChange", { change: -3, direction: "improved" })).toBe(false);
  });

  it("says New for a result the reader has not opened, and Seen after", () => {
    expect(formatValue("seenMark", false)).toBe("New");
    expect(formatValue("seenMark", true)).toBe("Seen");
    expect(isNew("seenMark", false)).toBe(true);
    expect(isNew("seenMark", true)).toBe(false);
  });
});
