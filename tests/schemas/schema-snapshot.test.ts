import { describe, expect, it } from "vitest";
import { defaultBundle, enumOptions, schemaById } from "../../src/shared/schema/bundle.ts";

/**
 * Snapshots of what product owners edit: a changed label, code or message shows up in review as
 * a snapshot diff, on purpose. Values from the spec are also asserted outright.
 */
describe("schema snapshots", () => {
  it("enumerations keep their codes and labels", () => {
    const enums = Object.keys(defaultBundle)
      .filter((id) => id.startsWith("enums/") || id.startsWith("buckets/"))
      .sort();
    const table = Object.fromEntries(enums.map((id) => [id, enumOptions(schemaById(defaultBundle, id))]));
    expect(table).toMatchSnapshot();
  });

  it("spec constants: account statuses, genders, frequencies, 59 relations, 19 activity codes", () => {
    const labels = (id: string) => enumOptions(schemaById(defaultBundle, id)).map((o) => `${o.value} ${o.label}`);
    expect(labels("enums/account-status.json")).toEqual([
      "1 Inactive",
      "2 Active",
      "3 Not Invited",
      "4 Invited",
      "5 Password Reset",
    ]);
    expect(enumOptions(schemaById(defaultBundle, "enums/gender.json")).map((o) => o.value)).toEqual([
      "m",
      "f",
      "u",
      "o",
      "n",
    ]);
    expect(labels("enums/frequency.json")).toEqual([
      "1 One Time",
      "2 Daily",
      "3 Weekly",
      "4 Every 2 Weeks",
      "5 Monthly",
      "6 Every 2 Months",
      "7 Every 3 Months",
      "8 Every 6 Months",
      "9 Every 6 Weeks",
      "10 Every 4 Months",
      "11 Annually",
    ]);
    expect(enumOptions(schemaById(defaultBundle, "enums/relation.json"))).toHaveLength(59);
    expect(labels("enums/relation.json")[0]).toBe("1 Patient");
    expect(enumOptions(schemaById(defaultBundle, "enums/activity-code.json"))).toHaveLength(19);
  });

  it("validation messages are the spec's texts", () => {
    const messages: Record<string, unknown> = {};
    for (const [id, schema] of Object.entries(defaultBundle)) {
      const walk = (node: unknown, at: string) => {
        if (!node || typeof node !== "object") return;
        const obj = node as Record<string, unknown>;
        if (obj.errorMessage) messages[`${id}${at}`] = obj.errorMessage;
        for (const [k, v] of Object.entries(obj)) if (k !== "errorMessage" && k !== "examples") walk(v, `${at}/${k}`);
      };
      walk(schema, "");
    }
    expect(messages).toMatchSnapshot();
  });
});
