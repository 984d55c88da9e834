import { describe, expect, it } from "vitest";
import { isoDateFromText } from "../../../src/client/dates/date-text.ts";
import { formatValue } from "../../../src/client/renderers/format-value.ts";
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
