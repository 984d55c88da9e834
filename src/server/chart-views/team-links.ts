import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";

export interface TeamLink {
  ccauId: number;
  name: string;
  relationId: number;
}

/** The live respondent links of a chart, the patient's own first, then in the order they joined. */
export function teamLinks(db: Kysely<Database>, ccaId: number): Promise<TeamLink[]> {
  return db
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .select([
      "cu.id as ccauId",
      "cu.relation_id as relationId",
      sql<string>`u.first_name || ' ' || u.last_name`.as("name"),
    ])
    .where("cu.cca_id", "=", ccaId)
    .where("cu.deleted_at", "is", null)
    .orderBy(sql`cu.relation_id = ${SELF_RELATION}`, "desc")
    .orderBy("cu.id")
    .execute();
}
