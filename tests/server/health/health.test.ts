import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("health and error shape on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  it("answers status and version once migrated", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("answers an unknown API path with a 404 in the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: "not_found" });
  });

  it("migrations are safe to run twice", async () => {
    const { migrate } = await import("../../../src/server/db/migrate.ts");
    expect(await migrate(t.db)).toEqual([]);
  });
});
