import { describe, expect, it } from "vitest";
import { decoyPasswordHash, hashPassword, verifyPassword } from "../../../src/server/auth/passwords.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("Correct#Horse1");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain("Correct#Horse1");
    expect(await verifyPassword(hash, "Correct#Horse1")).toBe(true);
    expect(await verifyPassword(hash, "correct#horse1")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("salts every hash, so equal passwords do not give equal hashes", async () => {
    const [a, b] = await Promise.all([hashPassword("Same#Pass123"), hashPassword("Same#Pass123")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(b, "Same#Pass123")).toBe(true);
  });

  it("counts a missing or malformed stored hash as a mismatch, never a crash", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$broken", "anything")).toBe(false);
  });

  it("keeps one decoy hash that no guess matches", async () => {
    const decoy = await decoyPasswordHash();
    expect(await decoyPasswordHash()).toBe(decoy);
    expect(decoy).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(decoy, "decoy-0.5")).toBe(false);
  });
});
