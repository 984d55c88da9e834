import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { assignableRoles, DEACTIVATED_STATUS } from "../patients/assignable-roles.ts";

/**
 * A field stored as rows of a join table, declared in the entity schema:
 *   "x-relation": { "table": "cca_team", "owner": "cca_id", "target": "team_id", "of": "team" }
 * `owner` holds the entity's key (its id, or its chart's id for patients), `target` each listed id,
 * and `of` names what the ids are, which says which ids may be linked (TARGETS below). The value
 * of the field is the list of target ids, ascending.
 */
export interface RelationSpec {
  table: string;
  ownerColumn: string;
  idColumn: string;
  of: RelationTargetName;
  /** The field error for an id that may not be linked (the target's sentence). */
  invalidMessage: string;
}

interface RelationTarget {
  invalidMessage: string;
  /** Which of `ids` exist and may be linked. */
  linkable(db: Kysely<Database>, bundle: SchemaBundle, ids: number[]): Promise<Set<number>>;
}

async function idsIn(db: Kysely<Database>, table: "clinician_team" | "location", ids: number[]) {
  const rows = await db.selectFrom(table).select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** What a relation may point at. A new kind of relation target is one entry here. */
const TARGETS = {
  /** Clinical users a patient (or a team) can be assigned to: not deactivated, holding an assignable role. */
  clinician: {
    invalidMessage: "Clinician is not valid",
    async linkable(db, bundle, ids) {
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
  team: {
    invalidMessage: "Clinician team is not valid",
    linkable: (db, _bundle, ids) => idsIn(db, "clinician_team", ids),
  },
  location: { invalidMessage: "Location is not valid", linkable: (db, _bundle, ids) => idsIn(db, "location", ids) },
  /** Ids the entity's own check hook judges (its rules need sentences of their own, e.g. supervision). */
  checkedByHook: { invalidMessage: "", linkable: async (_db, _bundle, ids) => new Set(ids) },
} satisfies Record<string, RelationTarget>;

export type RelationTargetName = keyof typeof TARGETS;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Reads and checks a field's x-relation note; a typo fails at start, not on the first save. */
export function relationFromSchema(schemaId: string, field: string, note: unknown): RelationSpec {
  const n = (note ?? {}) as Record<string, unknown>;
  const where = `${schemaId}: ${field}.x-relation`;
  for (const key of ["table", "owner", "target"]) {
    if (typeof n[key] !== "string" || !IDENTIFIER.test(n[key] as string))
      throw new Error(`${where}.${key} must name a table or column`);
  }
  if (typeof n.of !== "string" || !Object.hasOwn(TARGETS, n.of))
    throw new Error(`${where}.of must be one of ${Object.keys(TARGETS).join(", ")}`);
  const of = n.of as RelationTargetName;
  return {
    table: n.table as string,
    ownerColumn: n.owner as string,
    idColumn: n.target as string,
    of,
    invalidMessage: TARGETS[of].invalidMessage,
  };
}

/** Which of `ids` may be linked through `spec`. */
export function linkableIds(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  of: RelationTargetName,
  ids: number[],
): Promise<Set<number>> {
  return TARGETS[of].linkable(db, bundle, ids);
}

/** The ids an owner holds in a relation, ascending, as a JSON array (always an array). */
export function relationIds(spec: RelationSpec, owner: Expression<unknown>): RawBuilder<number[]> {
  const id = sql.ref(`r.${spec.idColumn}`);
  return sql<number[]>`coalesce((select json_agg(${id} order by ${id}) from ${sql.table(spec.table)} r
    where ${sql.ref(`r.${spec.ownerColumn}`)} = ${owner}), '[]'::json)`;
}

/** Replaces an owner's rows in a relation by exactly `ids`. */
export async function replaceRelation(
  db: Kysely<Database>,
  spec: RelationSpec,
  owner: number,
  ids: readonly number[],
): Promise<void> {
  const table = sql.table(spec.table);
  const ownerColumn = sql.ref(spec.ownerColumn);
  await sql`delete from ${table} where ${ownerColumn} = ${owner}`.execute(db);
  if (ids.length === 0) return;
  const rows = sql.join([...new Set(ids)].map((id) => sql`(${owner}, ${id})`));
  await sql`insert into ${table} (${ownerColumn}, ${sql.ref(spec.idColumn)}) values ${rows}`.execute(db);
}
