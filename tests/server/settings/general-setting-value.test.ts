import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generalSettingValue } from "../../../src/server/settings/general-setting-value.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/**
 * A general setting is read afresh on every call; the calls of one turn of the event loop share
 * a statement (db/per-turn-loader.ts), and each still gets its own key's value.
 */
describe.each(DATABASES)("a general setting's stored value, on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  const store = (key: string, value: unknown) =>
    sql`insert into general_setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
      on conflict (key) do update set value = excluded.value`.execute(t.db);
  const forget = (key: string) => sql`delete from general_setting where key = ${key}`.execute(t.db);

  it("answers each key asked in the same turn with its own value, and undefined for one never saved", async () => {
    await store("client_time_zone", "America/Chicago");
    await store("programs_enabled", false);
    await forget("customer_name");
    const values = await Promise.all([
      generalSettingValue(t.db, "client_time_zone"),
      generalSettingValue(t.db, "programs_enabled"),
      generalSettingValue(t.db, "customer_name"),
      generalSettingValue(t.db, "client_time_zone"),
    ]);
    expect(values).toEqual(["America/Chicago", false, undefined, "America/Chicago"]);
  });

  it("counts a change from the next call", async () => {
    await store("client_time_zone", "Europe/Paris");
    expect(await generalSettingValue(t.db, "client_time_zone")).toBe("Europe/Paris");
    await store("client_time_zone", "Asia/Tokyo");
    expect(await generalSettingValue(t.db, "client_time_zone")).toBe("Asia/Tokyo");
  });

  it("inside a transaction, reads what the transaction itself changed", async () => {
    await store("client_time_zone", "America/Denver");
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`update general_setting set value = '"Pacific/Auckland"'::jsonb where key = 'client_time_zone'`.execute(
          trx,
        );
        expect(await generalSettingValue(trx, "client_time_zone")).toBe("Pacific/Auckland");
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await generalSettingValue(t.db, "client_time_zone")).toBe("America/Denver");
  });
});
