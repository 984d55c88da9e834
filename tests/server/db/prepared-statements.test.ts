import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/server/config.ts";
import { connectDatabase } from "../../../src/server/db/connect.ts";
import { MAX_NAMED, StatementNames } from "../../../src/server/db/prepared-statements.ts";

describe("which statements are named (db/prepared-statements.ts)", () => {
  it("names a parameterized text the second time it is sent, and keeps that name", () => {
    const names = new StatementNames();
    const text = "select * from patient where id = $1";
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toMatch(/^mbc_\d+$/);
    expect(names.nameFor(text)).toBe(name);
    expect(names.nameFor("select * from patient where mrn = $1")).toBeUndefined();
  });

  it("leaves texts without parameters unnamed (transaction control, migrations)", () => {
    const names = new StatementNames();
    for (let i = 0; i < 5; i++) expect(names.nameFor("begin")).toBeUndefined();
  });

  it("stops naming new texts past its bound, and still answers those it named", () => {
    const names = new StatementNames();
    const first = "select $1::int as n0";
    names.nameFor(first);
    const kept = names.nameFor(first);
    for (let i = 1; i < MAX_NAMED + 10; i++) {
      names.nameFor(`select $1::int as n${i}`);
      names.nameFor(`select $1::int as n${i}`);
    }
    const late = `select $1::int as late`;
    names.nameFor(late);
    expect(names.nameFor(late)).toBeUndefined();
    expect(names.nameFor(first)).toBe(kept);
  });

  it("is on unless DATABASE_PREPARED_STATEMENTS=off, and refuses other values", () => {
    expect(loadConfig({}).database.preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "off" }).database.preparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: "no" })).toThrow(
      'DATABASE_PREPARED_STATEMENTS must be "on" or "off", got "no"',
    );
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)("on the PostgreSQL server", () => {
  /** The statements prepared on the pool's one connection after a parameterized query ran three times. */
  async function preparedAfterRepeats(preparedStatements: boolean): Promise<string[]> {
    const handle = await connectDatabase({
      databaseUrl: url,
      dataDir: "./data/unused",
      pool: { poolSize: 1, preparedStatements },
    });
    try {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const row = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(handle.db);
        answers.push(row.rows[0].n);
      }
      expect(answers).toEqual([2, 3, 4]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        handle.db,
      );
      return prepared.rows.map((r) => r.statement);
    } finally {
      await handle.close();
    }
  }

  it("prepares a repeated statement once on the connection and answers each call with its own values", async () => {
    expect(await preparedAfterRepeats(true)).toContain("select $1::int + 1 as n");
  });

  it("prepares nothing when turned off", async () => {
    expect(await preparedAfterRepeats(false)).toEqual([]);
  });
});
