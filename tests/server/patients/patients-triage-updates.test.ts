import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

/**
 * The patient's triage due key (migrations 0012, 0022) follows session updates that can change
 * it, and only those: a session starting or stopping being to do, or one still to do moving to
 * another day or respondent link. An answer save changes none of that and recomputes nothing.
 */
describe.each(DATABASES)("triage due key on session updates, on $name", (database) => {
  let t: TestApp;
  let h: Headers;
  let clinicianId: number;
  let phq9: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, { clinician: ["clinician"] });
    h = staff.headers.clinician;
    clinicianId = staff.ids.clinician;
    phq9 = await measureId(t.db, "phq-9");
  });
  afterAll(async () => t.close());

  const chart = (last: string) =>
    chartWithRespondent(t.app, t.db, h, { first_name: "Pat", last_name: last, clinicians: [clinicianId] });
  const dueKey = async (who: ChartWithRespondent) =>
    (
      await t.db.selectFrom("patient").select("triage_due_at").where("id", "=", who.patientId).executeTakeFirstOrThrow()
    ).triage_due_at?.toISOString() ?? null;
  const at = (days: number) => `${dueDate(days).slice(0, 10)}T00:00:00.000Z`;
  const answer = (who: ChartWithRespondent, cm: number, seq: number) =>
    t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/q${seq}`,
      headers: who.respondent,
      payload: { value: 1, seq },
    });

  it("keeps the key through the first answer and follows a session moved to another day or chart", async () => {
    const ann = await chart("Ann");
    const bo = await chart("Bo");
    const cm = (await schedule(t.app, h, { ccauId: ann.ccauId, measureId: phq9, dueDate: dueDate(3) })).clientMeasure
      .id;
    expect(await dueKey(ann)).toBe(at(3));

    expect((await answer(ann, cm, 1)).statusCode).toBe(200);
    expect(await dueKey(ann)).toBe(at(3));

    await sql`update client_measure set due_date = ${`${dueDate(5)}+00`}::timestamptz where id = ${cm}`.execute(t.db);
    expect(await dueKey(ann)).toBe(at(5));

    await sql`update client_measure set ccau_id = ${bo.ccauId} where id = ${cm}`.execute(t.db);
    expect([await dueKey(ann), await dueKey(bo)]).toEqual([null, at(5)]);

    await sql`update client_measure set status = 'disabled' where id = ${cm}`.execute(t.db);
    expect(await dueKey(bo)).toBeNull();
    await sql`update client_measure set status = 'partial' where id = ${cm}`.execute(t.db);
    expect(await dueKey(bo)).toBe(at(5));
  });

  it("does not recompute the key on an answer save, which cannot change it", async () => {
    const cy = await chart("Cy");
    const cm = (await schedule(t.app, h, { ccauId: cy.ccauId, measureId: phq9, dueDate: dueDate(2) })).clientMeasure.id;
    // A key that no refresh would leave standing shows whether a save recomputed it.
    await sql`update patient set triage_due_at = ${`${dueDate(9)}+00`}::timestamptz where id = ${cy.patientId}`.execute(
      t.db,
    );
    expect((await answer(cy, cm, 1)).statusCode).toBe(200);
    expect((await answer(cy, cm, 2)).statusCode).toBe(200);
    expect(await dueKey(cy)).toBe(at(9));
    // A change that does matter puts it right.
    await sql`update client_measure set status = 'submitted' where id = ${cm}`.execute(t.db);
    expect(await dueKey(cy)).toBeNull();
  });
});
