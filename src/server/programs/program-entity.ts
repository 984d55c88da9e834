import { type Kysely, sql } from "kysely";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { Database } from "../db/database-types.ts";
import { rowNamedLike, uniqueNameHooks } from "../db/named-rows.ts";
import type { EntityDefinition, SaveContext } from "../entities/entity-definition.ts";
import { programVisible } from "./program-visibility.ts";

export const PROGRAM_NOT_FOUND = "The program does not exist.";
export const PROGRAM_NAME_TAKEN = "Program name already in use";
export const PROGRAM_TYPE_INVALID = "Program type is not valid";
export const LOCATION_INVALID = "Location is not valid";
export const PARENT_INVALID = "Parent program is not valid";
export const PARENT_LOOP = "A program cannot be part of itself or of a program that is part of it";

const names = (inner: ReturnType<typeof sql>) => sql<string[]>`coalesce((${inner}), '[]'::json)`;

/** "12 weeks", "10 days", "1 week": a length in days that is a whole number of weeks reads in weeks (spec §5). */
const lengthLabel = sql<string | null>`case
    when e.length is null then null
    when e.length_type = 'weeks' or e.length % 7 = 0 then
      (case when e.length_type = 'weeks' then e.length else e.length / 7 end)::text
      || case when (case when e.length_type = 'weeks' then e.length else e.length / 7 end) = 1 then ' week' else ' weeks' end
    else e.length::text || case when e.length = 1 then ' day' else ' days' end
  end`;

/** Whether making `parentId` the parent of `id` would put the program inside itself. */
async function makesLoop(db: Kysely<Database>, id: number, parentId: number): Promise<boolean> {
  const found = await sql<{ id: number }>`
    with recursive up(id, parent_id) as (
      select id, parent_id from program where id = ${parentId}
      union
      select p.id, p.parent_id from program p join up on p.id = up.parent_id
    )
    select id from up where id = ${id} limit 1`.execute(db);
  return found.rows.length > 0;
}

async function checkProgram(ctx: SaveContext): Promise<FieldError[]> {
  const { db, id, values } = ctx;
  const errors: FieldError[] = [];
  if ((await rowNamedLike(db, "program", String(values.columns.name), id)) !== null) {
    errors.push({ field: "name", message: PROGRAM_NAME_TAKEN });
  }
  const typeId = values.columns.program_type_id as number | null;
  if (
    typeId !== null &&
    !(await db.selectFrom("program_type").select("id").where("id", "=", typeId).executeTakeFirst())
  ) {
    errors.push({ field: "program_type_id", message: PROGRAM_TYPE_INVALID });
  }
  const locationId = values.columns.location_id as number | null;
  if (
    locationId !== null &&
    locationId !== undefined &&
    !(await db.selectFrom("location").select("id").where("id", "=", locationId).executeTakeFirst())
  ) {
    errors.push({ field: "location_id", message: LOCATION_INVALID });
  }
  const parentId = values.columns.parent_id as number | null;
  if (parentId !== null) {
    const parent = await db.selectFrom("program").select("id").where("id", "=", parentId).executeTakeFirst();
    if (!parent) errors.push({ field: "parent_id", message: PARENT_INVALID });
    else if (parentId === id || (id !== null && (await makesLoop(db, id, parentId)))) {
      errors.push({ field: "parent_id", message: PARENT_LOOP });
    }
  }
  return errors;
}

/** The group named by the form (any case finds an existing one; a new name starts a group). */
async function groupIdFor(db: Kysely<Database>, name: unknown): Promise<number | null> {
  if (typeof name !== "string" || name === "") return null;
  await db
    .insertInto("program_group")
    .values({ name })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const row = await db
    .selectFrom("program_group")
    .select("id")
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A program (entities/program.json): unique name in any case, an existing type, a parent that
 * does not put it inside itself, and its group found or started by name. A caller sees the
 * programs program-visibility.ts allows; programs are never deleted (their episodes are the
 * clinic's outcomes): they are made inactive.
 */
export const programEntity: EntityDefinition = {
  name: "program",
  schemaId: "entities/program.json",
  tableId: "tables/programs.table.json",
  notFound: PROGRAM_NOT_FOUND,
  computed: {
    group_name: sql<string | null>`(select g.name from program_group g where g.id = e.program_group_id)`,
    program_type_name: sql<string | null>`(select t.name from program_type t where t.id = e.program_type_id)`,
    parent_name: sql<string | null>`(select pp.name from program pp where pp.id = e.parent_id)`,
    location_name: sql<string | null>`(select l.name from location l where l.id = e.location_id)`,
    length_label: lengthLabel,
    clinician_names: names(sql`select json_agg(u.first_name || ' ' || u.last_name
        order by lower(u.last_name), lower(u.first_name), u.id)
      from program_clinician pc join app_user u on u.id = pc.clinician_id where pc.program_id = e.id`),
    team_names: names(sql`select json_agg(t.name order by lower(t.name), t.id)
      from program_clinician_team pt join clinician_team t on t.id = pt.team_id where pt.program_id = e.id`),
    measure_count: sql<number>`(select count(*) from program_measure pm where pm.program_id = e.id)`,
  },
  visibleTo: (user) => programVisible(user, "e.id"),
  tieBreak: [sql`lower(e.name)`],
  hooks: {
    unique: uniqueNameHooks("program", PROGRAM_NAME_TAKEN).unique,
    check: checkProgram,
    async beforeWrite({ db, values }) {
      values.columns.program_group_id = await groupIdFor(db, values.body.group_name);
    },
  },
};
