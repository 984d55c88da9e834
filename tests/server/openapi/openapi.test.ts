import { Validator } from "@seriousme/openapi-schema-validator";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultBundle, type JsonSchema, schemaById } from "../../../src/shared/schema/bundle.ts";
import { registeredRoutes } from "../../helpers/route-table.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

// Every route the app registers, as Fastify hands it to onRoute hooks: collected by a hook added
// to the instance buildApp creates, before any route, independently of what the document lists.
vi.mock("fastify", async (original) => (await import("../../helpers/route-table.ts")).recordingFastify(original));
const registered = registeredRoutes;

type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  "x-access"?: unknown;
  security?: unknown[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== "HEAD");
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const componentOf = (ref: unknown) => `#/components/schemas/${schemaById(defaultBundle, String(ref)).title}`;

/** The node a local reference ("#/components/schemas/X/$defs/id") points to, or undefined. */
function resolveLocal(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsIn(n, found);
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refsIn(value, found);
    }
  return found;
}

describe.each(DATABASES)("OpenAPI document and documentation page on $name", (database) => {
  let t: TestApp;
  let document: Document;
  let apiRoutes: RouteOptions[];

  beforeAll(async () => {
    registered.length = 0;
    t = await createTestApp(database);
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    document = res.json();
    apiRoutes = registered.filter((r) => r.url.startsWith("/api/") && methodsOf(r).length > 0);
  });
  afterAll(async () => t.close());

  it("is a valid OpenAPI 3.1 document whose every $ref resolves", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const dangling = refsIn(document).filter(
      (ref) => !ref.startsWith("#/") || resolveLocal(document, ref) === undefined,
    );
    expect(dangling).toEqual([]);
  });

  it("lists every API route with its method; only the documentation's own routes are hidden", () => {
    const hidden = apiRoutes.filter((r) => (r.schema as { hide?: boolean } | undefined)?.hide).map((r) => r.url);
    expect(hidden.every((url) => url === "/api/openapi.json" || url.startsWith("/api/docs"))).toBe(true);
    const missing = apiRoutes
      .filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide)
      .flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`))
      .filter((key) => {
        const [method, url] = key.split(" ");
        return !document.paths[documentPath(url)]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(60);
  });

  it("documents each route's request schemas, access and responses as the route declares them", () => {
    for (const route of apiRoutes) {
      const schema = (route.schema ?? {}) as Record<string, JsonSchema> & { hide?: boolean };
      if (schema.hide) continue;
      for (const method of methodsOf(route)) {
        const where = `${method} ${route.url}`;
        const op = document.paths[documentPath(route.url)][method.toLowerCase()];
        expect(op["x-access"], where).toEqual(route.config?.access);
        expect(Boolean(op.security), where).toBe(route.config?.access !== "public");

        if (schema.body) {
          const body = op.requestBody?.content["application/json"]?.schema;
          expect(body, where).toEqual(schema.body.$ref ? { $ref: componentOf(schema.body.$ref) } : expect.anything());
        } else expect(op.requestBody, where).toBeUndefined();

        const parameters = op.parameters ?? [];
        const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
        expect(
          parameters
            .filter((p) => p.in === "path")
            .map((p) => p.name)
            .sort(),
          where,
        ).toEqual(pathNames);
        const query = schema.querystring?.$ref
          ? schemaById(defaultBundle, schema.querystring.$ref as string)
          : schema.querystring;
        expect(
          parameters
            .filter((p) => p.in === "query")
            .map((p) => p.name)
            .sort(),
          where,
        ).toEqual(Object.keys(query?.properties ?? {}).sort());

        const responses = (schema.response ?? {}) as Record<string, JsonSchema>;
        for (const [status, response] of Object.entries(responses)) {
          const documented = op.responses[status];
          expect(documented, `${where} ${status}`).toBeDefined();
          const content = documented.content?.["application/json"]?.schema;
          if (response.type === "null") expect(content, `${where} ${status}`).toBeUndefined();
          else if (response.$ref) expect(content, `${where} ${status}`).toEqual({ $ref: componentOf(response.$ref) });
          else expect(content, `${where} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("has every route declare its success response and its errors", () => {
    const undeclared = apiRoutes
      .filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide)
      .filter((r) => {
        const statuses = Object.keys((r.schema?.response as object | undefined) ?? {});
        return !statuses.some((s) => s.startsWith("2")) || (r.config?.access !== "public" && !statuses.includes("401"));
      })
      .map((r) => `${methodsOf(r).join(",")} ${r.url}`);
    expect(undeclared, undeclared.join("\n")).toEqual([]);
  });

  it("names components by their schema's title and leaves our own keywords out", () => {
    const { schemas } = document.components;
    expect(schemas.ApiError).toMatchObject({ type: "object", required: ["error"] });
    expect(schemas.SessionReport).toBeDefined();
    const text = JSON.stringify(schemas);
    expect(text).not.toContain('"errorMessage"');
    expect(text).not.toMatch(/"x-(column|table|relation|normalize)"/);
    expect(text).not.toContain('"$id"');
  });

  it("serves the documentation page with its own assets, so it works offline", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("swagger-ui");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.filter((a) => /^(https?:)?\/\//.test(a))).toEqual([]);
    expect(assets.some((a) => a.endsWith("swagger-ui-bundle.js"))).toBe(true);
    for (const asset of assets) {
      // Resolved as a browser on /api/docs resolves them: every one is served by the app itself.
      const res = await t.app.inject({ method: "GET", url: new URL(asset, "http://localhost/api/docs").pathname });
      expect(res.statusCode, asset).toBe(200);
    }
    const spec = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(spec.json()).toEqual(document);
  });
});
