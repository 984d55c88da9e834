import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { EstimateCache } from "../../../src/server/db/estimate-cache.ts";

const statement = (text: string, values: unknown[]) => CompiledQuery.raw(text, values);

/** The planner's estimates kept for a minute (estimate-cache.ts): by statement and values, never beyond their time. */
describe("estimate cache", () => {
  it("asks the planner once per statement and values while the estimate is kept", async () => {
    const cache = new EstimateCache();
    const asked: string[] = [];
    const ask = (what: string, rows: number) => async () => {
      asked.push(what);
      return rows;
    };
    const mine = statement(
      "select 1 from patient e where e.id in (select patient_id from chart_access where user_id = $1)",
      [18],
    );
    expect(await cache.get(mine, ask("clinician 18", 5_300))).toBe(5_300);
    expect(await cache.get(mine, ask("clinician 18 again", 1))).toBe(5_300);
    // Another caller's view, or another search text, is another list.
    const theirs = statement(mine.sql, [19]);
    expect(await cache.get(theirs, ask("clinician 19", 4_100))).toBe(4_100);
    const searched = statement("select 1 from patient e where e.last_name ilike $1", ["Smi%"]);
    const other = statement("select 1 from patient e where e.last_name ilike $1", ["Smy%"]);
    expect(await cache.get(searched, ask("Smi", 2_000))).toBe(2_000);
    expect(await cache.get(other, ask("Smy", 40))).toBe(40);
    // A value's type is part of it: 18 and "18" are different lists.
    expect(await cache.get(statement(mine.sql, ["18"]), ask("text 18", 7))).toBe(7);
    expect(asked).toEqual(["clinician 18", "clinician 19", "Smi", "Smy", "text 18"]);
  });

  it("asks again once the estimate's time is up", async () => {
    const cache = new EstimateCache({ ttlMs: 40 });
    let asked = 0;
    const ask = async () => ++asked * 1_000;
    const list = statement("select 1 from patient e", []);
    expect(await cache.get(list, ask)).toBe(1_000);
    expect(await cache.get(list, ask)).toBe(1_000);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await cache.get(list, ask)).toBe(2_000);
  });

  it("keeps no failed estimate", async () => {
    const cache = new EstimateCache();
    const list = statement("select 1 from patient e", []);
    await expect(cache.get(list, () => Promise.reject(new Error("statement timeout")))).rejects.toThrow(
      "statement timeout",
    );
    expect(await cache.get(list, async () => 12)).toBe(12);
  });
});
