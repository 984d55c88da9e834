import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import { isOpen } from "./availability.ts";

/**
 * The sessions (client measures) a chart view lists, withdrawn ones left out: state, dates, total
 * score, the measure they are of, and whether each can be answered now in the clinic's zone. The
 * chart overview and the sessions due on a day add their own filters and order.
 */
export function sessionRows(db: Kysely<Database>, zone: string) {
  return db
    .selectFrom("client_measure as cm")
    .innerJoin("measure as m", "m.id", "cm.measure_id")
    .leftJoin("measure_score as ms", (j) =>
      j.onRef("ms.client_measure_id", "=", "cm.id").on("ms.score_type", "=", "total_score"),
    )
    .select([
      "cm.id",
      "cm.ccau_id",
      "cm.status",
      "cm.due_date",
      "cm.completed_at",
      "cm.severity",
      "ms.value as total",
      "m.id as measure_pk",
      "m.uuid",
      "m.definition_id",
      "m.abbreviation",
      "m.short_name",
      "m.name",
      "m.scorable",
      isOpen(zone).as("open"),
    ])
    .where("cm.status", "<>", "disabled");
}
