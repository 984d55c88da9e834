import { describe, expect, it } from "vitest";
import { columnsForTable, shownColumns, tableDefaults } from "../../../src/client/renderers/table-columns.ts";
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
        hidden: false,
      },
      {
        field: "mrn",
        header: "MRN",
        kind: "text",
        sortable: true,
        sortKey: "mrn",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "active_alert_count",
        header: "Alert",
        kind: "alertCount",
        sortable: true,
        sortKey: "latest_active_alert_at",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "latest_score",
        header: "Latest score",
        kind: "scoreSummary",
        sortable: false,
        sortKey: "latest_score",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "next_due",
        header: "Next due",
        kind: "dueStatus",
        sortable: true,
        sortKey: "next_due_at",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "latest_completed_session_completed_date",
        header: "Last completed",
        kind: "datetime",
        sortable: false,
        sortKey: "latest_completed_session_completed_date",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "birth_date",
        header: "Birthdate",
        kind: "date",
        sortable: true,
        sortKey: "birth_date",
        link: undefined,
        enumLabels: [],
        hidden: false,
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
        hidden: false,
      },
      {
        field: "clinician_names",
        header: "Clinicians",
        kind: "stringList",
        sortable: false,
        sortKey: "clinician_names",
        link: undefined,
        enumLabels: [],
        hidden: false,
      },
      {
        field: "clinician_team_names",
        header: "Teams",
        kind: "stringList",
        sortable: false,
        sortKey: "clinician_team_names",
        link: undefined,
        enumLabels: [],
        hidden: false,
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

  it("keeps hidden columns for a column chooser, and shows the picked ones in the order picked", () => {
    const all = columnsForTable(defaultBundle, "tables/outcome-records.table.json");
    const shown = shownColumns(all);
    expect(shown.map((c) => c.field)).not.toContain("gender");
    expect(all.find((c) => c.field === "gender")).toMatchObject({ hidden: true, header: "Gender at birth" });
    const picked = shownColumns(all, [
      { field: "gender", header: "ignored: the table file's header wins" },
      { field: "mrn", header: "MRN" },
      { field: "item_q1", header: "Item 1" },
    ]);
    expect(picked.map((c) => [c.field, c.header, c.kind])).toEqual([
      ["gender", "Gender at birth", "text"],
      ["mrn", "MRN", "text"],
      ["item_q1", "Item 1", "text"],
    ]);
  });

  it("gives the table's default sort", () => {
    expect(tableDefaults(defaultBundle, "tables/patients.table.json")).toEqual({
      entityId: "entities/patient.json",
      sort: "last_name",
      order: "asc",
    });
  });
});
