import type { InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { defaultBundle, type JsonSchema, schemaById } from "../../src/shared/schema/bundle.ts";
import { registeredRoutes } from "../helpers/route-table.ts";
import { createTestApp, DATABASES, type TestApp } from "../helpers/test-app.ts";
import { authHeader, createUser } from "../helpers/users.ts";

// Every route the app registers, as Fastify hands it to onRoute hooks (as tests/server/openapi does):
// the fuzzing covers the routes that exist, not a list that can fall behind.
vi.mock("fastify", async (original) => (await import("../helpers/route-table.ts")).recordingFastify(original));
const registered = registeredRoutes;

type Part = "querystring" | "params" | "body";
type Located = { schema: JsonSchema; id: string };

/** Follows a $ref ("file.json", "../enums/x.json", "file.json#/$defs/id", "#/$defs/id") from the schema `id`. */
function follow(node: JsonSchema, id: string): Located {
  let current: Located = { schema: node, id };
  for (let hops = 0; hops < 10 && typeof current.schema.$ref === "string"; hops++) {
    const [file, pointer] = current.schema.$ref.split("#");
    let targetId = current.id;
    if (file) {
      const parts = current.id.split("/").slice(0, -1);
      for (const seg of file.split("/")) {
        if (seg === "..") parts.pop();
        else if (seg !== ".") parts.push(seg);
      }
      targetId = parts.join("/");
    }
    let target: unknown = schemaById(defaultBundle, targetId);
    for (const key of (pointer ?? "").split("/").filter(Boolean)) target = (target as Record<string, unknown>)[key];
    const { $ref: _ref, ...rest } = current.schema;
    current = { schema: { ...(target as JsonSchema), ...rest }, id: targetId };
  }
  return current;
}

/** The named properties of an object schema, through $ref and allOf/anyOf/oneOf branches. */
function propertiesOf(located: Located, depth = 0): Map<string, Located> {
  const found = new Map<string, Located>();
  if (depth > 4) return found;
  const { schema, id } = follow(located.schema, located.id);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) found.set(name, follow(prop, id));
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of (schema[key] as JsonSchema[] | undefined) ?? [])
      for (const [name, prop] of propertiesOf({ schema: branch, id }, depth + 1))
        if (!found.has(name)) found.set(name, prop);
  }
  return found;
}

function typesOf(schema: JsonSchema): string[] {
  const own = [schema.type ?? []].flat();
  if (own.length) return own;
  if (schema.const !== undefined) return [typeof schema.const];
  if (schema.oneOf?.[0]?.const !== undefined) return [typeof schema.oneOf[0].const];
  const branches = ((schema.anyOf as JsonSchema[] | undefined) ?? []).flatMap(typesOf);
  return branches.length ? branches : ["string"];
}

/** A plausible valid value, so the rest of a request passes and the bad value reaches as far as it can. */
function sample({ schema }: Located): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.oneOf?.[0]?.const !== undefined) return schema.oneOf[0].const;
  const type = typesOf(schema).find((t) => t !== "null") ?? "null";
  if (type === "integer" || type === "number") return Math.max(Number(schema.minimum ?? 1), 1);
  if (type === "boolean") return false;
  if (type === "array") return [];
  if (type === "object") return {};
  if (type === "null") return null;
  if (schema.format === "date") return "2026-01-15";
  if (schema.format === "date-time") return "2026-01-15T10:00:00.000Z";
  if (schema.format === "email") return "fuzz@example.org";
  return "Fuzz";
}

