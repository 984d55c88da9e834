import { describe, expect, it } from "vitest";
import { columnsForTable, tableDefaults } from "../../../src/client/renderers/table-columns.ts";
import { defaultBundle, type JsonSchema } from "../../../src/shared/schema/bundle.ts";

describe("columnsForTable", () => {
  it("reads the patients table file and the patient entity", () => {
    expect(columnsForTable(defaultBundle, "tables/patients.table.json")).toEqual([
      {
        field: "full_name",
        header: "Name",
        kind: "text",
        sortable: true,
        sortKey: "last_name",
        link: "patient",
        enumLabels: [],
      },
      { field: "mrn", header: "MRN", kind: "text", sortable: true, sortKey: "mrn", link: undefined, enumLabels: [] },
      {
        field: "active_alert_count",
        header: "Alert",
        kind: "alertCount",
        sortable: true,
        sortKey: "latest_active_alert_at",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "latest_score",
        header: "Latest score",
        kind: "scoreSummary",
        sortable: false,
        sortKey: "latest_score",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "next_due",
        header: "Next due",
        kind: "dueStatus",
        sortable: true,
        sortKey: "next_due_at",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "latest_completed_session_completed_date",
        header: "Last completed",
        kind: "datetime",
        sortable: false,
        sortKey: "latest_completed_session_completed_date",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "birth_date",
        header: "Birthdate",
        kind: "date",
        sortable: true,
        sortKey: "birth_date",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "gender",
        header: "Gender at birth",
        kind: "enum",
        sortable: true,
        sortKey: "gender",
        link: undefined,
        enumLabels: [
          { value: "m", label: "Male" },
          { value: "f", label: "Female" },
          { value: "u", label: "Unknown" },
          { value: "o", label: "Other" },
          { value: "n", label: "Nonbinary" },
        ],
      },
      {
        field: "clinician_names",
        header: "Clinicians",
        kind: "stringList",
        sortable: false,
        sortKey: "clinician_names",
        link: undefined,
        enumLabels: [],
      },
      {
        field: "clinician_team_names",
        header: "Teams",
        kind: "stringList",
        sortable: false,
        sortKey: "clinician_team_names",
        link: undefined,
        enumLabels: [],
      },
    ]);
  });

  it("picks up a column added to the table file, titled from the entity when it names no header", () => {
    const bundle = structuredClone(defaultBundle);
    const table = bundle["tables/patients.table.json"] as JsonSchema & { columns: { field: string }[] };
    table.columns.push({ field: "mobile_number" });
    const added = columnsForTable(bundle, "tables/patients.table.json").at(-1);
    expect(added).toMatchObject({ field: "mobile_number", header: "Mobile number", kind: "phone", sortable: false });
  });

  it("refuses a column that is not a field of the entity", () => {
    const bundle = structuredClone(defaultBundle);
    (bundle["tables/patients.table.json"] as JsonSchema & { columns: { field: string }[] }).columns.push({
      field: "shoe_size",
    });
    expect(() => columnsForTable(bundle, "tables/patients.table.json")).toThrow(/shoe_size/);
  });

  it("gives the table's default sort", () => {
    expect(tableDefaults(defaultBundle, "tables/patients.table.json")).toEqual({
      entityId: "entities/patient.json",
      sort: "last_name",
      order: "asc",
    });
  });
});
