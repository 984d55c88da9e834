import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChartWithRespondent, type Headers, linkedRespondent } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";
import { chartFor } from "./worklist-fixture.ts";

type Row = { id: number; full_name: string; status: number; patient_names: string };

/**
 * /clinician/respondents (issue 10 §3): the respondents of the charts the caller may see, with
 * only those charts named, filtered by account status. A's patient Adams has a mother, Casey,
 * who is also on B's patient Zed's team; Zed's own account must never show to A.
 */
describe.each(DATABASES)("the clinician's respondent list on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  const p: Record<string, ChartWithRespondent> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    const staff = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], admin: ["admin"] });
    Object.assign(h, staff.headers);
    p.Adams = await chartFor(t.app, t.db, h.A, "Adams", staff.ids.A);
    p.Zed = await chartFor(t.app, t.db, h.B, "Zed", staff.ids.B);
    const casey = await linkedRespondent(t.db, p.Adams.ccaId, { username: "casey", relationId: 4 });
    await t.db.insertInto("cca_user").values({ cca_id: p.Zed.ccaId, user_id: casey.userId, relation_id: 4 }).execute();
    // Casey has not been invited yet (status 3): the filter tells her apart from active Adams.
    await t.db.updateTable("app_user").set({ status: 3 }).where("id", "=", casey.userId).execute();
  });
  afterAll(async () => t.close());

  async function list(who: string, query = ""): Promise<Row[]> {
    const res = await t.app.inject({ method: "GET", url: `/api/respondents?pageSize=50${query}`, headers: h[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows;
  }

  it("lists the respondents of the caller's patients, naming only the charts the caller sees", async () => {
    const rows = await list("A");
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.id)).toContain(p.Adams.respondentId);
    expect(rows.map((r) => r.id)).not.toContain(p.Zed.respondentId);
    const casey = rows.find((r) => r.id !== p.Adams.respondentId);
    expect(casey?.patient_names).toBe("Pat Adams");
    const all = await list("admin");
    expect(all.map((r) => r.id)).toContain(p.Zed.respondentId);
    expect(all.find((r) => r.id === casey?.id)?.patient_names).toBe("Pat Adams; Pat Zed");
  });

  it("filters by account status", async () => {
    expect((await list("A", "&status=2")).map((r) => r.id)).toEqual([p.Adams.respondentId]);
    expect((await list("A", "&status=3")).map((r) => r.status)).toEqual([3]);
    const bad = await t.app.inject({ method: "GET", url: "/api/respondents?status=9", headers: h.A });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Account status is not valid");
  });

  it("is refused to respondents", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/respondents", headers: p.Adams.respondent });
    expect(res.statusCode).toBe(403);
  });
});
