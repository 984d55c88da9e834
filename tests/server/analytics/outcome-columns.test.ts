import { describe, expect, it } from "vitest";
import { outcomeColumns } from "../../../src/server/analytics/outcome-columns.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

describe("outcome record fields", () => {
  const fields = Object.keys(schemaById(defaultBundle, "entities/outcome-record.json").properties ?? {}).sort();

  it("each has its SQL, and no SQL answers a field the schema does not describe", () => {
    expect(Object.keys(outcomeColumns("UTC")).sort()).toEqual(fields);
  });

  it("each is a column of the records table, shown or offered by the column chooser", () => {
    const table = schemaById(defaultBundle, "tables/outcome-records.table.json").columns as unknown as {
      field: string;
    }[];
    expect(table.map((c) => c.field).sort()).toEqual(fields);
  });
});
