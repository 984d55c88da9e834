import { describe, expect, it } from "vitest";
import {
  filterPanelDefinition,
  isShown,
  queryDefaults,
} from "../../../src/client/pages/analytics/explorer/filter-fields.ts";
import { queryErrors } from "../../../src/client/pages/analytics/explorer/query-validator.ts";
import { defaultBundle, type JsonSchema } from "../../../src/shared/schema/bundle.ts";

describe("the outcomes explorer's filter panel, from the query schema", () => {
  const panel = filterPanelDefinition(defaultBundle);

  it("draws each query field as its schema says, in the form file's order, in words", () => {
    expect(panel.fields.map((f) => [f.field, f.kind, f.label])).toMatchSnapshot();
    const gender = panel.fields.find((f) => f.field === "gender");
    expect(gender?.kind === "codes" && gender.options.map((o) => o.label)).toEqual([
      "Male",
      "Female",
      "Unknown",
      "Other",
      "Nonbinary",
    ]);
    const picker = panel.fields.find((f) => f.field === "program_uuid");
    expect(picker).toMatchObject({ kind: "picker", source: "programs", label: "Programs" });
  });

  it("shows a field only with the value it depends on", () => {
    const defaults = queryDefaults(defaultBundle);
    expect(isShown(panel.showWhen.program_uuid, {}, defaults)).toBe(true);
    expect(isShown(panel.showWhen.location_uuid, {}, defaults)).toBe(false);
    expect(isShown(panel.showWhen.location_uuid, { program_or_location_filter: "location" }, defaults)).toBe(true);
    expect(isShown(panel.showWhen.age_custom, { age: ["lt18"] }, defaults)).toBe(false);
    expect(isShown(panel.showWhen.age_custom, { age: ["lt18", "custom"] }, defaults)).toBe(true);
    expect(isShown(panel.showWhen.customRangeDate, { datePreset: "custom" }, defaults)).toBe(true);
  });

  it("picks up a filter a product owner adds to the schema, with no code change", () => {
    const bundle = structuredClone(defaultBundle);
    const schema = bundle["api/analytics-query.json"] as JsonSchema;
    (schema.properties as Record<string, JsonSchema>).respondent = {
      type: "string",
      title: "Respondent",
      oneOf: [
        { const: "any", title: "Anyone" },
        { const: "self", title: "The patient" },
      ],
    };
    ((bundle["forms/analytics-query.form.json"] as JsonSchema).uiSchema as { "ui:order": string[] })["ui:order"].push(
      "respondent",
    );
    const added = filterPanelDefinition(bundle).fields.at(-1);
    expect(added).toMatchObject({
      kind: "choice",
      label: "Respondent",
      options: [{ label: "Anyone" }, { label: "The patient" }],
    });
  });

  it("checks a query in the browser with the server's messages, one per filter", () => {
    const errors = queryErrors(defaultBundle, { ...queryDefaults(defaultBundle), clinicians: [] } as never);
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toMatchObject({
      program_uuid: "Select at least one program.",
      measure: "Select at least one measure.",
      clinical_teams: "Select at least one clinician or team.",
    });
  });
});
