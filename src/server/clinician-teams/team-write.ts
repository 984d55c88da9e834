import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { rowNamedLike } from "../db/named-rows.ts";
import { onForeignKeyViolation, onUniqueViolation } from "../db/pg-errors.ts";
import { recordDeletion, recordVersion } from "../history/record-history.ts";
import { nonZeroCounts } from "../http/count-phrases.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { relationSpec } from "../patients/patient-relations.ts";
import { loadTeam, type TeamJson } from "./team-read.ts";

export const TEAM_NOT_FOUND = "The clinician team does not exist.";
export const TEAM_NAME_TAKEN = "Team name already in use";
const NAME_INDEX = "clinician_team_name_key";

export interface TeamBody {
  name: string;
  clinicians?: number[];
}

const nameTaken = () => badRequest([{ field: "name", message: TEAM_NAME_TAKEN }]);

/**
 * Name free, and every newly added member someone a patient can be assigned to (the same rule as
 * the patient form's clinicians). Members already on the team may stay after being deactivated.
 */
async function check(
  trx: Kysely<Database>,
  bundle: SchemaBundle,
  body: TeamBody,
  selfId: number | null,
  currentMembers: number[],
): Promise<void> {
  const errors = [];
  if ((await rowNamedLike(trx, "clinician_team", body.name, selfId)) !== null)
    errors.push({ field: "name", message: TEAM_NAME_TAKEN });
  const added = (body.clinicians ?? []).filter((id) => !currentMembers.includes(id));
  if (added.length) {
    const spec = relationSpec("cca_clinician");
    const valid = await spec.assignable(trx, bundle, added);
    if (added.some((id) => !valid.has(id))) errors.push({ field: "clinicians", message: spec.invalidMessage });
  }
  if (errors.length) throw badRequest(errors);
}

async function replaceMembers(trx: Kysely<Database>, teamId: number, members: number[]): Promise<void> {
  await trx.deleteFrom("clinician_team_member").where("team_id", "=", teamId).execute();
  if (members.length)
    await trx
      .insertInto("clinician_team_member")
      .values([...new Set(members)].map((user_id) => ({ team_id: teamId, user_id })))
      .execute();
}

function finish(trx: Kysely<Database>, id: number, actorId: number): Promise<TeamJson> {
  return recordVersion(trx, { entity: "clinician_team", entityId: id, changedBy: actorId }, () => loadTeam(trx, id));
}

export async function createTeam(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  body: TeamBody,
): Promise<TeamJson> {
  return onUniqueViolation(NAME_INDEX, nameTaken, () =>
    db.transaction().execute(async (trx) => {
      await check(trx, bundle, body, null, []);
      const { id } = await trx
        .insertInto("clinician_team")
        .values({ name: body.name })
        .returning("id")
        .executeTakeFirstOrThrow();
      await replaceMembers(trx, id, body.clinicians ?? []);
      return finish(trx, id, actorId);
    }),
  );
}

/** Saves an edited team; the body states the whole team (members left out are removed). */
export async function updateTeam(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  id: number,
  body: TeamBody,
): Promise<TeamJson> {
  return onUniqueViolation(NAME_INDEX, nameTaken, () =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("clinician_team")
        .select("id")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(TEAM_NOT_FOUND);
      const members = await trx
        .selectFrom("clinician_team_member")
        .select("user_id")
        .where("team_id", "=", id)
        .execute();
      await check(
        trx,
        bundle,
        body,
        id,
        members.map((m) => m.user_id),
      );
      await trx.updateTable("clinician_team").set({ name: body.name }).where("id", "=", id).execute();
      await replaceMembers(trx, id, body.clinicians ?? []);
      return finish(trx, id, actorId);
    }),
  );
}

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

/** Deletes a team no chart or program is assigned to: a chart must never lose its clinicians silently. */
export async function deleteTeam(db: Kysely<Database>, actorId: number, id: number): Promise<void> {
  // A chart given this team between the check and the delete still holds it: the foreign key says so.
  await onForeignKeyViolation(
    () => inUse(null),
    () =>
      db.transaction().execute(async (trx) => {
        const team = await loadTeam(trx, id);
        if (!team) throw notFound(TEAM_NOT_FOUND);
        const programs = await sql<{ n: number }>`select count(*) as n from program_team where team_id = ${id}`.execute(
          trx,
        );
        const programCount = Number(programs.rows[0].n);
        if (team.patient_count > 0 || programCount > 0)
          throw inUse({ patients: team.patient_count, programs: programCount });
        await trx.deleteFrom("clinician_team").where("id", "=", id).execute();
        await recordDeletion(trx, { entity: "clinician_team", entityId: id, changedBy: actorId }, team);
      }),
  );
}
