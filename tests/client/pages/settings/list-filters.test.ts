import { describe, expect, it } from "vitest";
import {
  ALL,
  filterQuery,
  filterSpecs,
  savedFilterPatch,
  savedFilterValues,
} from "../../../../src/client/entities/list-filters.ts";

const CLINICAL_USERS = "tables/clinical-users.table.json";
const noRespondents = (field: string, value: string) => field !== "roles" || value !== "respondent";

describe("list filters from a table's query schema", () => {
  it("are the titled filters of x-query, labelled and coded from the schemas", () => {
    const specs = filterSpecs(CLINICAL_USERS, noRespondents);
    expect(specs.map((s) => [s.field, s.title, s.control, s.numeric])).toEqual([
      ["status", "Account status", "select", true],
      ["roles", "Roles", "select", false],
      ["no_contact_information", "No contact information", "checkbox", false],
    ]);
    expect(specs[0].options.map((o) => o.label)).toEqual([
      "Inactive",
      "Active",
      "Not Invited",
      "Invited",
      "Password Reset",
    ]);
    expect(specs[1].options.map((o) => o.value)).not.toContain("respondent");
    expect(specs[1].options.map((o) => o.value)).toContain("director");
  });

  it("turn the chosen values into the list call's query", () => {
    const specs = filterSpecs(CLINICAL_USERS);
    expect(filterQuery(specs, { status: "4", roles: "clinician", no_contact_information: true })).toEqual({
      status: 4,
      roles: "clinician",
      no_contact_information: true,
    });
    expect(filterQuery(specs, { status: ALL, roles: "wizard", no_contact_information: false })).toEqual({
      status: undefined,
      roles: undefined,
      no_contact_information: undefined,
    });
  });

  it("are read from and saved to the user's UI settings", () => {
    const specs = filterSpecs(CLINICAL_USERS);
    const keys = {
      status: "accountStatusSelector",
      roles: "clinicalUserRole",
      no_contact_information: "noContactInfoselector",
    } as const;
    expect(savedFilterValues(specs, keys, {})).toEqual({ status: ALL, roles: ALL, no_contact_information: false });
    expect(savedFilterValues(specs, keys, { accountStatusSelector: "2", noContactInfoselector: true })).toEqual({
      status: "2",
      roles: ALL,
      no_contact_information: true,
    });
    expect(savedFilterPatch(keys, "roles", "staff")).toEqual({ clinicalUserRole: "staff" });
  });

  it("give the patient user list its status filter", () => {
    expect(filterSpecs("tables/patient-users.table.json").map((s) => s.field)).toEqual(["status"]);
  });
});
