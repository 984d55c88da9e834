import type { FastifyReply } from "fastify";
import { HttpError } from "../http/http-error.ts";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "./sign-in-throttle.ts";

/** The 429 of a throttled password attempt: the one error shape, and Retry-After in seconds. */
export function throttled(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header("retry-after", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return new HttpError(429, TOO_MANY_SIGN_IN_ATTEMPTS, "rate_limited");
}
