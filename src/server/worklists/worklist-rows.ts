import type { Kysely } from "kysely";
import type { WorklistRow } from "../../../generated/types/api/responses/worklist-row.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { compareSessions } from "../../shared/scoring/index.ts";
import type { Database } from "../db/database-types.ts";
import { definitionVersion } from "../measures/definitions.ts";
import type { WorklistDbRow, WorklistKind } from "./worklist-query.ts";

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The relation words of a respondent: "Mother", "Patient". */
function relationLabels(bundle: SchemaBundle): Map<number, string> {
  return new Map(enumOptions(schemaById(bundle, "enums/relation.json")).map((o) => [Number(o.value), o.label]));
}

/**
 * Change since the previous session of the same measure, as the session report says it
 * (compare-sessions.ts with the definition the session was scored with, for the measure's
 * direction and its reliable-change value). Only the previous comparison is shown on a worklist.
 */
async function changeSincePrevious(
  db: Kysely<Database>,
  row: WorklistDbRow,
  definitions: Map<number, Promise<Awaited<ReturnType<typeof definitionVersion>>>>,
): Promise<WorklistRow["change"]> {
  const total = numberOrNull(row.total);
  if (!row.has_previous || total === null || row.version_id === null) return null;
  let version = definitions.get(row.version_id);
  if (!version) {
    version = definitionVersion(db, row.version_id);
    definitions.set(row.version_id, version);
  }
  const previous = numberOrNull(row.previous_total);
  const { sincePrevious } = compareSessions(
    (await version).definition,
    null,
    { scorable: previous !== null, total: previous ?? undefined },
    { scorable: true, total },
  );
  if (!sincePrevious) return null;
  const { from, to, change, direction, reliableChange } = sincePrevious;
  return { from, to, change, direction, ...(reliableChange ? { reliableChange } : {}) };
}

/** A page's rows as the worklist answers them; a due list leaves out what only results have. */
export async function worklistRows(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  kind: WorklistKind,
  rows: WorklistDbRow[],
): Promise<WorklistRow[]> {
  const relations = relationLabels(bundle);
  const definitions = new Map();
  return Promise.all(
    rows.map(async (row): Promise<WorklistRow> => {
      const relation = relations.get(row.relation_id) ?? "Respondent";
      const common: WorklistRow = {
        id: row.id,
        patientId: row.patient_id,
        ccaId: row.cca_id,
        ccauId: row.ccau_id,
        patient_name: `${row.first_name} ${row.last_name}`,
        mrn: row.mrn,
        respondent: `${row.respondent_first} ${row.respondent_last} (${relation})`,
        measure: row.measure,
        due_date: row.due_day,
      };
      if (kind === "scheduled") return { ...common, due_state: row.due_state, chart_alerts: row.chart_alerts };
      const total = numberOrNull(row.total);
      return {
        ...common,
        completed_at: iso(row.completed_at),
        score: total === null ? null : { measure: row.measure, score: total, severity: row.severity },
        change: await changeSincePrevious(db, row, definitions),
        result_alerts: row.result_alerts,
        seen: row.seen,
      };
    }),
  );
}
