import { describe, expect, it } from "vitest";
import { readListParams, writeListParams } from "../../../src/client/pages/patients/list-params.ts";

const defaults = { sort: "last_name", order: "asc" as const };

describe("patient list address", () => {
  it("reads page, search, sort and view, falling back to the table's defaults", () => {
    expect(readListParams(new URLSearchParams(""), defaults)).toEqual({
      page: 1,
      pageSize: 25,
      search: "",
      sort: "last_name",
      order: "asc",
      view: undefined,
    });
    expect(
      readListParams(new URLSearchParams("page=3&search=riv&sort=mrn&order=desc&view=supervised"), defaults),
    ).toEqual({ page: 3, pageSize: 25, search: "riv", sort: "mrn", order: "desc", view: "supervised" });
  });

  it("ignores values a hand-edited address could carry", () => {
    expect(readListParams(new URLSearchParams("page=-2&order=sideways&view=everyone"), defaults)).toMatchObject({
      page: 1,
      order: "asc",
      view: undefined,
    });
  });

  it("leaves defaults and blanks out of the address", () => {
    const next = writeListParams(new URLSearchParams("search=riv&page=4"), { search: "", page: 1, view: "my" });
    expect(next.toString()).toBe("view=my");
  });
});
