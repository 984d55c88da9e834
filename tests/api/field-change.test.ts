import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_FIELD, schemasWithNewPatientField } from "../helpers/changed-schemas.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

/**
 * The field-change promise (issue 2 §5), server half: a field added only in schemas/ is validated
 * by the API and survives a save-and-load round trip, with no hand-written source changed.
 * The client half (form and table) is tests/unit/renderers/field-change.test.tsx.
 */
const changed = schemasWithNewPatientField();
afterAll(() => changed.cleanup());

it("codegen emits the new field into the Patient type", () => {
  const types = readFileSync(path.join(changed.generatedDir, "types/entities/patient.ts"), "utf8");
  expect(types).toMatch(new RegExp(`${NEW_FIELD.name}\\?: string \\| null;`));
});

describe.each(DATABASES)("a schema-only field on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let clinicianId: number;
  beforeAll(async () => {
    t = await createTestApp(database, { bundle: changed.bundle });
    clinicianId = await createUser(t.db, { username: "fc-clinician", roles: ["clinician"] });
    headers = await authHeader(t.db, clinicianId);
  });
  afterAll(async () => t?.close());

  const patient = (extra: Record<string, unknown>) => ({
    mrn: `FC${Math.floor(Math.random() * 1e9)}`,
    first_name: "Field",
    last_name: "Change",
    birth_date: "2000-01-01",
    gender: "o",
    clinicians: [clinicianId],
    ...extra,
  });

  it("is saved and read back", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers,
      payload: patient({ [NEW_FIELD.name]: "  Spanish " }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const read = await t.app.inject({ method: "GET", url: `/api/patients/${id}`, headers });
    expect(read.json()[NEW_FIELD.name]).toBe("Spanish");
    // It lives in the JSONB column: no migration was needed.
    const row = await sql<{ v: string }>`select extra->>${NEW_FIELD.name} as v from patient where id = ${id}`.execute(
      t.db,
    );
    expect(row.rows[0].v).toBe("Spanish");

    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/patients/${id}`,
      headers,
      payload: { ...patient({ [NEW_FIELD.name]: "Tagalog" }), mrn: read.json().mrn, version: read.json().version },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()[NEW_FIELD.name]).toBe("Tagalog");
  });

  it("refuses a value of the wrong type with the schema's message and saves nothing", async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from patient`.execute(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers,
      payload: patient({ [NEW_FIELD.name]: 42 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: NEW_FIELD.name, message: NEW_FIELD.wrongTypeMessage }]);
    const after = await sql<{ n: number }>`select count(*)::int as n from patient`.execute(t.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("sorts the list by the new table column", async () => {
    for (const lang of ["Zulu", "Amharic"]) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/patients",
        headers,
        payload: patient({ [NEW_FIELD.name]: lang }),
      });
      expect(r.statusCode).toBe(201);
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/patients?sort=${NEW_FIELD.name}&order=asc&pageSize=50`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const values = res
      .json()
      .rows.map((r: Record<string, unknown>) => r[NEW_FIELD.name])
      .filter(Boolean);
    expect(values).toEqual([...values].sort());
    expect(values[0]).toBe("Amharic");
  });

  it("the unchanged schemas still refuse the field (the change really came from the schema)", async () => {
    const plain = await createTestApp(database);
    try {
      const id = await createUser(plain.db, { username: "fc-plain", roles: ["clinician"] });
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/patients",
        headers: await authHeader(plain.db, id),
        payload: { ...patient({ [NEW_FIELD.name]: "Spanish" }), clinicians: [id] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: NEW_FIELD.name, message: "That field is not part of a patient" }]);
    } finally {
      await plain.close();
    }
  });
});
