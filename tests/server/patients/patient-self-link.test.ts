import { readFileSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/database-types.ts";
import { SELF_RELATION } from "../../../src/server/patients/self-relation.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/** The patient's own respondent link as the record read worked it out before migration 0036. */
async function fromLinks(db: Kysely<Database>, patientId: number): Promise<number | null> {
  const { rows } = await sql<{ id: number | null }>`select (select cu.id from cca_user cu
      where cu.cca_id = c.id and cu.user_id = p.user_id and cu.relation_id = ${SELF_RELATION} and cu.deleted_at is null
      order by cu.id limit 1) as id
    from patient p join client_clinic_assignment c on c.patient_id = p.id where p.id = ${patientId}`.execute(db);
  return rows[0]?.id === null || rows[0]?.id === undefined ? null : Number(rows[0].id);
}

/**
 * A chart keeps the patient's own respondent link (migration 0036): the record's
 * client_clinic_assignment_user_id, the chart's address, is a column the database's triggers keep
 * instead of a subquery on every read. Whatever changes the links, the record says what they say.
 */
describe.each(DATABASES)("a patient's own respondent link, kept on the chart, on $name", (database) => {
  let t: TestApp;
  let admin: Headers;
  let clinician: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = (await signedInUser(t.db, { username: "sl-admin", roles: ["admin"] })).headers;
    clinician = (await signedInUser(t.db, { username: "sl-clinician", roles: ["clinician"] })).id;
  });
  afterAll(async () => t.close());

  const read = async (id: number): Promise<number | null> => {
    const res = await t.app.inject({ method: "GET", url: `/api/patients/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().client_clinic_assignment_user_id ?? null;
  };
  const ownLink = (patientId: number) =>
    sql`(select cu.id from cca_user cu join client_clinic_assignment c on c.id = cu.cca_id
      join patient p on p.id = c.patient_id where p.id = ${patientId} and cu.user_id = p.user_id)`;

  it("reads a new patient's own link, in the record, its save's answer and the list row", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Selflink", clinicians: [clinician] });
    const link = await fromLinks(t.db, patient.id);
    expect(link).toEqual(expect.any(Number));
    expect(patient.client_clinic_assignment_user_id).toBe(link);
    expect(await read(patient.id)).toBe(link);
    const list = await t.app.inject({ method: "GET", url: "/api/patients?search=Selflink", headers: admin });
    expect(list.json().rows.find((p: { id: number }) => p.id === patient.id)).toMatchObject({
      client_clinic_assignment_user_id: link,
    });
  });

  it("follows the link removed, restored, given another relation, and deleted", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Relinked", clinicians: [clinician] });
    const link = await read(patient.id);
    await sql`update cca_user set deleted_at = now() where id = ${ownLink(patient.id)}`.execute(t.db);
    expect(await read(patient.id)).toBeNull();
    await sql`update cca_user set deleted_at = null where id = ${ownLink(patient.id)}`.execute(t.db);
    expect(await read(patient.id)).toBe(link);
    await sql`update cca_user set relation_id = 2 where id = ${ownLink(patient.id)}`.execute(t.db);
    expect(await read(patient.id)).toBeNull();
    await sql`update cca_user set relation_id = ${SELF_RELATION} where id = ${ownLink(patient.id)}`.execute(t.db);
    expect(await read(patient.id)).toBe(link);
    await sql`delete from cca_user where id = ${link}`.execute(t.db);
    expect(await read(patient.id)).toBeNull();
    expect(await fromLinks(t.db, patient.id)).toBeNull();
  });

  it("keeps every chart of a bulk insert, and follows the patient's account changing", async () => {
    const patients = await Promise.all(
      ["Bulkself1", "Bulkself2"].map((last_name) => addPatient(t.app, admin, { last_name, clinicians: [clinician] })),
    );
    const ids = patients.map((p) => p.id);
    // Both own links gone in one statement, then back in one insert.
    await sql`delete from cca_user cu using client_clinic_assignment c, patient p
      where c.id = cu.cca_id and p.id = c.patient_id and p.id = any(${ids}) and cu.user_id = p.user_id`.execute(t.db);
    for (const id of ids) expect(await read(id)).toBeNull();
    await sql`insert into cca_user (cca_id, user_id, relation_id)
      select c.id, p.user_id, ${SELF_RELATION} from patient p join client_clinic_assignment c on c.patient_id = p.id
      where p.id = any(${ids})`.execute(t.db);
    for (const id of ids) {
      expect(await read(id)).toEqual(expect.any(Number));
      expect(await read(id)).toBe(await fromLinks(t.db, id));
    }
    // The second patient's chart now answers for another account: its link is no longer "own".
    const other = (await signedInUser(t.db, { username: "sl-other", roles: [] })).id;
    await sql`update patient set user_id = ${other} where id = ${ids[1]}`.execute(t.db);
    expect(await read(ids[1])).toBeNull();
    expect(await read(ids[0])).toBe(await fromLinks(t.db, ids[0]));
  });

  it("puts right, on migrating, charts linked before the chart kept the link", async () => {
    const patient = await addPatient(t.app, admin, { last_name: "Olderself", clinicians: [clinician] });
    const link = await read(patient.id);
    // As a database from before migration 0036 held it: the link, and nothing on the chart.
    await sql`update client_clinic_assignment set self_ccau_id = null where patient_id = ${patient.id}`.execute(t.db);
    expect(await read(patient.id)).toBeNull();
    const migration = readFileSync(
      new URL("../../../src/server/db/migrations/0036_chart_self_link.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration.trim().split("\n").at(-1) as string;
    expect(backfill).toMatch(/^SELECT chart_self_link_refresh/);
    await sql.raw(backfill).execute(t.db);
    expect(await read(patient.id)).toBe(link);
  });
});
