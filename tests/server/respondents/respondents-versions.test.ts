import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { createRespondent } from "../../helpers/accounts.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { addRespondent, nextEmail, respondentBody, teamOf, updateBodyFrom } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { authHeader } from "../../helpers/users.ts";

type Headers = { authorization: string };

const STALE_SENTENCE = "This record was changed by someone else. Reload it to see their changes.";

/**
 * Optimistic concurrency of respondents and contacts (issue 7 §1, docs/entity-engine.md §3): an
 * edit names the version it read; one based on an older version answers 409 and changes nothing,
 * one naming none answers 428.
 */
describe.each(DATABASES)("respondent and contact versions on $name", (database) => {
  let t: TestApp;
  let clinician: Headers;
  let clinicianId: number;
  let admin: Headers;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    const clin = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    clinician = clin.headers;
    clinicianId = clin.id;
  });
  afterAll(async () => t.close());

  async function newChart(): Promise<number> {
    const patient = await addPatient(t.app, admin, { clinicians: [clinicianId] });
    return patient.access_control_id as number;
  }
  const put = (ccauId: number, payload: object) =>
    t.app.inject({ method: "PUT", url: `/api/respondents/${ccauId}`, headers: clinician, payload });
  const rowOf = async (ccaId: number, ccauId: number) =>
    (await teamOf(t.app, clinician, ccaId)).find((r) => r.ccauId === ccauId);

  it("answers the link's version and moves it with every save", async () => {
    const ccaId = await newChart();
    const row = await addRespondent(t.app, clinician, ccaId);
    expect(row.version).toBe(1);
    const saved = await put(row.ccauId, updateBodyFrom(row, { name_first: "Robin" }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect((await rowOf(ccaId, row.ccauId))?.version).toBe(2);
  });

  it("refuses a respondent edit based on an older version with 409, and changes nothing", async () => {
    const ccaId = await newChart();
    const opened = await addRespondent(t.app, clinician, ccaId, { name_first: "Casey", phone: null });
    const first = await put(opened.ccauId, updateBodyFrom(opened, { name_first: "Cass", relation_id: 7 }));
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await rowOf(ccaId, opened.ccauId);

    const email = nextEmail("late");
    const stale = await put(
      opened.ccauId,
      updateBodyFrom(opened, { name_last: "Late", email, phone: "2175550188", respondent_type: "adult" }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: STALE_SENTENCE, code: "stale_record", currentVersion: 2 });
    // Read back: the first person's change stands, and nothing of the stale one reached the
    // link, the account's names or its contacts.
    expect(await rowOf(ccaId, opened.ccauId)).toEqual(afterFirst);
    expect(afterFirst).toMatchObject({ full_name: "Cass Example", relation_id: 7, phone: null });
    const stored = await t.db.selectFrom("contact").select("value").where("user_id", "=", opened.userId).execute();
    expect(stored.map((c) => c.value)).toEqual([opened.email]);
  });

  it("refuses a respondent edit that names no version with 428, and changes nothing", async () => {
    const ccaId = await newChart();
    const opened = await addRespondent(t.app, clinician, ccaId);
    const before = await rowOf(ccaId, opened.ccauId);
    const { version: _version, ...unversioned } = updateBodyFrom(opened, { name_first: "Nobody" });
    const res = await put(opened.ccauId, unversioned);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toMatchObject({ code: "version_required", error: MESSAGES.versionRequired });
    expect(await rowOf(ccaId, opened.ccauId)).toEqual(before);
  });

  it("moves the person's other links when their names or contacts change on one chart", async () => {
    const chartA = await newChart();
    const chartB = await newChart();
    const onA = await addRespondent(t.app, clinician, chartA, { name_first: "Pat" });
    const linked = await t.app.inject({
      method: "POST",
      url: "/api/respondents",
      headers: clinician,
      payload: respondentBody(chartB, { existingUserId: onA.userId, email: onA.email, relation_id: 5 }),
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const onB = linked.json();

    // Only the link's own fields: the other chart's copy stays current.
    const typeOnly = await put(onA.ccauId, updateBodyFrom(onA, { respondent_type: "adult" }));
    expect(typeOnly.statusCode).toBe(200);
    expect((await rowOf(chartB, onB.ccauId))?.version).toBe(onB.version);

    // The person's name: chart B's copy from before is now stale, and cannot undo it.
    const renamed = await put(onA.ccauId, updateBodyFrom(typeOnly.json(), { name_first: "Patricia" }));
    expect(renamed.statusCode).toBe(200);
    const undo = await put(onB.ccauId, updateBodyFrom(onB, { relation_id: 7 }));
    expect(undo.statusCode).toBe(409);
    expect((await rowOf(chartB, onB.ccauId))?.name_first).toBe("Patricia");
  });

  it("refuses a contact edit based on an older version with 409, and changes nothing", async () => {
    const id = await createRespondent(t.db, {
      status: 2,
      username: `versions${Date.now().toString(36)}`,
      contacts: [{ channel: 1, value: "mine@example.org" }],
    });
    const headers = await authHeader(t.db, id);
    const read = async () => (await t.app.inject({ method: "GET", url: `/api/users/${id}`, headers })).json();
    const [opened] = (await read()).contacts;
    const url = `/api/users/${id}/contact-info/${opened.id}`;
    const edit = (payload: object) => t.app.inject({ method: "PUT", url, headers, payload });

    const first = await edit({ channel: 1, value: "first@example.org", enabled: true, version: opened.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ value: "first@example.org", version: opened.version + 1 });
    const afterFirst = await read();

    const stale = await edit({ channel: 1, value: "second@example.org", enabled: false, version: opened.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: STALE_SENTENCE, code: "stale_record", currentVersion: opened.version + 1 });
    expect(await read()).toEqual(afterFirst);

    const unversioned = await edit({ channel: 1, value: "third@example.org" });
    expect(unversioned.statusCode).toBe(428);
    expect(await read()).toEqual(afterFirst);
  });
});