const deep = (levels: number): unknown => {
  let v: unknown = "leaf";
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

// Values every typed JSON field must survive. The ones marked `refuse` are never acceptable input
// anywhere: a NUL, a lone surrogate, a number no column can hold. They must be a 400, not a 200 or a 500.
type Bad = { label: string; value: unknown; refuse?: boolean };
const NUL: Bad[] = [
  { label: "NUL", value: "\u0000", refuse: true },
  { label: "NUL inside", value: "Ana\u0000Lee", refuse: true },
];
const SURROGATE: Bad[] = [
  { label: "lone high surrogate", value: "\ud800", refuse: true },
  { label: "lone low surrogate", value: "x\udfffy", refuse: true },
];
const HUGE: Bad[] = [
  { label: "1e20", value: 1e20, refuse: true },
  { label: "-1e20", value: -1e20, refuse: true },
  { label: "1e308", value: 1e308, refuse: true },
  { label: "2^31", value: 2 ** 31 },
];
const BODY_VALUES: Record<string, Bad[]> = {
  string: [
    ...NUL,
    ...SURROGATE,
    { label: "20,000 characters", value: "a".repeat(20_000) },
    { label: "number for text", value: 1e20 },
    { label: "9999-12-31", value: "9999-12-31" },
    { label: "0000-00-00", value: "0000-00-00" },
    { label: "far due date", value: "9999-12-31 00:00:00" },
    { label: "no such day", value: "2026-13-45 00:00:00" },
    { label: "fullwidth digits", value: "５５５１２３４５６７" },
  ],
  integer: [
    ...HUGE,
    { label: "text", value: "1" },
    { label: "fraction", value: 1.5 },
    { label: "NUL", value: "\u0000" },
  ],
  number: [...HUGE, { label: "text", value: "abc" }],
  boolean: [
    { label: "text", value: "\u0000" },
    { label: "number", value: 1e20 },
  ],
  array: [
    { label: "[1e20]", value: [1e20], refuse: true },
    { label: "[NUL]", value: ["\u0000"], refuse: true },
    { label: "[lone surrogate]", value: ["\ud800"], refuse: true },
    { label: "[{}]", value: [{}] },
    { label: "5,000 items", value: Array.from({ length: 5000 }, (_, i) => i + 1) },
  ],
  object: [
    { label: "NUL key", value: { "\u0000": 1 }, refuse: true },
    { label: "nested NUL", value: { a: { b: ["\u0000"] } }, refuse: true },
    { label: "200 levels deep", value: deep(200) },
  ],
  null: [{ label: "object for null", value: { a: 1 } }],
};
const ANY_VALUES: Bad[] = [
  { label: "null", value: null },
  { label: "object", value: { x: "\u0000" }, refuse: true },
];
const TEXT_VALUES: Bad[] = [
  { label: "NUL", value: "%00", refuse: true },
  { label: "NUL inside", value: "Ana%00Lee", refuse: true },
  { label: "encoded surrogate", value: "%ED%A0%80" },
  { label: "invalid UTF-8", value: "%FF%FE" },
  { label: "1e20", value: "1e20" },
  { label: "-1e20", value: "-1e20" },
  { label: "1e308", value: "1e308" },
  { label: "1e400", value: "1e400" },
  { label: "30 nines", value: "9".repeat(30) },
  { label: "NaN", value: "NaN" },
  { label: "5,000 characters", value: "a".repeat(5000) },
  { label: "9999-12-31", value: "9999-12-31" },
];
const REFUSED_TEXT_NUMBERS = new Set(["1e20", "-1e20", "1e308", "1e400", "30 nines"]);

interface Case {
  route: string;
  what: string;
  refuse: boolean;
  request: InjectOptions;
}

const MAX_CASES_PER_PART = 60;

function pathWith(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => params[name] ?? "999999");
}

function query(values: Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
}

/** Bounded cases for one route: each field of each part gets the bad values fitting its type. */
function casesFor(route: RouteOptions, method: string): Case[] {
  const schema = (route.schema ?? {}) as Partial<Record<Part, JsonSchema>>;
  const where = `${method} ${route.url}`;
  const cases: Case[] = [];
  const partOf = (part: Part) => (schema[part] ? propertiesOf({ schema: schema[part], id: "route.json" }) : null);
  const params = partOf("params");
  const qs = partOf("querystring");
  const body = partOf("body");
  const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const baseParams = Object.fromEntries(pathNames.map((n) => [n, "999999"]));
  const baseQuery = Object.fromEntries(
    [...(qs ?? new Map<string, Located>())]
      .filter(([name]) => (follow(schema.querystring as JsonSchema, "route.json").schema.required ?? []).includes(name))
      .map(([name, prop]) => [name, encodeURIComponent(String(sample(prop)))]),
  );
  const baseBody = body ? Object.fromEntries([...body].map(([name, prop]) => [name, sample(prop)])) : undefined;
  const request = (p: Record<string, string>, q: Record<string, unknown>, b: unknown): InjectOptions => ({
    method: method as InjectOptions["method"],
    url: `${pathWith(route.url, p)}${query(q)}`,
    ...(b !== undefined ? { payload: b as object } : {}),
  });

  for (const [part, fields] of [
    ["params", pathNames.map((n) => [n, params?.get(n)] as const)],
    ["querystring", [...(qs ?? [])]],
  ] as const) {
    const partCases: Case[] = [];
    for (const [name, prop] of fields)
      for (const bad of TEXT_VALUES) {
        const numeric = prop ? typesOf(prop.schema).some((t) => t === "integer" || t === "number") : false;
        const refuse = Boolean(bad.refuse) || (numeric && REFUSED_TEXT_NUMBERS.has(bad.label));
        partCases.push({
          route: where,
          what: `${part} ${name} = ${bad.label}`,
          refuse,
          request:
            part === "params"
              ? request({ ...baseParams, [name]: bad.value as string }, baseQuery, baseBody)
              : request(baseParams, { ...baseQuery, [name]: bad.value }, baseBody),
        });
      }
    cases.push(...bounded(partCases));
  }

  if (body && baseBody) {
    const partCases: Case[] = [];
    for (const [name, prop] of body) {
      const types = typesOf(prop.schema);
      const values = [...new Set(types)].flatMap((t) => BODY_VALUES[t] ?? []).concat(ANY_VALUES);
      for (const bad of values)
        partCases.push({
          route: where,
          what: `body ${name} = ${bad.label}`,
          refuse: Boolean(bad.refuse),
          request: request(baseParams, baseQuery, { ...baseBody, [name]: bad.value }),
        });
    }
    const whole: Bad[] = [
      { label: "unknown field with NUL", value: { ...baseBody, "\u0000": "\u0000" }, refuse: true },
      { label: "a bare string", value: "\u0000" },
      { label: "an array", value: [1e20] },
      { label: "1e20", value: 1e20 },
      { label: "__proto__", value: JSON.parse('{"__proto__": {"isAdmin": true}}') },
      { label: "2,000 levels deep", value: deep(2000) },
    ];
    for (const bad of whole)
      partCases.push({
        route: where,
        what: `body = ${bad.label}`,
        refuse: Boolean(bad.refuse),
        request: request(baseParams, baseQuery, bad.value),
      });
    cases.push(...bounded(partCases));
  }
  return cases;
}

