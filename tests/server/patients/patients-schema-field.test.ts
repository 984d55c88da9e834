import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../scripts/codegen.ts";
import type { SchemaBundle } from "../../../src/shared/schema/bundle.ts";
import { addPatient, patientBody, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/**
 * The field-change promise (issue 2 §5): a product owner adds fields to entities/patient.json,
 * with their form and table entries, runs codegen, and the API stores, returns, sorts and
 * searches them with no source change. Here: a text field and a number field, both kept in
 * patient.extra because neither names an x-column.
 */
async function bundleWithNewFields(): Promise<SchemaBundle> {
  const dir = mkdtempSync(path.join(tmpdir(), "schemas-"));
  try {
    cpSync(path.join(import.meta.dirname, "../../../schemas"), dir, { recursive: true });
    const edit = (file: string, change: (json: Record<string, never>) => void) => {
      const full = path.join(dir, file);
      const json = JSON.parse(readFileSync(full, "utf8"));
      change(json);
      writeFileSync(full, JSON.stringify(json, null, 2));
    };
    edit("entities/patient.json", (entity) => {
      Object.assign(entity.properties, {
        preferred_name: {
          type: ["string", "null"],
          title: "Preferred name",
          maxLength: 100,
          "x-normalize": "trim",
          errorMessage: { maxLength: "Preferred name is not valid" },
        },
        school_grade: { type: "integer", title: "School grade", minimum: 0, maximum: 12 },
      });
    });
    edit("forms/patient.form.json", (form) => {
      const ui = form.uiSchema as Record<string, unknown>;
      (ui["ui:order"] as string[]).splice(1, 0, "preferred_name", "school_grade");
    });
    edit("tables/patients.table.json", (table) => {
      (table.columns as unknown[]).push(
        { field: "preferred_name", header: "Preferred name", sortable: true },
        { field: "school_grade", header: "Grade", sortable: true },
      );
      (table.searchFields as string[]).push("preferred_name");
    });
    const files = await generate(dir);
    return JSON.parse(files.get("schema-bundle.json") as string) as SchemaBundle;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DATABASES)("a field added to the patient schema on $name", (database) => {
  let t: TestApp;
  let plain: TestApp;
  let headers: { authorization: string };
  let clinicianId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { bundle: await bundleWithNewFields() });
    headers = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    clinicianId = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).id;
    plain = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  it("is saved, returned at the top level and kept in patient.extra", async () => {
    const created = await addPatient(t.app, headers, {
      preferred_name: "  Jo ",
      school_grade: 9,
      clinicians: [clinicianId],
    });
    expect(created).toMatchObject({ preferred_name: "Jo", school_grade: 9 });
    const read = await t.app.inject({ method: "GET", url: `/api/patients/${created.id}`, headers });
    expect(read.json()).toMatchObject({ preferred_name: "Jo", school_grade: 9 });
    const row = await t.db.selectFrom("patient").select("extra").where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.extra).toEqual({ preferred_name: "Jo", school_grade: 9 });
  });

  it("is validated by its schema rules", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/patients",
      headers,
      payload: patientBody({ school_grade: 13, clinicians: [clinicianId] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "school_grade", message: "School grade is not valid" }]);
  });

  it("is edited and cleared by PUT like any other field", async () => {
    const created = await addPatient(t.app, headers, {
      preferred_name: "Sam",
      school_grade: 3,
      clinicians: [clinicianId],
    });
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/patients/${created.id}`, headers, payload });
    const changed = await put(
      patientBody({
        mrn: created.mrn,
        preferred_name: "Sammy",
        school_grade: 4,
        clinicians: [clinicianId],
        version: 1,
      }),
    );
    expect(changed.json()).toMatchObject({ preferred_name: "Sammy", school_grade: 4 });
    const cleared = await put(patientBody({ mrn: created.mrn, clinicians: [clinicianId], version: 2 }));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty("preferred_name");
    expect(cleared.json()).not.toHaveProperty("school_grade");
  });

  it("sorts (numbers as numbers) and is searched when the table says so", async () => {
    for (const [name, grade] of [
      ["Zed", 10],
      ["amy", 2],
      ["Bea", 9],
    ] as const) {
      await addPatient(t.app, headers, {
        last_name: "Sorted",
        preferred_name: name,
        school_grade: grade,
        clinicians: [clinicianId],
      });
    }
    const list = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/patients?search=Sorted&${query}`, headers });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .rows.map((r: { preferred_name: string; school_grade: number }) => [r.preferred_name, r.school_grade]);
    };
    expect(await list("sort=school_grade")).toEqual([
      ["amy", 2],
      ["Bea", 9],
      ["Zed", 10],
    ]);
    expect(await list("sort=preferred_name&order=desc")).toEqual([
      ["Zed", 10],
      ["Bea", 9],
      ["amy", 2],
    ]);
    const found = await t.app.inject({ method: "GET", url: "/api/patients?search=bea", headers });
    expect(found.json().rows.map((r: { preferred_name: string }) => r.preferred_name)).toEqual(["Bea"]);
  });

  it("is unknown to an app built with the schemas as they were", async () => {
    const admin = (await signedInUser(plain.db, { username: "admin", roles: ["admin"] })).headers;
    const clinician = (await signedInUser(plain.db, { username: "clin", roles: ["clinician"] })).id;
    const res = await plain.app.inject({
      method: "POST",
      url: "/api/patients",
      headers: admin,
      payload: patientBody({ preferred_name: "Jo", clinicians: [clinician] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "preferred_name", message: "That field is not part of a patient" }]);
    const sort = await plain.app.inject({ method: "GET", url: "/api/patients?sort=preferred_name", headers: admin });
    expect(sort.statusCode).toBe(400);
  });
});
