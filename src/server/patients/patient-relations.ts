import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { assignableRoles, DEACTIVATED_STATUS } from "./assignable-roles.ts";

/**
 * The relation tables an entity field may name with x-relation: the chart's assigned clinicians
 * and clinician teams (the chart's access_control_id rows). Each is keyed by cca_id; a field's
 * value is the list of ids in idColumn.
 */
interface RelationSpec {
  table: "cca_clinician" | "cca_team";
  idColumn: string;
  /** The message for a field naming an id that cannot be assigned. */
  invalidMessage: string;
  /** The readOnly field that carries the display names, and how to read them. */
  namesField: string;
  names(ccaId: Expression<unknown>): RawBuilder<string[]>;
  /** Which of `ids` exist and may be assigned to a patient. */
  assignable(db: Kysely<Database>, bundle: SchemaBundle, ids: number[]): Promise<Set<number>>;
}

const RELATIONS = {
  cca_clinician: {
    table: "cca_clinician",
    idColumn: "clinician_id",
    invalidMessage: "Clinician is not valid",
    namesField: "clinician_names",
    names: (ccaId) =>
      sql<
        string[]
      >`coalesce((select json_agg(u.first_name || ' ' || u.last_name order by lower(u.last_name), lower(u.first_name), u.id)
        from cca_clinician rc join app_user u on u.id = rc.clinician_id where rc.cca_id = ${ccaId}), '[]'::json)`,
    async assignable(db, bundle, ids) {
      const rows = await db
        .selectFrom("app_user as u")
        .select("u.id")
        .where("u.id", "in", ids)
        .where("u.user_type", "=", "clinical")
        .where("u.status", "<>", DEACTIVATED_STATUS)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("user_role as r")
              .select("r.role")
              .whereRef("r.user_id", "=", "u.id")
              .where("r.role", "in", assignableRoles(bundle)),
          ),
        )
        .execute();
      return new Set(rows.map((r) => r.id));
    },
  },
  cca_team: {
    table: "cca_team",
    idColumn: "team_id",
    invalidMessage: "Clinician team is not valid",
    namesField: "clinician_team_names",
    names: (ccaId) =>
      sql<string[]>`coalesce((select json_agg(t.name order by lower(t.name), t.id)
        from cca_team rt join clinician_team t on t.id = rt.team_id where rt.cca_id = ${ccaId}), '[]'::json)`,
    async assignable(db, _bundle, ids) {
      const rows = await db.selectFrom("clinician_team").select("id").where("id", "in", ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  },
} satisfies Record<string, RelationSpec>;

export type PatientRelationName = keyof typeof RELATIONS;

export function isPatientRelation(name: string): name is PatientRelationName {
  return Object.hasOwn(RELATIONS, name);
}

export function relationSpec(name: PatientRelationName): RelationSpec {
  return RELATIONS[name];
}

/** The ids a chart holds in a relation, ascending, as a JSON array (always an array). */
export function relationIds(name: PatientRelationName, ccaId: Expression<unknown>): RawBuilder<number[]> {
  const { table, idColumn } = RELATIONS[name];
  const id = sql.ref(`r.${idColumn}`);
  return sql<
    number[]
  >`coalesce((select json_agg(${id} order by ${id}) from ${sql.table(table)} r where r.cca_id = ${ccaId}), '[]'::json)`;
}

/** Replaces a chart's rows in a relation by exactly `ids`. */
export async function replaceRelation(
  db: Kysely<Database>,
  name: PatientRelationName,
  ccaId: number,
  ids: readonly number[],
): Promise<void> {
  const { table, idColumn } = RELATIONS[name];
  await sql`delete from ${sql.table(table)} where cca_id = ${ccaId}`.execute(db);
  if (ids.length === 0) return;
  const rows = sql.join(ids.map((id) => sql`(${ccaId}, ${id})`));
  await sql`insert into ${sql.table(table)} (cca_id, ${sql.ref(idColumn)}) values ${rows}`.execute(db);
}
