// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  clearTokens,
  isTokenFresh,
  storedTokens,
  storeTokens,
  tokenExpiry,
  tokenSubject,
} from "../../../src/client/api/tokens.ts";
import { fakeJwt } from "./jwt.ts";

describe("token expiry", () => {
  it("reads exp (seconds) from the JWT payload as milliseconds", () => {
    expect(tokenExpiry(fakeJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });

  it("decodes base64url payloads, including - and _ characters", () => {
    // A subject chosen so that the encoded payload contains '-' or '_'.
    const token = fakeJwt({ sub: "??>>~~", exp: 2_000_000_000 });
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(tokenExpiry(token)).toBe(2_000_000_000_000);
    expect(tokenSubject(token)).toBe("??>>~~");
  });

  it("gives null for what is not a readable JWT", () => {
    expect(tokenExpiry("not-a-token")).toBeNull();
    expect(tokenExpiry("a.%%%.c")).toBeNull();
    expect(tokenExpiry(fakeJwt({ sub: "1" }))).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });

  it("treats a token as fresh only until shortly before it expires", () => {
    const now = 1_800_000_000_000;
    const exp = now / 1000 + 60;
    expect(isTokenFresh(fakeJwt({ exp }), now)).toBe(true);
    expect(isTokenFresh(fakeJwt({ exp }), now + 55_000)).toBe(false); // within the renewal margin
    expect(isTokenFresh(fakeJwt({ exp }), now + 61_000)).toBe(false);
    expect(isTokenFresh(null, now)).toBe(false);
    expect(isTokenFresh("garbage", now)).toBe(false);
  });
});

describe("token storage", () => {
  beforeEach(() => localStorage.clear());

  it("keeps only the access token, under a namespaced key, and clears it (the refresh token is an HttpOnly cookie)", () => {
    localStorage.setItem("mbc.refreshToken", "R-from-an-earlier-version");
    storeTokens({ accessToken: "A" });
    expect(localStorage.getItem("mbc.accessToken")).toBe("A");
    expect(localStorage.getItem("mbc.refreshToken")).toBeNull();
    expect(storedTokens()).toEqual({ accessToken: "A" });
    clearTokens();
    expect(storedTokens()).toEqual({ accessToken: null });
  });
});
