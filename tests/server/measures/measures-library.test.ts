import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { MEASURE_LIBRARY, measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { type Headers, measureId } from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("measure library on $name", (database) => {
  let t: TestApp;
  const h: Record<string, Headers> = {};
  let phq9: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    h.clinician = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).headers;
    h.other = (await signedInUser(t.db, { username: "clin2", roles: ["clinician"] })).headers;
    h.director = (await signedInUser(t.db, { username: "dir", roles: ["director"] })).headers;
    h.respondent = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" })).headers;
    phq9 = await measureId(t.db, "phq-9");
  });
  afterAll(async () => t.close());

  const get = (url: string, who = "clinician") => t.app.inject({ method: "GET", url, headers: h[who] });

  describe("storage", () => {
    it("stores every definition of the library once, with its current version", async () => {
      const rows = await t.db
        .selectFrom("measure as m")
        .innerJoin("measure_version as v", "v.id", "m.current_version_id")
        .select(["m.definition_id", "m.abbreviation", "m.question_count", "m.version", "v.definition"])
        .orderBy("m.definition_id")
        .execute();
      expect(rows.map((r) => r.definition_id)).toEqual(MEASURE_LIBRARY.map((d) => d.id).sort());
      const phq = rows.find((r) => r.definition_id === "phq-9") as (typeof rows)[number];
      expect(phq).toMatchObject({ abbreviation: "PHQ-9", question_count: 10, version: "1.0.0" });
      expect((phq.definition as MeasureDefinition).pages[0].questions[8].text).toBe(
        "Thoughts that you would be better off dead or of hurting yourself in some way",
      );
    });

    it("is idempotent, takes a changed definition's new JSON as a new version, and keeps the old one", async () => {
      await syncMeasureLibrary(t.db);
      const before = await t.db.selectFrom("measure_version").select("id").execute();
      expect(before).toHaveLength(MEASURE_LIBRARY.length);

      const original = measureDefinition("gad-7") as MeasureDefinition;
      const changed: MeasureDefinition = { ...original, version: "1.0.1", name: `${original.name} (reworded)` };
      const library = MEASURE_LIBRARY.map((d) => (d.id === "gad-7" ? changed : d));
      await syncMeasureLibrary(t.db, library);
      await syncMeasureLibrary(t.db, library);
      const gad = await t.db
        .selectFrom("measure")
        .select(["id", "name", "version", "current_version_id"])
        .where("definition_id", "=", "gad-7")
        .executeTakeFirstOrThrow();
      expect(gad).toMatchObject({ name: changed.name, version: "1.0.1" });
      const versions = await t.db
        .selectFrom("measure_version")
        .select(["id", "version"])
        .where("measure_id", "=", gad.id)
        .orderBy("id")
        .execute();
      expect(versions.map((v) => v.version)).toEqual(["1.0.0", "1.0.1"]);
      expect(gad.current_version_id).toBe(versions[1].id);

      // Back to the file as shipped: the first version is current again, nothing duplicated.
      await syncMeasureLibrary(t.db);
      const restored = await t.db
        .selectFrom("measure")
        .select(["name", "current_version_id"])
        .where("id", "=", gad.id)
        .executeTakeFirstOrThrow();
      expect(restored).toEqual({ name: original.name, current_version_id: versions[0].id });
      expect(await t.db.selectFrom("measure_version").select("id").execute()).toHaveLength(MEASURE_LIBRARY.length + 1);
    });
  });

  describe("list, detail and stars", () => {
    it("lists the library in pages with the row shape of the contract", async () => {
      const res = await get("/api/library/list?pageSize=5&page=1");
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalRecords).toBe(MEASURE_LIBRARY.length);
      expect(body.rows).toHaveLength(5);
      expect(body.rows[0]).toEqual({
        id: expect.any(Number),
        measure_id: "audit",
        abbreviation: "AUDIT",
        short_name: expect.any(String),
        name: expect.any(String),
        condition: expect.any(String),
        respondent: "self",
        question_count: 10,
        starred: false,
        discontinued: false,
        license_status: expect.any(String),
      });
      expect(body.conditions).toContain("Depression");
      const page3 = (await get("/api/library/list?pageSize=5&page=3")).json();
      expect(page3.rows).toHaveLength(MEASURE_LIBRARY.length - 10);
    });

    it("searches and filters by condition and respondent", async () => {
      const search = (await get("/api/library/list?search=phq")).json();
      expect(search.rows.map((r: { abbreviation: string }) => r.abbreviation)).toEqual(["PHQ-2", "PHQ-9"]);
      const byName = (await get("/api/library/list?search=generalized%20anxiety")).json();
      expect(byName.rows.map((r: { abbreviation: string }) => r.abbreviation).sort()).toEqual(["GAD-2", "GAD-7"]);
      const depression = (await get("/api/library/list?condition=depression")).json();
      expect(depression.rows.map((r: { abbreviation: string }) => r.abbreviation)).toContain("PHQ-9");
      expect(depression.rows.every((r: { condition: string }) => r.condition === "Depression")).toBe(true);
      const parent = (await get("/api/library/list?respondent=parent")).json();
      expect(parent.rows.map((r: { abbreviation: string }) => r.abbreviation)).toEqual(["PSC-17"]);
      const bad = await get("/api/library/list?respondent=martian");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: "validation", errors: [{ field: "respondent" }] });
    });

    it("stars and unstars per user, and filters on stars", async () => {
      const star = await t.app.inject({ method: "POST", url: `/api/library/${phq9}/star`, headers: h.clinician });
      expect(star.json()).toEqual({ id: phq9, starred: true });
      const mine = (await get("/api/library/list?starred=true")).json();
      expect(mine.rows.map((r: { id: number }) => r.id)).toEqual([phq9]);
      expect((await get("/api/library/list?starred=true", "other")).json().totalRecords).toBe(0);
      expect((await get(`/api/library/${phq9}`)).json().starred).toBe(true);

      const unstar = await t.app.inject({ method: "DELETE", url: `/api/library/${phq9}/star`, headers: h.clinician });
      expect(unstar.json()).toEqual({ id: phq9, starred: false });
      expect((await get("/api/library/list?starred=true")).json().totalRecords).toBe(0);
      expect((await get("/api/library/list?starred=false")).json().totalRecords).toBe(MEASURE_LIBRARY.length);
      const missing = await t.app.inject({ method: "POST", url: "/api/library/999999/star", headers: h.clinician });
      expect(missing.statusCode).toBe(404);
    });

    it("shows a clinician what the measure is, in words, and no provenance: no sources, unverified lists, notes or bases", async () => {
      const res = await get(`/api/library/${phq9}`, "director");
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail).toMatchObject({
        id: phq9,
        measure_id: "phq-9",
        abbreviation: "PHQ-9",
        version: "1.0.0",
        purpose: expect.stringContaining("depression symptoms"),
        license_status: "public-domain",
        license: { status: "public-domain", summary: expect.stringContaining("no permission is required") },
        references: [
          {
            authors: "Kroenke K, Spitzer RL, Williams JBW",
            title: "The PHQ-9: validity of a brief depression severity measure",
            journal: "Journal of General Internal Medicine",
            year: 2001,
          },
        ],
        loinc: { panel: "44249-1", total: "44261-6" },
        cutoff: { value: 10, direction: ">=" },
        rci: { value: 6, verified: true },
        discontinued: null,
        instructions: { respondent: expect.stringContaining("Over the last 2 weeks") },
        age_range: { text: expect.any(String) },
      });
      expect(detail.bands.map((b: { label: string }) => b.label)).toEqual([
        "None/minimal",
        "Mild",
        "Moderate",
        "Moderately severe",
        "Severe",
      ]);
      expect(detail.alerts[0]).toMatchObject({ id: "phq-9-item-9-suicide-risk", questionId: "q9" });
      expect(detail.pages[0].questions).toHaveLength(10);
      for (const key of ["source", "unverified", "notes"]) expect(detail).not.toHaveProperty(key);
      expect(detail.license).not.toHaveProperty("text");
      expect(detail.rci).not.toHaveProperty("basis");
      expect(detail.alerts[0]).not.toHaveProperty("basis");
      expect(detail.scoring).not.toHaveProperty("description");
      expect(detail.scoring).not.toHaveProperty("notes");
      // Repository paths with commit hashes, index ids and tool names of the research never reach a clinician.
      const body = res.body;
      expect(body).not.toMatch(/[0-9a-f]{40}|camcops|find_string|github|NOT VERIFIED|sources read/i);
    });

    it("sends LOINC codes seen only in third-party code to no one", async () => {
      const detail = (await get(`/api/library/${await measureId(t.db, "audit")}`, "director")).json();
      expect(detail.loinc).toBeNull();
      expect(detail.license_status).toBe("free-noncommercial");
    });

    it("answers 404 for an unknown measure and 400 for a non-numeric id", async () => {
      expect((await get("/api/library/999999")).statusCode).toBe(404);
      const bad = await get("/api/library/phq-9");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: "validation", error: "Id is not valid" });
    });

    it("is for clinical users only", async () => {
      expect((await get("/api/library/list", "respondent")).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/library/list" })).statusCode).toBe(401);
    });
  });

  describe("preview (audition)", () => {
    const start = (payload: unknown, id: number | string = phq9, who = "clinician") =>
      t.app.inject({
        method: "POST",
        url: `/api/questionnaires-audition/${id}/start`,
        headers: { ...h[who], "content-type": "application/json" },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });

    it("requires a numeric age from 0 to 120", async () => {
      expect((await start({})).json()).toMatchObject({
        code: "validation",
        errors: [{ field: "age", message: "Age is required" }],
      });
      for (const age of ["abc", -1, 121, 12.5, "12a"]) {
        const res = await start({ age });
        expect(res.statusCode, String(age)).toBe(400);
        expect(res.json().errors).toEqual([{ field: "age", message: "Age is not valid" }]);
      }
      const ok = await start({ age: "34" });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ age: 34, ageInRange: null, measure: { abbreviation: "PHQ-9" } });
    });

    it("answers 400 to malformed JSON, 404 to an unknown measure, 403 without the preview permission", async () => {
      const malformed = await start("{ not json");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe("The request body is not valid JSON.");
      expect((await start({ age: 30 }, 999999)).statusCode).toBe(404);
      expect((await start({ age: 30 }, "x")).statusCode).toBe(400);
      expect((await start({ age: 30 }, phq9, "respondent")).statusCode).toBe(403);
    });

    it("gives the pages, then scores the answers as a real report would, and stores nothing", async () => {
      const counts = async () =>
        Promise.all(
          (["client_measure", "answer", "measure_score", "alert", "schedule"] as const).map(async (table) =>
            Number((await t.db.selectFrom(table).select(t.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
          ),
        );
      const before = await counts();
      const started = (await start({ age: 40 })).json();
      expect(started.auditionId).toEqual(expect.any(String));
      expect(started.pages).toHaveLength(1);
      expect(started.pages[0].questions[8]).toMatchObject({ id: "q9", number: 9, required: true, hidden: false });
      const page = await get(`/api/questionnaires-audition/${phq9}/page/p1`);
      expect(page.json()).toMatchObject({ pageId: "p1", previousPageId: null, nextPageId: null });
      expect((await get(`/api/questionnaires-audition/${phq9}/page/p9`)).statusCode).toBe(404);

      // 2+2+2+2+2+1+1+1+1 = 14: Moderate, past the cut-off of 10, item 9 above 0.
      const answers = { q1: 2, q2: 2, q3: 2, q4: 2, q5: 2, q6: 1, q7: 1, q8: 1, q9: 1, q10: 1 };
      const res = await t.app.inject({
        method: "POST",
        url: `/api/questionnaires-audition/${phq9}/report`,
        headers: h.clinician,
        payload: { age: 40, answers },
      });
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report.score).toMatchObject({
        scorable: true,
        total: 14,
        severity: { label: "Moderate" },
        cutoffCrossed: true,
        range: { min: 0, max: 27 },
      });
      expect(report.alerts).toEqual([
        expect.objectContaining({ id: null, rule_id: "phq-9-item-9-suicide-risk", level: "critical" }),
      ]);
      expect(report.answers[8]).toMatchObject({ questionId: "q9", value: 1, labels: ["Several days"], score: 1 });
      expect(await counts()).toEqual(before);

      const skipped = await t.app.inject({
        method: "POST",
        url: `/api/questionnaires-audition/${phq9}/report`,
        headers: h.clinician,
        payload: { age: 40, answers: { q1: 1 } },
      });
      expect(skipped.json().score).toMatchObject({ scorable: false, reason: "required-missing", total: null });
      const unknown = await t.app.inject({
        method: "POST",
        url: `/api/questionnaires-audition/${phq9}/report`,
        headers: h.clinician,
        payload: { age: 40, answers: { zz: 1 } },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it("applies AUDIT-C's sex-specific cut-off from the gender given", async () => {
      const auditC = await measureId(t.db, "audit-c");
      const report = async (gender?: string) =>
        (
          await t.app.inject({
            method: "POST",
            url: `/api/questionnaires-audition/${auditC}/report`,
            headers: h.clinician,
            payload: { age: 40, answers: { q1: 1, q2: 1, q3: 1 }, ...(gender ? { gender } : {}) },
          })
        ).json().score;
      // A total of 3: at the women's cut-off (3), below the men's (4).
      expect(await report("f")).toMatchObject({ total: 3, cutoffCrossed: true, cutoff: { basis: "female" } });
      expect(await report("m")).toMatchObject({ total: 3, cutoffCrossed: false, cutoff: { basis: "male" } });
    });
  });
});
