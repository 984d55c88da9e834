/** A JWT-shaped token with the given claims; the signature is not checked by the client. */
export function fakeJwt(claims: { sub?: string; exp?: number }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.signature`;
}

/** A token that expires `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number, sub = "7"): string {
  return fakeJwt({ sub, exp: Math.floor(Date.now() / 1000) + seconds });
}
