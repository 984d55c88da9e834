import { beforeAll, describe, expect, it } from "vitest";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";

type Saved = { id: number; name: string; favorite: boolean; hash: string; version: number; columns: string[] };

const QUERY = {
  program_or_location_filter: "location",
  location_uuid: ["none"],
  clinicians: [800000000000],
  measure: [3, 1],
  gender: ["f", "m"],
  age: ["lt18"],
};

describe.each(DATABASES)("saved analytics queries on $name", (database) => {
  const t = settingsSuite(database, "sq");
  const director = () => t.roles.headers.director;
  const save = (body: Record<string, unknown>) => t.call("POST", "/api/analytics/queries", body, director());

  let board: Saved;
  beforeAll(async () => {
    const res = await save({ name: "  Board Q3 ", query: QUERY, columns: ["mrn", "score"] });
    expect(res.statusCode, res.body).toBe(201);
    board = res.json();
  });

  it("saves a query by name, trimmed, with who saved it and the hash of its definition", async () => {
    expect(board).toMatchObject({ name: "Board Q3", favorite: false, columns: ["mrn", "score"], version: 1 });
    expect(board.hash).toMatch(/^[0-9a-f]{16}$/);
    expect((await t.call("GET", `/api/analytics/queries/${board.id}`, undefined, director())).json()).toMatchObject({
      owner_name: "Director Tester",
      hash: board.hash,
    });
  });

  it("hashes the definition, not its spelling: set order and defaults make no difference, columns and filters do", async () => {
    const same = await save({
      name: "Same, reordered",
      query: { ...QUERY, measure: [1, 3], gender: ["m", "f"], results_to_include: "all", program_uuid: [] },
      columns: ["mrn", "score"],
    });
    expect(same.json().hash).toBe(board.hash);
    const otherColumns = await save({ name: "Other columns", query: QUERY, columns: ["score", "mrn"] });
    expect(otherColumns.json().hash).not.toBe(board.hash);
    const otherFilter = await save({
      name: "Other filter",
      query: { ...QUERY, gender: ["f"] },
      columns: ["mrn", "score"],
    });
    expect(otherFilter.json().hash).not.toBe(board.hash);
    // The explorer answers the same hash for the same definition, so a report's figures trace back to it.
    const explored = await t.call(
      "POST",
      "/api/analytics/outcomes-explorer",
      { query: QUERY, columns: ["mrn", "score"], count_only: true },
      director(),
    );
    expect(explored.json().hash).toBe(board.hash);
  });

  it("lists favorites first, then by name", async () => {
    for (const name of ["alpha", "Zulu", "mike"]) expect((await save({ name, query: QUERY })).statusCode).toBe(201);
    const zulu = (await t.call("GET", "/api/analytics/queries", undefined, director()))
      .json()
      .rows.find((r: Saved) => r.name === "Zulu");
    const fav = await t.call("PUT", `/api/analytics/queries/${zulu.id}`, { ...pick(zulu), favorite: true }, director());
    expect(fav.statusCode, fav.body).toBe(200);
    const names = (await t.call("GET", "/api/analytics/queries", undefined, director()))
      .json()
      .rows.map((r: Saved) => r.name);
    expect(names[0]).toBe("Zulu");
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it("renames within 3 to 30 characters, with the spec's messages, and changes nothing otherwise", async () => {
    const current = (await t.call("GET", `/api/analytics/queries/${board.id}`, undefined, director())).json();
    for (const [name, message] of [
      ["ab", "Query name must be at least 3 characters."],
      ["x".repeat(31), "Query name must be 30 characters or fewer."],
      ["   ", "You must enter a Query Name."],
    ]) {
      const res = await t.call("PUT", `/api/analytics/queries/${board.id}`, { ...pick(current), name }, director());
      expect(res.statusCode, name).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const missing = await save({ query: QUERY });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain("You must enter a Query Name.");
    const renamed = await t.call(
      "PUT",
      `/api/analytics/queries/${board.id}`,
      { ...pick(current), name: "Board Q3 final" },
      director(),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Board Q3 final", version: current.version + 1, hash: board.hash });
  });

  it("refuses a duplicate name in any case with 409 and the existing query's id, so the client can offer to replace it", async () => {
    const res = await save({ name: "BOARD q3 FINAL", query: QUERY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "A saved query already has this name. Replace it, or choose another name.",
      code: "duplicate_name",
      existingId: board.id,
    });
  });

  it("refuses a query that is not whole, and a save based on an older version", async () => {
    const bad = await save({ name: "Broken", query: { ...QUERY, measure: [] } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Select at least one measure.");
    const current = (await t.call("GET", `/api/analytics/queries/${board.id}`, undefined, director())).json();
    const stale = await t.call(
      "PUT",
      `/api/analytics/queries/${board.id}`,
      { ...pick(current), version: current.version - 1 },
      director(),
    );
    expect(stale.statusCode).toBe(409);
  });

  it("deletes a query", async () => {
    const gone = (await save({ name: "Temporary", query: QUERY })).json();
    expect((await t.call("DELETE", `/api/analytics/queries/${gone.id}`, undefined, director())).statusCode).toBe(204);
    expect((await t.call("GET", `/api/analytics/queries/${gone.id}`, undefined, director())).statusCode).toBe(404);
  });

  it("is the analytics role's alone", async () => {
    for (const role of ["clinician", "supervisor", "staff", "admin"] as const) {
      expect((await t.call("GET", "/api/analytics/queries", undefined, t.roles.headers[role])).statusCode, role).toBe(
        403,
      );
      expect(
        (await t.call("POST", "/api/analytics/queries", { name: "Mine", query: QUERY }, t.roles.headers[role]))
          .statusCode,
      ).toBe(403);
    }
  });
});

/** The writable fields of a read record, as a form would post them back. */
function pick(record: Saved & Record<string, unknown>) {
  return {
    name: record.name,
    favorite: record.favorite,
    query: record.query,
    columns: record.columns,
    version: record.version,
  };
}
