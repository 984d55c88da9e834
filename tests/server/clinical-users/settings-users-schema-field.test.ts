import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultBundle, type SchemaBundle } from "../../../src/shared/schema/bundle.ts";
import { insertLocation, settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";
import { createUser } from "../../helpers/users.ts";

/**
 * The field-change promise (issue 2 §5) for the two account entities: a field a product owner
 * adds to entities/clinical-user.json or entities/patient-user.json with no storage note is
 * validated, saved, answered at the top level and kept in app_user.extra, with no source change.
 */
const FIELD = {
  type: ["string", "null"],
  title: "Preferred language",
  maxLength: 40,
  "x-normalize": "trim",
  errorMessage: { type: "Preferred language is not valid", maxLength: "Preferred language is not valid" },
};

function bundleWithPreferredLanguage(): SchemaBundle {
  const bundle = structuredClone(defaultBundle);
  for (const id of ["entities/clinical-user.json", "entities/patient-user.json"]) {
    const properties = bundle[id].properties ?? {};
    properties.preferred_language = structuredClone(FIELD);
  }
  return bundle;
}

describe.each(DATABASES)("a field added to the account schemas on $name", (database) => {
  const t = settingsSuite(database, "uf", { bundle: bundleWithPreferredLanguage() });
  let location: number;

  beforeAll(async () => {
    location = await insertLocation(t.db, "Field Clinic");
  });

  const stored = async (id: number) => {
    const row = await sql<{ v: string | null }>`select extra->>'preferred_language' as v from app_user
      where id = ${id}`.execute(t.db);
    return row.rows[0].v;
  };

  it("is kept for a clinical user in app_user.extra through create, read and edit", async () => {
    const created = await t.call("POST", "/api/clinical-user", {
      first_name: "Lang",
      last_name: "Clinician",
      roles: ["clinician"],
      locations: [location],
      preferred_language: "  Spanish ",
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    expect(user.preferred_language).toBe("Spanish");
    expect(await stored(user.id)).toBe("Spanish");
    expect((await t.call("GET", `/api/clinical-user/${user.id}`)).json().preferred_language).toBe("Spanish");

    const edited = await t.call("PUT", `/api/clinical-user/${user.id}`, {
      first_name: "Lang",
      last_name: "Clinician",
      roles: ["clinician"],
      locations: [location],
      preferred_language: "Tagalog",
      version: user.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().preferred_language).toBe("Tagalog");
    expect(await stored(user.id)).toBe("Tagalog");

    const wrong = await t.call("POST", "/api/clinical-user", {
      first_name: "Lang",
      last_name: "Wrong",
      roles: ["clinician"],
      locations: [location],
      preferred_language: 42,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: "preferred_language", message: "Preferred language is not valid" }]);
  });

  it("is kept for a patient user in app_user.extra, and cleared when the form clears it", async () => {
    const id = await createUser(t.db, {
      username: "uf-respondent-lang",
      roles: ["respondent"],
      userType: "patient",
      status: 3,
    });
    const url = `/api/patient-user/respondents/${id}`;
    const loaded = (await t.call("GET", url)).json();
    expect(loaded).not.toHaveProperty("preferred_language");

    const saved = await t.call("PUT", url, {
      name_first: "Lang",
      name_last: "Respondent",
      preferred_language: "Amharic",
      version: loaded.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferred_language).toBe("Amharic");
    expect((await t.call("GET", url)).json().preferred_language).toBe("Amharic");
    expect(await stored(id)).toBe("Amharic");

    // PUT states the whole record: the field left out is no longer stored.
    const cleared = await t.call("PUT", url, {
      name_first: "Lang",
      name_last: "Respondent",
      version: saved.json().version,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).not.toHaveProperty("preferred_language");
    expect(await stored(id)).toBeNull();
  });
});
