import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../generated/types/entities/user.ts";
import { homePath } from "../../../src/client/auth/permissions.ts";
import { permissionsFor } from "../../../src/shared/permissions.ts";

/** A signed-in user with these roles, their permissions granted as role.json says. */
function userWith(roles: string[], extra: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    username: "someone",
    firstName: "Some",
    lastName: "One",
    user_type: roles.includes("respondent") ? "patient" : "clinical",
    roles: roles as SessionUser["roles"],
    permissions: permissionsFor(roles),
    status: 3 as SessionUser["status"],
    ...extra,
  };
}

describe("where signing in lands (docs/home.md)", () => {
  it("sends each role to its own first screen", () => {
    expect(homePath(userWith(["clinician"]))).toBe("/clinician/home");
    expect(homePath(userWith(["supervisor"]))).toBe("/clinician/home");
    expect(homePath(userWith(["director"]))).toBe("/analytics");
    expect(homePath(userWith(["staff"]))).toBe("/clinician/patients");
    expect(homePath(userWith(["admin"]))).toBe("/clinician/patients");
    expect(homePath(userWith(["respondent"]))).toBe("/session");
  });

  it("a director who also carries a caseload starts on their worklists", () => {
    expect(homePath(userWith(["director", "clinician"]))).toBe("/clinician/home");
  });

  it("a forced password change comes before any landing", () => {
    expect(homePath(userWith(["director"], { mustChangePassword: true }))).toBe("/force-reset-password");
  });
});
