import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseInputAnswer } from "../../src/server/http/framework-errors.ts";
import { patientBody } from "../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

/** Sends raw bytes to the server and returns the raw answer (for what Node's parser refuses before Fastify). */
function raw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("end", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

const SHAPE = { error: expect.any(String), code: expect.any(String) };

describe("the net behind the safe-input rule", () => {
  it("a value the database refuses (SQLSTATE 22xxx data exception, 54000) is a 400; other faults stay ours", () => {
    for (const code of ["22003", "22P05", "22008", "22021", "54000"])
      expect(databaseInputAnswer({ code }), code).toEqual({
        status: 400,
        error: "A value in this request cannot be stored. Check the fields and try again.",
        code: "validation",
      });
    for (const code of ["23505", "40001", "42P01", undefined])
      expect(databaseInputAnswer({ code }), code).toBeUndefined();
  });
});

describe.each(DATABASES)("bad input and framework errors on $name", (database) => {
  let t: TestApp;
  let admin: { authorization: string };
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await authHeader(t.db, await createUser(t.db, { username: "bad.input.admin", roles: ["admin"] }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: "GET", url, headers });

  describe("the reported 500s are 400s naming the field", () => {
    it("a NUL character in a search, and in a sign-in username without a token", async () => {
      const search = await get("/api/patients?search=%00");
      expect(search.statusCode).toBe(400);
      expect(search.json()).toEqual({
        error: "Search contains a character that is not allowed.",
        code: "validation",
        errors: [{ field: "search", message: "Search contains a character that is not allowed." }],
      });
      const login = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username: "admin\u0000", password: "whatever-it-is" },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().errors).toEqual([{ field: "username", message: expect.stringMatching(/not allowed/) }]);
    });

    it("numbers beyond what a column holds, in a query string and in a body", async () => {
      const mrn = await get("/api/patients/check-mrn?mrn=MRN1&patientId=1e20");
      expect(mrn.statusCode).toBe(400);
      expect(mrn.json().errors).toEqual([{ field: "patientId", message: expect.any(String) }]);
      const outbox = await get("/api/outbox?page=1e20");
      expect(outbox.statusCode).toBe(400);
      expect(outbox.json().errors[0].field).toBe("page");
      const before = await t.db
        .selectFrom("patient")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      const patient = await t.app.inject({
        method: "POST",
        url: "/api/patients",
        headers: admin,
        payload: patientBody({ clinicians: [1e20] }),
      });
      expect(patient.statusCode).toBe(400);
      expect(patient.json().errors[0].field).toBe("clinicians");
      const after = await t.db
        .selectFrom("patient")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("a lone surrogate in a setting and in a name; a paired one (an emoji) is fine", async () => {
      const settings = await t.app.inject({
        method: "PUT",
        url: "/api/settings/general",
        headers: admin,
        payload: { customer_name: "\ud800" },
      });
      expect(settings.statusCode).toBe(400);
      expect(settings.json().errors).toEqual([
        { field: "customer_name", message: expect.stringMatching(/not allowed/) },
      ]);
      const lone = await t.app.inject({
        method: "POST",
        url: "/api/patients",
        headers: admin,
        payload: patientBody({ first_name: "Ana\udfff" }),
      });
      expect(lone.statusCode).toBe(400);
      expect(lone.json().errors[0]).toEqual({
        field: "first_name",
        message: "First name contains a character that is not allowed.",
      });
      const search = await get(`/api/patients?search=${encodeURIComponent("Ana 🙂")}`);
      expect(search.statusCode).toBe(200);
    });

    it("a query-string number too large to be finite (1e400) is refused, not read as Infinity", async () => {
      const res = await get("/api/patients/1e400");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation", errors: [{ field: "patientId" }] });
    });
  });

  describe("Fastify's and Node's own refusals answer in the API's error shape", () => {
    it("headers too large: 431", async () => {
      const res = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ error: "The request headers are too large.", code: "headers_too_large" });
    });

    it("a malformed request line: 400", async () => {
      const res = await raw(port, "THIS IS NOT HTTP\r\n\r\n");
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(SHAPE);
    });

    it("body too large (413), not JSON (415), malformed or empty JSON (400), poisoned prototype (400)", async () => {
      const url = `http://127.0.0.1:${port}/api/security/login`;
      const json = { "content-type": "application/json" };
      const cases: [RequestInit, number, string | RegExp][] = [
        [{ body: JSON.stringify({ username: "a".repeat(2 * 1024 * 1024) }), headers: json }, 413, "body_too_large"],
        [{ body: "<login/>", headers: { "content-type": "application/xml" } }, 415, "unsupported_media_type"],
        [{ body: "{", headers: json }, 400, "invalid_json"],
        [{ body: "", headers: json }, 400, "invalid_json"],
        [{ body: '{"__proto__":{"admin":true}}', headers: json }, 400, "invalid_json"],
        // Parsed or not by the JSON parser, 200,000 levels of nesting are refused without a 500.
        [{ body: `${"[".repeat(200_000)}${"]".repeat(200_000)}`, headers: json }, 400, /^(invalid_json|validation)$/],
      ];
      for (const [init, status, code] of cases) {
        const res = await fetch(url, { method: "POST", ...init });
        const label = `${init.headers && JSON.stringify(init.headers)} ${String(init.body).slice(0, 30)}`;
        expect(res.status, label).toBe(status);
        expect(await res.json(), label).toMatchObject({
          error: expect.any(String),
          code: typeof code === "string" ? code : expect.stringMatching(code),
        });
      }
    });

    it("an unknown route (404) and a malformed percent-encoding (400)", async () => {
      const unknown = await fetch(`http://127.0.0.1:${port}/api/no-such-thing`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: "No route GET /api/no-such-thing", code: "not_found" });
      const badUrl = await raw(port, "GET /api/patients/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      expect(badUrl.status).toBe(400);
      expect(JSON.parse(badUrl.body)).toEqual({ error: "The address of this request is not valid.", code: "bad_url" });
    });
  });
});
