import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AccessTokens } from "../../../src/server/auth/access-token.ts";

const SECRET = "unit-secret-unit-secret-unit-secret-0123456789";
const FAMILY = "0b9d3c9e-6f0c-4a51-9d1e-2f1f1a2b3c4d";
const key = (secret: string) => new TextEncoder().encode(secret);

describe("access tokens", () => {
  it("signs a token that verifies to its user and refresh family", async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const token = await tokens.sign(42, FAMILY);
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { sub: "42", fam: FAMILY } });
    const { exp, iat } = decodeJwt(token);
    expect((exp ?? 0) - (iat ?? 0)).toBe(900);
  });

  it("calls a token past its expiry expired, so the client renews instead of signing out", async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ fam: FAMILY })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("42")
      .setIssuer("mbc")
      .setAudience("mbc-api")
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(key(SECRET));
    expect(await new AccessTokens(SECRET, 900).verify(expired)).toEqual({ ok: false, reason: "expired" });
  });

  it("calls a token signed with another secret, tampered with or not a token at all invalid", async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const foreign = await new AccessTokens("other-secret-other-secret-other-secret-012345", 900).sign(42, FAMILY);
    const good = await tokens.sign(42, FAMILY);
    const [header, , signature] = good.split(".");
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: "1", fam: FAMILY })).toString("base64url")}.${signature}`;
    for (const token of [foreign, tampered, "garbage", "", `${good}x`]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuses tokens for another audience, without a family, or with the none algorithm", async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const otherAudience = await new SignJWT({ fam: FAMILY })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("42")
      .setIssuer("mbc")
      .setAudience("someone-else")
      .setExpirationTime("5m")
      .sign(key(SECRET));
    const noFamily = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("42")
      .setIssuer("mbc")
      .setAudience("mbc-api")
      .setExpirationTime("5m")
      .sign(key(SECRET));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "42", fam: FAMILY, iss: "mbc", aud: "mbc-api", exp: Math.floor(Date.now() / 1000) + 300 }),
    ).toString("base64url")}.`;
    for (const token of [otherAudience, noFamily, unsigned]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: "invalid" });
    }
  });
});
