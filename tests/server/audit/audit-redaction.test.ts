import { describe, expect, it } from "vitest";
import { csvField } from "../../../src/server/audit/audit-csv.ts";
import { redactedQuery, termHash } from "../../../src/server/audit/audit-redaction.ts";

describe("audit redaction", () => {
  it("keeps paging as is and hashes every free-text value with the key", () => {
    const q = redactedQuery("k", { page: 2, sort: "last_name", search: "Jordan Rivera", email: "j@example.com" });
    expect(q).toEqual({
      page: 2,
      sort: "last_name",
      search: termHash("k", "Jordan Rivera"),
      email: termHash("k", "j@example.com"),
    });
    expect(JSON.stringify(q)).not.toMatch(/jordan|rivera|example/i);
  });

  it("hashes a term the same however it is typed, and differently under another key", () => {
    expect(termHash("k", "  Jordan RIVERA ")).toBe(termHash("k", "jordan rivera"));
    expect(termHash("k", "jordan")).not.toBe(termHash("other", "jordan"));
  });
});

describe("audit CSV fields", () => {
  it("quotes separators and defuses spreadsheet formulas", () => {
    expect(csvField('Rivera, "Jo"')).toBe('"Rivera, ""Jo"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
  });
});
