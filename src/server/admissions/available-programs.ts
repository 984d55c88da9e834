import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/**
 * The programs a chart can be admitted to, for the chart's "Add to program" dialog: active
 * programs that are not a group of other programs (a parent only groups its tracks) and that
 * the chart is not in now (a finally discharged patient may be admitted again), by name.
 * Every such program of the clinic, whoever is on it: admitting is a chart change
 * (patients.write), and a clinician may refer a patient into another team's program.
 */
export async function availablePrograms(db: Kysely<Database>, ccaId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom("program as p")
    .select(["p.id", "p.name"])
    .where("p.status", "=", "active")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("program as c").select("c.id").whereRef("c.parent_id", "=", "p.id"))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("access_control_program as acp")
            .select("acp.id")
            .whereRef("acp.program_id", "=", "p.id")
            .where("acp.cca_id", "=", ccaId)
            .where((eb) => eb.or([eb("acp.discharge_status", "is", null), eb("acp.discharge_status", "<>", "final")])),
        ),
      ),
    )
    .orderBy((eb) => eb.fn("lower", ["p.name"]))
    .orderBy("p.id")
    .execute();
}
