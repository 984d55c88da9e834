import { describe, expect, it } from "vitest";
import {
  allowedPatientViews,
  defaultPatientView,
  permissionsFor,
  selectableRoles,
} from "../../../src/shared/permissions.ts";

describe("roles and permissions (schemas/enums/role.json)", () => {
  it("clinicians see their own patients, supervisors also their clinicians', staff and admins all", () => {
    expect(allowedPatientViews(permissionsFor(["clinician"]))).toEqual(["my", "team"]);
    expect(allowedPatientViews(permissionsFor(["supervisor"]))).toEqual(["supervised", "my", "team"]);
    expect(allowedPatientViews(permissionsFor(["staff"]))).toEqual(["all"]);
    expect(allowedPatientViews(permissionsFor(["admin"]))).toEqual(["all"]);
    expect(allowedPatientViews(permissionsFor(["respondent"]))).toEqual([]);
  });

  it("the list starts on the role's default view", () => {
    const view = (roles: string[]) => defaultPatientView(roles, permissionsFor(roles));
    expect(view(["clinician"])).toBe("my");
    expect(view(["supervisor"])).toBe("supervised");
    expect(view(["staff"])).toBe("all");
    expect(view(["clinician", "admin"])).toBe("my");
    expect(view(["respondent"])).toBeNull();
  });

  it("several roles add up; unknown roles grant nothing", () => {
    expect(permissionsFor(["clinician", "staff"])).toEqual(
      expect.arrayContaining(["patients.viewAll", "settings.staff"]),
    );
    expect(permissionsFor(["nobody"])).toEqual([]);
  });

  it("settings offer staff, clinician, supervisor and admin (respondent hidden)", () => {
    expect(
      selectableRoles()
        .map((r) => r.value)
        .sort(),
    ).toEqual(["admin", "clinician", "staff", "supervisor"]);
  });
});
