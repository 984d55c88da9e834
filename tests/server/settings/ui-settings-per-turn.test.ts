import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeUiSettings, savedUiSettings } from "../../../src/server/settings/ui-settings.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/** The statements that read saved UI settings (settings/ui-settings.ts), not the ones that save them. */
const settingsReads = (log: string[]) => log.filter((sql) => /^select .* from "ui_setting"/.test(sql)).length;

/**
 * Saved UI settings are read once per turn of the event loop for every request that asks
 * (settings/ui-settings.ts, per-turn-loader.ts): the patient list without `?view=` asks for its
 * saved view on every page view. Each caller still gets their own, and a save counts from the
 * next request.
 */
describe.each(DATABASES)("saved UI settings read per turn on $name", (database) => {
  let t: TestApp;
  let log: string[] = [];
  let supervisor: Headers;
  let admin: Headers;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { onQuery: (sql) => log.push(sql) });
    supervisor = (await signedInUser(t.db, { username: "turn-supervisor", roles: ["supervisor", "clinician"] }))
      .headers;
    const a = await signedInUser(t.db, { username: "turn-admin", roles: ["admin", "clinician"] });
    admin = a.headers;
    adminId = a.id;
  });
  afterAll(async () => t.close());

  const save = (headers: Headers, view: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/settings/ui-settings",
      headers,
      payload: { patientsList: { view } },
    });
  const listView = async (headers: Headers) => {
    const res = await t.app.inject({ method: "GET", url: "/api/patients?page=1&pageSize=5", headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { view: string }).view;
  };

  it("answers the page views of one turn with one read, each caller their own saved view", async () => {
    expect((await save(supervisor, "supervised")).statusCode).toBe(200);
    expect((await save(admin, "my")).statusCode).toBe(200);
    log = [];
    const views = await Promise.all([
      listView(supervisor),
      listView(admin),
      listView(supervisor),
      listView(admin),
      t.app
        .inject({ method: "GET", url: "/api/settings/ui-settings", headers: admin })
        .then((res) => (res.json() as { patientsList: { view: string } }).patientsList.view),
    ]);
    expect(views).toEqual(["supervised", "my", "supervised", "my", "my"]);
    expect(settingsReads(log)).toBe(1);
  });

  it("shows a saved view from the next page view on", async () => {
    expect((await save(admin, "all")).statusCode).toBe(200);
    expect(await listView(admin)).toBe("all");
    expect((await save(admin, "my")).statusCode).toBe(200);
    expect(await listView(admin)).toBe("my");
  });

  it("reads inside a transaction there, so the transaction sees its own save", async () => {
    const before = await savedUiSettings(t.db, adminId);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await mergeUiSettings(trx, adminId, { patientSelector: "inactive" });
        expect((await savedUiSettings(trx, adminId)).patientSelector).toBe("inactive");
        throw new Error("roll back");
      })
      .catch((err: Error) => expect(err.message).toBe("roll back"));
    expect(await savedUiSettings(t.db, adminId)).toEqual(before);
  });
});
