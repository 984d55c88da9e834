import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../scripts/codegen.ts";
import type { SchemaBundle } from "../../../src/shared/schema/bundle.ts";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { addRespondent, respondentBody, teamOf, updateBodyFrom } from "../../helpers/respondents.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

type Headers = { authorization: string };

/**
 * The field-change promise for respondents (issue 7 §1): a field a product owner adds to
 * entities/respondent.json alone, with no storage note, is accepted when a respondent is added
 * and edited, kept in cca_user.extra (the link's row), and shown on the chart's team, from which
 * the edit form starts. No source file names it.
 */
async function bundleWithNewField(): Promise<SchemaBundle> {
  const dir = mkdtempSync(path.join(tmpdir(), "schemas-"));
  try {
    cpSync(path.join(import.meta.dirname, "../../../schemas"), dir, { recursive: true });
    const file = path.join(dir, "entities/respondent.json");
    const entity = JSON.parse(readFileSync(file, "utf8"));
    entity.properties.best_time_to_call = {
      type: ["string", "null"],
      title: "Best time to call",
      maxLength: 40,
      "x-normalize": "trim",
      errorMessage: { type: "Best time to call is not valid", maxLength: "Best time to call is not valid" },
    };
    writeFileSync(file, JSON.stringify(entity, null, 2));
    const files = await generate(dir);
    return JSON.parse(files.get("schema-bundle.json") as string) as SchemaBundle;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DATABASES)("a field added to the respondent schema on $name", (database) => {
  let t: TestApp;
  let headers: Headers;
  let ccaId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { bundle: await bundleWithNewField() });
    const admin = (await signedInUser(t.db, { username: "admin", roles: ["admin"] })).headers;
    const clinician = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    headers = clinician.headers;
    ccaId = (await addPatient(t.app, admin, { clinicians: [clinician.id] })).access_control_id as number;
  });
  afterAll(async () => t.close());

  const extraOf = async (ccauId: number) =>
    (await t.db.selectFrom("cca_user").select("extra").where("id", "=", ccauId).executeTakeFirstOrThrow()).extra;

  it("is saved with a new respondent, kept in cca_user.extra and shown on the team", async () => {
    const row = await addRespondent(t.app, headers, ccaId, { best_time_to_call: "  Evenings " });
    expect(row.best_time_to_call).toBe("Evenings");
    expect(await extraOf(row.ccauId)).toEqual({ best_time_to_call: "Evenings" });
    const onTeam = (await teamOf(t.app, headers, ccaId)).find((r) => r.ccauId === row.ccauId);
    expect(onTeam?.best_time_to_call).toBe("Evenings");
  });

  it("is edited and cleared by PUT, keeping the link's other fields", async () => {
    const row = await addRespondent(t.app, headers, ccaId, { best_time_to_call: "Mornings", relation_id: 5 });
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/respondents/${row.ccauId}`, headers, payload });
    const changed = await put(updateBodyFrom(row, { best_time_to_call: "Weekends" }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ best_time_to_call: "Weekends", relation_id: 5, version: 2 });
    expect(await extraOf(row.ccauId)).toEqual({ best_time_to_call: "Weekends" });

    const cleared = await put(updateBodyFrom(changed.json(), { best_time_to_call: null }));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty("best_time_to_call");
    expect(await extraOf(row.ccauId)).toEqual({});
  });

  it("is validated by its schema rule, and saves nothing when refused", async () => {
    const before = (await teamOf(t.app, headers, ccaId)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/respondents",
      headers,
      payload: respondentBody(ccaId, { best_time_to_call: 42 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "best_time_to_call", message: "Best time to call is not valid" }]);
    expect(await teamOf(t.app, headers, ccaId)).toHaveLength(before);
  });

  it("is refused by the unchanged schemas: the field really came from the schema", async () => {
    const plain = await createTestApp(database);
    try {
      const clinician = await signedInUser(plain.db, { username: "clin", roles: ["clinician"] });
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/respondents",
        headers: clinician.headers,
        payload: respondentBody(1, { best_time_to_call: "Evenings" }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "best_time_to_call", message: "That field is not part of a respondent" },
      ]);
    } finally {
      await plain.close();
    }
  });
});
