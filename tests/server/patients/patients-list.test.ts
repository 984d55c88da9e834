import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

const PEOPLE = [
  { first_name: "Jordan", last_name: "Rivera", mrn: "MRN1001", birth_date: "2009-03-14", gender: "m" },
  { first_name: "amara", last_name: "okafor", mrn: "MRN1002", birth_date: "1985-07-01", gender: "f" },
  { first_name: "Mateo", last_name: "Garcia", mrn: "MRN1003", birth_date: "2016-11-30", gender: "m" },
  { first_name: "Sofia", last_name: "Garcia", mrn: "MRN1004", birth_date: "2001-01-15", gender: "f" },
  { first_name: "Quinn", last_name: "de la Cruz", mrn: "MRN1005", birth_date: "1970-05-05", gender: "n" },
  { first_name: "Mei", last_name: "Nguyen", mrn: "ABC2001", birth_date: "2012-09-09", gender: "f" },
  { first_name: "Omar", last_name: "Haddad", mrn: "ABC2002", birth_date: "1999-12-31", gender: "m" },
  { first_name: "Grace", last_name: "100% Smith", mrn: "ABC2003", birth_date: "1960-02-02", gender: "f" },
  { first_name: "Liam", last_name: "Under_score", mrn: "ABC2004", birth_date: "1995-06-06", gender: "u" },
  { first_name: "Nora", last_name: "Back\\slash", mrn: "ABC2005", birth_date: "1993-03-03", gender: "f" },
];

describe.each(DATABASES)("patient list paging, sorting and search on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(database);
    const admin = await signedInUser(t.db, { username: "admin", roles: ["admin"] });
    headers = admin.headers;
    const clinician = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    for (const person of PEOPLE) await addPatient(t.app, headers, { ...person, clinicians: [clinician.id] });
  });
  afterAll(async () => t.close());

  const get = (query: string) => t.app.inject({ method: "GET", url: `/api/patients?${query}`, headers });
  const mrns = async (query: string): Promise<string[]> => {
    const res = await get(query);
    expect(res.statusCode).toBe(200);
    return res.json().rows.map((r: { mrn: string }) => r.mrn);
  };

  it("sorts by last name, then first name, case-insensitively by default", async () => {
    expect(await mrns("")).toEqual([
      "ABC2003", // 100% Smith
      "ABC2005", // Back\slash
      "MRN1005", // de la Cruz
      "MRN1003", // Garcia, Mateo
      "MRN1004", // Garcia, Sofia
      "ABC2002", // Haddad
      "ABC2001", // Nguyen
      "MRN1002", // okafor
      "MRN1001", // Rivera
      "ABC2004", // Under_score
    ]);
    expect((await mrns("order=desc"))[0]).toBe("ABC2004");
  });

  it("sorts by the table's sortable columns, and refuses any other sort", async () => {
    expect(await mrns("sort=mrn&pageSize=3")).toEqual(["ABC2001", "ABC2002", "ABC2003"]);
    expect(await mrns("sort=mrn&order=desc&pageSize=2")).toEqual(["MRN1005", "MRN1004"]);
    expect(await mrns("sort=birth_date&pageSize=2")).toEqual(["ABC2003", "MRN1005"]);
    expect(await mrns("sort=birth_date&order=desc&pageSize=1")).toEqual(["MRN1003"]);
    expect((await mrns("sort=gender&pageSize=6")).slice(0, 6)).toEqual([
      "ABC2003",
      "ABC2005",
      "MRN1004",
      "ABC2001",
      "MRN1002",
      "MRN1003",
    ]);
    for (const sort of ["full_name", "id", "clinician_names", "password_hash", "first_name; drop"]) {
      const res = await get(`sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "sort", message: "Sort is not valid" }]);
    }
  });

  it("pages through the matches and counts them all", async () => {
    const all = await mrns("pageSize=200");
    const page2 = await get("pageSize=4&page=2");
    expect(page2.json().totalRecords).toBe(PEOPLE.length);
    expect(page2.json().rows.map((r: { mrn: string }) => r.mrn)).toEqual(all.slice(4, 8));
    const beyond = await get("pageSize=4&page=9");
    expect(beyond.json()).toMatchObject({ rows: [], totalRecords: PEOPLE.length });
  });

  it("finds by first, last and full name and by MRN, in any case", async () => {
    expect(await mrns("search=JORDAN")).toEqual(["MRN1001"]);
    expect(await mrns("search=garc")).toEqual(["MRN1003", "MRN1004"]);
    expect(await mrns("search=sofia%20garcia")).toEqual(["MRN1004"]);
    expect(await mrns("search=Quinn%20de%20la")).toEqual(["MRN1005"]);
    expect(await mrns("search=abc200&sort=mrn")).toEqual(["ABC2001", "ABC2002", "ABC2003", "ABC2004", "ABC2005"]);
    expect(await mrns("search=%20%20mrn1002%20")).toEqual(["MRN1002"]);
    const none = await get("search=nobody");
    expect(none.json()).toMatchObject({ rows: [], totalRecords: 0 });
  });

  it("treats % _ and \\ typed in the search as plain characters", async () => {
    expect(await mrns(`search=${encodeURIComponent("%")}`)).toEqual(["ABC2003"]);
    expect(await mrns(`search=${encodeURIComponent("_")}`)).toEqual(["ABC2004"]);
    expect(await mrns(`search=${encodeURIComponent("\\")}`)).toEqual(["ABC2005"]);
    expect(await mrns(`search=${encodeURIComponent("%%")}`)).toEqual([]);
    expect((await get(`search=${encodeURIComponent("%")}`)).json().totalRecords).toBe(1);
  });

  it("answers bad paging, unknown parameters and bad views with 400", async () => {
    for (const [query, field] of [
      ["pageSize=0", "pageSize"],
      ["pageSize=201", "pageSize"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["page=100000000000000000000", "page"],
      ["order=sideways", "order"],
      ["view=everyone", "view"],
      ["colour=blue", "colour"],
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].field, query).toBe(field);
    }
    expect((await get("view=everyone")).json().errors).toEqual([{ field: "view", message: "View is not valid" }]);
  });
});
