import { describe, expect, it } from "vitest";
import { readListPosition, writeListPosition } from "../../../../src/client/entities/list-state.ts";
import { readPatientView } from "../../../../src/client/pages/patients/patient-view.ts";

const TABLE_ID = "tables/patients.table.json";
const read = (query: string) => ({
  ...readListPosition(new URLSearchParams(query), TABLE_ID),
  view: readPatientView(new URLSearchParams(query)),
});

describe("patient list address", () => {
  it("reads page, search, sort and view, falling back to the table's defaults", () => {
    expect(read("")).toEqual({
      page: 1,
      pageSize: 25,
      search: "",
      sort: "last_name",
      order: "asc",
      view: undefined,
    });
    expect(read("page=3&search=riv&sort=mrn&order=desc&view=supervised")).toEqual({
      page: 3,
      pageSize: 25,
      search: "riv",
      sort: "mrn",
      order: "desc",
      view: "supervised",
    });
  });

  it("ignores values a hand-edited address could carry", () => {
    expect(read("page=-2&order=sideways&view=everyone")).toMatchObject({
      page: 1,
      order: "asc",
      view: undefined,
    });
  });

  it("leaves defaults and blanks out of the address", () => {
    const next = writeListPosition(new URLSearchParams("search=riv&page=4"), { search: "", page: 1, view: "my" });
    expect(next.toString()).toBe("view=my");
  });
});
