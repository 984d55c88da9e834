import { defaultBundle, type SchemaBundle } from "../../../shared/schema/bundle.ts";
import { type ColumnDescriptor, columnsForTable } from "../../renderers/table-columns.ts";

export const TEAM_TABLE_ID = "tables/chart-team.table.json";

/** The fields a team card shows in its own places; every other column of the table file is a detail. */
const PLACED = {
  /** The card's heading. */
  title: "full_name",
  /** Shown beside the name. */
  badge: "relation",
  /** Shown as warnings under the details (spec §6: invitations and reminders will not be sent). */
  alerts: "warnings",
} as const;

export interface TeamCardLayout {
  title: string;
  badge: string;
  alerts: string;
  /** The remaining columns of tables/chart-team.table.json, in its order. */
  details: ColumnDescriptor[];
}

/**
 * How a team member's card lays out the chart-team table file: the columns stay the schema's
 * (a column added there shows on every card), only three have a place of their own.
 */
export function teamCardLayout(bundle: SchemaBundle = defaultBundle): TeamCardLayout {
  const placed = new Set<string>(Object.values(PLACED));
  return { ...PLACED, details: columnsForTable(bundle, TEAM_TABLE_ID).filter((c) => !placed.has(c.field)) };
}