/** At most MAX_CASES_PER_PART, spread over the fields (every n-th case), keeping the refusals first. */
function bounded(cases: Case[]): Case[] {
  if (cases.length <= MAX_CASES_PER_PART) return cases;
  const refused = cases.filter((c) => c.refuse);
  const rest = cases.filter((c) => !c.refuse);
  const keep = refused.slice(0, MAX_CASES_PER_PART);
  const room = MAX_CASES_PER_PART - keep.length;
  const step = rest.length / Math.max(room, 1);
  for (let i = 0; i < room && Math.floor(i * step) < rest.length; i++) keep.push(rest[Math.floor(i * step)]);
  return keep;
}

function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "not JSON";
  }
  const b = parsed as { error?: unknown; code?: unknown; errors?: unknown };
  if (typeof b.error !== "string" || b.error === "") return "no error sentence";
  if (b.code !== undefined && typeof b.code !== "string") return "code is not a string";
  if (
    b.errors !== undefined &&
    !(
      Array.isArray(b.errors) &&
      b.errors.every((e) => typeof e?.field === "string" && typeof e?.message === "string" && e.message !== "")
    )
  )
    return "errors are not [{field, message}]";
  return null;
}

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== "HEAD");

describe.each(DATABASES)("bad input derived from every route's schemas on $name", (database) => {
  let t: TestApp;
  let apiRoutes: RouteOptions[];
  const ids: Record<"admin" | "respondent", number> = { admin: 0, respondent: 0 };

  beforeAll(async () => {
    registered.length = 0;
    // The public routes' per-address limits would answer 429 before validation after a few cases.
    const { accounts } = loadConfig({ RATE_LIMIT_MAX: "1000000", LOG_LEVEL: "silent" });
    t = await createTestApp(database, { config: { accounts } });
    apiRoutes = registered.filter(
      (r) =>
        r.url.startsWith("/api/") &&
        !r.url.startsWith("/api/docs") &&
        methodsOf(r).length > 0 &&
        (r.schema?.body || r.schema?.querystring || r.schema?.params),
    );
    // An admin who is also a director: the analytics routes are the director's, and bad input must
    // reach their validation, not stop at a 403.
    ids.admin = await createUser(t.db, { username: "fuzz.admin", roles: ["admin", "director"] });
    ids.respondent = await createUser(t.db, { username: "fuzz.resp", roles: ["respondent"], userType: "patient" });
  });
  afterAll(async () => t.close());

  it("never answers 5xx; refuses NUL, lone surrogates and out-of-range numbers with a 400 in the error shape", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of apiRoutes) {
      const access = route.config?.access;
      for (const method of methodsOf(route)) {
        // Signed in as an admin; routes only a respondent may call, as a respondent; public ones unsigned
        // (and signed in: a token must not change how bad input is answered).
        const who: ("admin" | "respondent" | undefined)[] =
          access === "public"
            ? [undefined, "admin"]
            : typeof access === "object" && access.anyOf.every((p) => p.startsWith("respondent."))
              ? ["respondent"]
              : ["admin"];
        // A fresh session per route: a fuzzed logout or sign-out-everywhere must not end the next route's.
        const sessions = {
          admin: await authHeader(t.db, ids.admin),
          respondent: await authHeader(t.db, ids.respondent),
        };
        for (const c of casesFor(route, method)) {
          for (const identity of who) {
            const headers = identity ? sessions[identity] : undefined;
            const res = await t.app.inject({ ...c.request, headers: { ...headers } });
            sent += 1;
            const label = `${c.route} [${identity ?? "unsigned"}] ${c.what}`;
            if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400) {
              const problem = errorShapeProblem(res.body);
              if (problem) failures.push(`${label}: ${res.statusCode} ${problem}: ${res.body.slice(0, 200)}`);
            }
            // 429: a throttle answered before validation (not a fault; the limit above keeps it rare).
            if (c.refuse && res.statusCode !== 400 && res.statusCode !== 429)
              failures.push(`${label}: ${res.statusCode}, expected 400: ${res.body.slice(0, 200)}`);
            else if (c.refuse && res.statusCode === 400 && !(res.json().errors ?? []).length)
              failures.push(`${label}: a 400 without the field: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    // The route table really was fuzzed: every API route with a request schema, thousands of cases.
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(sent).toBeGreaterThan(3000);
  }, 360_000);
});
