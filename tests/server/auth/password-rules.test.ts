import { describe, expect, it } from "vitest";
import { passwordChecker } from "../../../src/server/auth/password-rules.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";

describe("password rule (spec §5)", () => {
  it("wants 8+ non-space characters with a digit, upper and lower case and a symbol", () => {
    const acceptable = passwordChecker(defaultBundle, 8);
    for (const ok of ["Abcdef#1", "Ünïcode#Pass9", "Long#Passphrase2026"]) expect(acceptable(ok), ok).toBe(true);
    for (const bad of ["Abcde#1", "abcdef#1", "ABCDEF#1", "Abcdefg#", "Abcdefg1", "Abc def#1", ""]) {
      expect(acceptable(bad), bad).toBe(false);
    }
    expect(acceptable(`Aa#1${"x".repeat(252)}`)).toBe(true);
    expect(acceptable(`Aa#1${"x".repeat(253)}`)).toBe(false); // the schema's ceiling of 256
  });

  it("applies a deployment's longer minimum", () => {
    const acceptable = passwordChecker(defaultBundle, 12);
    expect(acceptable("Abcdefgh#12")).toBe(false);
    expect(acceptable("Abcdefgh#123")).toBe(true);
  });
});

describe("password settings", () => {
  it("default to a minimum of 8 and no expiry", () => {
    expect(loadConfig({})).toMatchObject({ passwordMinLength: 8, passwordMaxAgeDays: 0 });
    expect(loadConfig({ PASSWORD_MIN_LENGTH: "14", PASSWORD_MAX_AGE_DAYS: "90" })).toMatchObject({
      passwordMinLength: 14,
      passwordMaxAgeDays: 90,
    });
  });

  it("refuse to start with a minimum below 8 or a nonsense value", () => {
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: "6" })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: "eight" })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: "-1" })).toThrow(/PASSWORD_MAX_AGE_DAYS/);
  });
});
