import { describe, expect, it } from "vitest";
import { defaultBundle, type JsonSchema } from "../../../src/shared/schema/bundle.ts";
import { entityProperty, fieldKind } from "../../../src/shared/schema/field-kind.ts";

describe("fieldKind", () => {
  const cases: [string, JsonSchema, string][] = [
    ["a plain string", { type: "string" }, "text"],
    ["a nullable string", { type: ["string", "null"] }, "text"],
    ["an email", { type: ["string", "null"], format: "email" }, "email"],
    ["a date", { type: "string", format: "date" }, "date"],
    ["a timestamp", { type: ["string", "null"], format: "date-time" }, "datetime"],
    ["a code list", { type: "string", oneOf: [{ const: "a", title: "A" }] }, "enum"],
    ["a numeric code list", { type: "integer", oneOf: [{ const: 1, title: "One" }] }, "enum"],
    ["a flag", { type: "boolean" }, "boolean"],
    ["a whole number", { type: "integer" }, "integer"],
    ["a number", { type: "number" }, "number"],
    ["a list of strings", { type: "array", items: { type: "string" } }, "stringList"],
    ["a list of ids", { type: "array", items: { type: "integer" } }, "integerList"],
    ["an object", { type: "object" }, "object"],
    ["no type at all", {}, "unknown"],
    ["x-kind percent over a nullable integer", { type: ["integer", "null"], "x-kind": "percent" }, "percent"],
    ["x-kind phone over type", { type: ["string", "null"], "x-kind": "phone", pattern: "^[0-9]*$" }, "phone"],
    [
      "x-kind clinicians over array",
      { type: "array", items: { type: "integer" }, "x-kind": "clinicians" },
      "clinicians",
    ],
    [
      "x-kind clinicianTeams over array",
      { type: "array", items: { type: "integer" }, "x-kind": "clinicianTeams" },
      "clinicianTeams",
    ],
    ["format over a code list", { type: "string", format: "date", oneOf: [{ const: "2020-01-01" }] }, "date"],
    ["an unknown x-kind falls back to the type", { type: "integer", "x-kind": "gauge" }, "integer"],
  ];
  it.each(cases)("%s", (_name, schema, kind) => {
    expect(fieldKind(schema)).toBe(kind);
  });

  it("follows a $ref to an enum file when given the bundle", () => {
    const gender = defaultBundle["entities/patient.json"].properties?.gender as JsonSchema;
    expect(gender.$ref).toBeDefined();
    expect(fieldKind(gender)).toBe("unknown");
    expect(fieldKind(gender, defaultBundle, "entities/patient.json")).toBe("enum");
  });

  it("gives every patient field the kind its widgets, cells and axes rely on", () => {
    const kinds = Object.fromEntries(
      Object.keys(defaultBundle["entities/patient.json"].properties ?? {}).map((field) => [
        field,
        fieldKind(entityProperty(defaultBundle, "entities/patient.json", field) as JsonSchema),
      ]),
    );
    expect(kinds).toMatchObject({
      first_name: "text",
      birth_date: "date",
      gender: "enum",
      email: "email",
      email_notification: "boolean",
      mobile_number: "phone",
      clinicians: "clinicians",
      clinician_teams: "clinicianTeams",
      clinician_names: "stringList",
      latest_completed_session_completed_date: "datetime",
      id: "integer",
    });
  });
});
