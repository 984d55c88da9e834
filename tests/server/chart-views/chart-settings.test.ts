import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import type { Headers } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

describe.each(DATABASES)("chart settings (the charts a clinician is shown) on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const uuid: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    Object.assign(h, (await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], admin: ["admin"] })).headers);
    const rows = await t.db.selectFrom("measure").select(["definition_id", "uuid"]).execute();
    for (const r of rows) uuid[r.definition_id] = r.uuid;
  });
  afterAll(async () => t.close());

  const get = (who: Headers) => t.app.inject({ method: "GET", url: "/api/library/chart-settings", headers: who });
  const post = (who: Headers, payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/library/chart-settings", headers: who, payload: payload as object });

  it("starts empty (every chart shown), keeps the chosen measures in order, per user", async () => {
    expect((await get(h.A)).json()).toEqual({ measure_uuids: [], measures: [] });
    const saved = await post(h.A, { measure_uuids: [uuid["gad-7"], uuid["phq-9"]] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().measures.map((m: { abbreviation: string }) => m.abbreviation)).toEqual(["GAD-7", "PHQ-9"]);
    expect((await get(h.A)).json().measure_uuids).toEqual([uuid["gad-7"], uuid["phq-9"]]);
    // Another clinician's choice is their own.
    expect((await get(h.B)).json().measure_uuids).toEqual([]);
    // Choosing again replaces the list; an empty list shows every chart again.
    await post(h.A, { measure_uuids: [uuid["phq-9"]] });
    expect((await get(h.A)).json().measure_uuids).toEqual([uuid["phq-9"]]);
    await post(h.A, { measure_uuids: [] });
    expect((await get(h.A)).json().measure_uuids).toEqual([]);
  });

  it("refuses a malformed or unknown measure, or the same one twice, and changes nothing", async () => {
    await post(h.B, { measure_uuids: [uuid["phq-9"]] });
    const cases: [unknown, string][] = [
      [{ measure_uuids: ["phq-9"] }, "Measure is not valid"],
      [{ measure_uuids: ["00000000-0000-4000-8000-000000000000"] }, "A chosen measure is not in the library."],
      [{ measure_uuids: [uuid["phq-9"], uuid["phq-9"]] }, "A measure is chosen twice"],
      [{}, "Measures are required"],
    ];
    for (const [body, message] of cases) {
      const res = await post(h.B, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await get(h.B)).json().measure_uuids).toEqual([uuid["phq-9"]]);
  });
});
