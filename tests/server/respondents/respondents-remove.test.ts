import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { addRespondent, respondentBody, teamOf } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/**
 * A catalogue row for client_measure to point at. The measures area owns that table and grows
 * it; a definition_id (its library key) is given when the table has one.
 */
async function insertTestMeasure(t: TestApp): Promise<number> {
  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'measure'`.execute(t.db);
  const keyed = columns.rows.some((c) => c.column_name === "definition_id");
  const measure = keyed
    ? await sql<{ id: number }>`insert into measure (abbreviation, name, definition, definition_id)
        values ('TST-1', 'Test measure', '{}'::jsonb, 'tst-1') returning id`.execute(t.db)
    : await sql<{ id: number }>`insert into measure (abbreviation, name, definition)
        values ('TST-1', 'Test measure', '{}'::jsonb) returning id`.execute(t.db);
  return Number(measure.rows[0].id);
}

/** Spec §4 "Removing a respondent from a team": marked deleted when it has measures, removed otherwise. */
describe.each(DATABASES)("removing respondents on $name", (database) => {
  let t: TestApp;
  let admin: Headers;
  let clinician: { id: number; headers: Headers };
  let measureId: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    clinician = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    measureId = await insertTestMeasure(t);
  });
  afterAll(async () => t.close());

  async function newChart() {
    const patient = await addPatient(t.app, admin, { clinicians: [clinician.id] });
    return {
      ccaId: patient.access_control_id as number,
      ownCcauId: patient.client_clinic_assignment_user_id as number,
    };
  }
  const remove = (ccauId: number, headers = clinician.headers) =>
    t.app.inject({ method: "DELETE", url: `/api/respondents/${ccauId}`, headers });
  const linkRow = (ccauId: number) =>
    t.db.selectFrom("cca_user").select(["id", "deleted_at"]).where("id", "=", ccauId).executeTakeFirst();

  it("removes a respondent without measures, keeps the account, and answers 404 the second time", async () => {
    const { ccaId } = await newChart();
    const row = await addRespondent(t.app, clinician.headers, ccaId);
    const res = await remove(row.ccauId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ccauId: row.ccauId, result: "removed" });
    expect(await linkRow(row.ccauId)).toBeUndefined();
    expect((await teamOf(t.app, clinician.headers, ccaId)).map((r) => r.ccauId)).not.toContain(row.ccauId);
    const account = await t.db.selectFrom("app_user").select("id").where("id", "=", row.userId).executeTakeFirst();
    expect(account).toBeDefined(); // the person may be on other charts, and their log stays
    const history = await t.db
      .selectFrom("record_history")
      .select(["version", "data", "changed_by"])
      .where("entity", "=", "respondent")
      .where("entity_id", "=", row.ccauId)
      .orderBy("version")
      .execute();
    expect(history.map((h) => [h.version, (h.data as { removed?: string }).removed ?? null])).toEqual([
      [1, null],
      [2, "removed"],
    ]);
    expect(history[1].changed_by).toBe(clinician.id);

    const again = await remove(row.ccauId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: "The respondent does not exist or you do not have access to view it.",
      code: "not_found",
    });
  });

  it("marks a respondent with measures deleted, keeping results and disabling what is still open", async () => {
    const { ccaId } = await newChart();
    const row = await addRespondent(t.app, clinician.headers, ccaId);
    const schedule = await sql<{ id: number }>`insert into schedule (ccau_id, measure_id, frequency, due_date)
      values (${row.ccauId}, ${measureId}, 3, now()) returning id`.execute(t.db);
    await sql`insert into client_measure (ccau_id, measure_id, schedule_id, due_date, status, completed_at) values
      (${row.ccauId}, ${measureId}, ${schedule.rows[0].id}, now() - interval '7 days', 'submitted', now() - interval '6 days'),
      (${row.ccauId}, ${measureId}, ${schedule.rows[0].id}, now(), 'not_started', null)`.execute(t.db);

    const res = await remove(row.ccauId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ccauId: row.ccauId, result: "marked_deleted" });
    expect((await linkRow(row.ccauId))?.deleted_at).toBeInstanceOf(Date);
    const measures = await sql<{ status: string }>`select status from client_measure
      where ccau_id = ${row.ccauId} order by id`.execute(t.db);
    expect(measures.rows.map((m) => m.status)).toEqual(["submitted", "disabled"]);
    const schedules = await sql<{
      enabled: boolean;
    }>`select enabled from schedule where ccau_id = ${row.ccauId}`.execute(t.db);
    expect(schedules.rows).toEqual([{ enabled: false }]);

    // Off the team, but its results stay readable through the link.
    expect((await teamOf(t.app, clinician.headers, ccaId)).map((r) => r.ccauId)).not.toContain(row.ccauId);
    const link = await t.app.inject({
      method: "GET",
      url: `/api/assignments/${row.ccauId}`,
      headers: clinician.headers,
    });
    expect(link.json()).toMatchObject({ ccauId: row.ccauId, removed: true });
    expect(link.json().removed_at).toEqual(expect.any(String));
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/respondents/${row.ccauId}`,
      headers: clinician.headers,
      payload: { name_first: "A", name_last: "B", respondent_type: "adult", relation_id: 5, version: row.version },
    });
    expect(edit.statusCode).toBe(404);
    expect((await remove(row.ccauId)).statusCode).toBe(404);

    // The same person can be added back: a new link beside the removed one.
    const back = await t.app.inject({
      method: "POST",
      url: "/api/respondents",
      headers: clinician.headers,
      payload: respondentBody(ccaId, { existingUserId: row.userId, email: row.email }),
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().ccauId).not.toBe(row.ccauId);
    expect(back.json().userId).toBe(row.userId);
  });

  it("never removes the patient's own link", async () => {
    const { ccaId, ownCcauId } = await newChart();
    const res = await remove(ownCcauId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "The patient cannot be removed from their own team.",
      code: "validation",
      errors: [{ field: "", message: "The patient cannot be removed from their own team." }],
    });
    expect((await teamOf(t.app, clinician.headers, ccaId)).map((r) => r.ccauId)).toEqual([ownCcauId]);
    expect((await linkRow(ownCcauId))?.deleted_at).toBeNull();
  });

  it("answers 404 for a link that never existed", async () => {
    expect((await remove(987654)).statusCode).toBe(404);
  });
});
