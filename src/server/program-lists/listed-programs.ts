import { type Kysely, sql } from "kysely";
import type { ListedProgram } from "../../../generated/types/api/responses/listed-program.ts";
import type { ProgramListTab } from "../../../generated/types/enums/program-list-tab.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { programOf, programVisible } from "../programs/program-visibility.ts";

/**
 * The programs of the my-programs list and Home's Programs tab (spec §2, §4 Program lists), whole
 * (a clinic has tens of programs) and newest first, so a program just added is at the top:
 * - my: the programs the caller is on, directly or through one of their teams;
 * - all: every program the caller may see (program-visibility.ts).
 * Inactive programs are listed too: the patients still in them are still in care.
 */
export async function listedPrograms(
  db: Kysely<Database>,
  user: RequestUser,
  tab: ProgramListTab,
): Promise<ListedProgram[]> {
  const condition = tab === "my" ? programOf(sql.val(user.id), sql.ref("p.id")) : programVisible(user, "p.id");
  const rows = await db
    .selectFrom("program as p")
    .select(["p.id", "p.uuid", "p.name", "p.description", "p.status as program_status", "p.created_at"])
    .where(condition)
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
}
