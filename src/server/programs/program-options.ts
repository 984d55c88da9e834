import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

export interface ProgramOption {
  id: number;
  uuid: string;
  name: string;
  program_status: "active" | "inactive";
  parent_id: number | null;
  group_name: string | null;
  program_type_name: string | null;
}

/**
 * Programs as pickers and the program lists name them, whole (a clinic has tens of programs, not
 * thousands): name order, each with its group and type. `where` is SQL over `p`.
 */
export async function programOptions(db: Kysely<Database>, where: RawBuilder<SqlBool>[]): Promise<ProgramOption[]> {
  const condition = where.length ? sql.join(where, sql` and `) : sql`true`;
  const rows = await sql<ProgramOption>`
    select p.id, p.uuid, p.name, p.status as program_status, p.parent_id,
      g.name as group_name, t.name as program_type_name
    from program p
    left join program_group g on g.id = p.program_group_id
    left join program_type t on t.id = p.program_type_id
    where ${condition}
    order by lower(p.name), p.id`.execute(db);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
  }));
}

/** Active programs, for admitting a patient. */
export const activeProgram = sql<SqlBool>`p.status = 'active'`;
/** Programs no other program is part of: a parent only groups its tracks. */
export const notAGroup = sql<SqlBool>`not exists (select 1 from program c where c.parent_id = p.id)`;
