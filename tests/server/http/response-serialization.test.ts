import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { errorResponses, listResponse, noContent, recordResponse } from "../../../src/server/http/response-schemas.ts";
import { registerResponseSerialization } from "../../../src/server/http/response-serialization.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";

/** A bare Fastify app with our serializer and one route answering `payload` under `response`. */
async function appAnswering(
  payload: unknown,
  response: Record<number, unknown>,
  opts: { check?: boolean; status?: number } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerResponseSerialization(app, defaultBundle, { check: opts.check });
  app.get("/thing", { schema: { response } }, async (_request, reply) =>
    reply.status(opts.status ?? 200).send(payload),
  );
  await app.ready();
  return app;
}

describe("response serialization", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it("leaves out every field the response schema does not list", async () => {
    app = await appAnswering(
      { id: 7, name: "Main clinic", city: null, password_hash: "$argon2id$secret", internal: { a: 1 } },
      { 200: recordResponse("entities/location.json") },
    );
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: "Main clinic", city: null });
    expect(res.body).not.toContain("argon2");
  });

  it("leaves out unlisted fields of nested records and of list pages", async () => {
    app = await appAnswering(
      { rows: [{ id: 1, name: "A", secret: "x" }], totalRecords: 1, debug: "query plan" },
      { 200: listResponse("entities/location.json") },
    );
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.json()).toEqual({ rows: [{ id: 1, name: "A" }], totalRecords: 1 });
  });

  it("writes a record that lacks fields the entity requires of a request, and keeps null as null", async () => {
    // entities/location.json requires name (of a request body); a state-less row is still written.
    app = await appAnswering(
      { id: 3, state: null, user_count: null },
      { 200: recordResponse("entities/location.json") },
    );
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 3, state: null, user_count: null });
  });

  it("never truncates a number typed as an integer, nor writes an enum value it does not know as another", async () => {
    app = await appAnswering({ id: 7.5, state: "ZZ" }, { 200: recordResponse("entities/location.json") });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.json()).toEqual({ id: 7.5, state: "ZZ" });
  });

  it("writes each alternative of a union as it is: a checkbox answer stays a list, a condition keeps its all", async () => {
    const condition = { all: [{ question: "q1", operator: ">=", score: 1 }] };
    app = await appAnswering(
      { questionId: "q2", applied: true, value: [1, "other"], seq: 3, showIf: condition },
      { 200: recordResponse("api/responses/saved-answer.json") },
    );
    expect((await app.inject({ method: "GET", url: "/thing" })).json()).toEqual({
      questionId: "q2",
      applied: true,
      value: [1, "other"],
      seq: 3,
    });
    await app.close();
    app = await appAnswering(
      { showIf: condition, showNext: null, value: "text" },
      {
        200: {
          type: "object",
          properties: { showIf: { $ref: "api/responses/question-view.json#/properties/showIf" } },
        },
      },
    );
    expect((await app.inject({ method: "GET", url: "/thing" })).json()).toEqual({ showIf: condition });
  });

  it("writes errors in the one error shape and nothing else", async () => {
    app = await appAnswering(
      { error: "Not found", code: "not_found", stack: "at handler (x.ts:1)" },
      { 200: recordResponse("entities/location.json"), ...errorResponses(404) },
      { status: 404 },
    );
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found", code: "not_found" });
  });

  it("answers 204 with no body", async () => {
    app = await appAnswering(undefined, { 204: noContent }, { status: 204 });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
  });

  it("with check on, refuses a response that does not match its schema", async () => {
    app = await appAnswering({ id: "seven" }, { 200: recordResponse("entities/location.json") }, { check: true });
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.statusCode).toBe(500);
  });

  it("with check on, lets extra fields through to be left out", async () => {
    app = await appAnswering(
      { id: 7, secret: "x" },
      { 200: recordResponse("entities/location.json") },
      { check: true },
    );
    const res = await app.inject({ method: "GET", url: "/thing" });
    expect(res.json()).toEqual({ id: 7 });
  });
});
