import { text } from "node:stream/consumers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canCopyOut, copyOut } from "../../../src/server/db/copy-out.ts";
import { inlineParameters } from "../../../src/server/db/inline-parameters.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** Values an export's statement holds, and the awkward ones a literal must survive. */
const VALUES = [
  "it's",
  "back\\slash and 'quotes'",
  ['a"b', "c,d", "it's", "\\"],
  [1, 2, 3],
  [],
  42,
  -1.5,
  true,
  null,
  "tab\there",
];

describe.each(DATABASES)("statements with their parameters written in, on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  it("reads every value exactly as the bound parameter would", async () => {
    const [s, b, arr, nums, none, n, f, yes, nul, tab] = VALUES;
    const statement = sql<Record<string, unknown>>`select ${s}::text as s, ${b}::text as b, ${arr}::text[] as arr,
      ${nums}::bigint[] as nums, ${none}::bigint[] as none, ${n}::int as n, ${f}::float8 as f, ${yes}::boolean as yes,
      ${nul}::text as nul, ${tab}::text as tab, '$1 stays' as kept`;
    const bound = await statement.execute(t.db);
    const compiled = statement.compile(t.db);
    const inlined = await sql.raw<Record<string, unknown>>(inlineParameters(compiled)).execute(t.db);
    expect(inlined.rows).toEqual(bound.rows);
    expect(bound.rows[0]).toMatchObject({ s: "it's", arr: ['a"b', "c,d", "it's", "\\"], none: [], nul: null });
  });
});

describe.each(DATABASES.filter((d) => d.name === "postgres"))("COPY to a stream, on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  it("streams PostgreSQL's CSV and its row count, and leaves the connection usable", async () => {
    expect(canCopyOut(t.db)).toBe(true);
    const copy = await copyOut(
      t.db,
      `COPY (select g, 'row ' || g || ', "quoted"' as label, current_setting('work_mem') as mem
        from generate_series(1, 3) g) TO STDOUT WITH (FORMAT csv)`,
      { settings: { work_mem: "7MB" } },
    );
    expect(await text(copy.stream)).toBe(
      ['1,"row 1, ""quoted""",7MB', '2,"row 2, ""quoted""",7MB', '3,"row 3, ""quoted""",7MB', ""].join("\n"),
    );
    expect(copy.rowCount()).toBe(3);
    // The setting was the COPY's transaction's only.
    const after = await sql<{ mem: string }>`select current_setting('work_mem') as mem`.execute(t.db);
    expect(after.rows[0]?.mem).not.toBe("7MB");
  });

  it("fails a bad statement with PostgreSQL's error, and stops a COPY on abort", async () => {
    const bad = await copyOut(t.db, "COPY (select 1/0) TO STDOUT WITH (FORMAT csv)");
    await expect(text(bad.stream)).rejects.toThrow(/division by zero/);
    // A set-returning function in the select list streams (one in FROM would be read whole first).
    const long = await copyOut(t.db, "COPY (select generate_series(1, 100000000) as endless) TO STDOUT");
    const first = await new Promise<Buffer>((resolve) => long.stream.once("data", resolve));
    expect(first.length).toBeGreaterThan(0);
    long.abort();
    // PostgreSQL ends the statement (its connection was closed, not handed to another caller).
    const running = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where query like 'COPY (select generate_series(1, 100000000)%' and state = 'active'`.execute(t.db)
        ).rows[0]?.n,
      );
    for (let i = 0; i < 50 && (await running()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await running()).toBe(0);
  });
});
