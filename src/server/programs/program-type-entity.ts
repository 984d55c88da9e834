import { sql } from "kysely";
import { uniqueNameHooks } from "../db/named-rows.ts";
import type { EntityDefinition } from "../entities/entity-definition.ts";

export const PROGRAM_TYPE_NOT_FOUND = "The program type does not exist.";
export const PROGRAM_TYPE_NAME_TAKEN = "Type name already in use";

/** A kind of program (entities/program-type.json): what a program's type is picked from; names unique in any case. */
export const programTypeEntity: EntityDefinition = {
  name: "program_type",
  schemaId: "entities/program-type.json",
  tableId: "tables/program-types.table.json",
  notFound: PROGRAM_TYPE_NOT_FOUND,
  computed: {
    program_count: sql<number>`(select count(*) from program p where p.program_type_id = e.id)`,
  },
  tieBreak: [sql`lower(e.name)`],
  hooks: uniqueNameHooks("program_type", PROGRAM_TYPE_NAME_TAKEN),
};
