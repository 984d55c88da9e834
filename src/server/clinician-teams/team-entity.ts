import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { uniqueNameHooks } from "../db/named-rows.ts";
import type { EntityDefinition } from "../entities/entity-definition.ts";
import { nonZeroCounts } from "../http/count-phrases.ts";
import { HttpError } from "../http/http-error.ts";

export const TEAM_NOT_FOUND = "The clinician team does not exist.";
export const TEAM_NAME_TAKEN = "Team name already in use";

/** Counts when known; null when a foreign key caught a chart assigned since the check. */
const inUse = (counts: { patients: number; programs: number } | null) => {
  const what = counts
    ? nonZeroCounts([
        [counts.patients, "patient", "patients"],
        [counts.programs, "program", "programs"],
      ])
    : "patients";
  return new HttpError(
    400,
    `This team is assigned to ${what}. Assign them to another clinician or team before deleting it.`,
    "team_in_use",
  );
};

async function programCount(db: Kysely<Database>, teamId: number): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`select count(*) as n from program_clinician_team where team_id = ${teamId}`.execute(db);
  return Number(rows.rows[0].n);
}

/**
 * A named group of clinicians (entities/clinician-team.json). Names are unique in any case;
 * members newly added must be assignable clinicians (members already on the team may stay after
 * being deactivated: the relation's rule). A team no chart or program uses may be deleted: a
 * chart must never lose its clinicians silently.
 */
export const clinicianTeamEntity: EntityDefinition = {
  name: "clinician_team",
  schemaId: "entities/clinician-team.json",
  tableId: "tables/clinician-teams.table.json",
  notFound: TEAM_NOT_FOUND,
  computed: {
    clinician_names: sql<string[]>`coalesce((select json_agg(u.first_name || ' ' || u.last_name
        order by lower(u.last_name), lower(u.first_name), u.id)
      from clinician_team_member m join app_user u on u.id = m.user_id where m.team_id = e.id), '[]'::json)`,
    patient_count: sql<number>`(select count(*) from cca_team ct where ct.team_id = e.id)`,
  },
  tieBreak: [sql`lower(e.name)`],
  hooks: {
    ...uniqueNameHooks("clinician_team", TEAM_NAME_TAKEN),
    async beforeDelete({ db, record }) {
      const patients = Number(record.patient_count);
      const programs = await programCount(db, record.id);
      if (patients > 0 || programs > 0) throw inUse({ patients, programs });
    },
    inUse: () => inUse(null),
  },
};
