import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import { HttpError } from "../http/http-error.ts";

export const TOO_MANY_REQUESTS = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Per-address limits for the public routes that send messages or check secrets (recovery,
 * account setup, access codes): they cost a message each and are what a guesser would hammer.
 * Registered per route module with global: false, so only routes that ask (config.rateLimit) are
 * limited. The count lives in this process's memory: with several nodes each counts its own.
 * The answer is the one error shape, 429 {error, code: "rate_limited"}, with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS, "rate_limited"),
  });
}

/** The route option: `config: { access: "public", rateLimit: publicLimit(ctx) }`. */
export function publicLimit(ctx: Pick<AppContext, "config">): { max: number; timeWindow: number } {
  return { max: ctx.config.accounts.rateLimitMax, timeWindow: ctx.config.accounts.rateLimitWindowSeconds * 1000 };
}
