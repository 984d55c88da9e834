import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { newAccountRow } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { PHONE, setPrimaryContact } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { isForeignKeyViolation, isUniqueViolation, onForeignKeyViolation } from "../db/pg-errors.ts";
import { recordDeletion, recordVersion } from "../history/record-history.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { type ClinicalUserJson, loadClinicalUser } from "./clinical-user-read.ts";
import {
  type ClinicalUserBody,
  type ClinicalUserChanges,
  checkClinicalUser,
  CLINICAL_USER_MESSAGES as M,
  shapeChanges,
} from "./clinical-user-rules.ts";

const PROVIDER_INDEX = "app_user_provider_id_key";

export const CANNOT_DELETE =
  "This user has a history in the app and cannot be deleted. Deactivate the account instead.";

/** The user's record as history keeps it: the API shape, so a version reads like the screen. */
export function recordClinicalUserHistory(
  db: Kysely<Database>,
  userId: number,
  actorId: number,
): Promise<ClinicalUserJson> {
  return recordVersion(db, { entity: "clinical_user", entityId: userId, changedBy: actorId }, () =>
    loadClinicalUser(db, userId),
  );
}

async function replaceLinks(
  trx: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  changes: ClinicalUserChanges,
): Promise<void> {
  await trx.deleteFrom("user_role").where("user_id", "=", userId).execute();
  await trx
    .insertInto("user_role")
    .values(changes.roles.map((role) => ({ user_id: userId, role })))
    .execute();
  await trx.deleteFrom("user_location").where("user_id", "=", userId).execute();
  await trx
    .insertInto("user_location")
    .values(changes.locations.map((location_id) => ({ user_id: userId, location_id })))
    .execute();
  await trx.deleteFrom("supervision").where("clinician_id", "=", userId).execute();
  if (changes.superiors.length)
    await trx
      .insertInto("supervision")
      .values(changes.superiors.map((supervisor_id) => ({ supervisor_id, clinician_id: userId })))
      .execute();
  await trx.deleteFrom("supervision").where("supervisor_id", "=", userId).execute();
  if (changes.subordinates.length)
    await trx
      .insertInto("supervision")
      .values(changes.subordinates.map((clinician_id) => ({ supervisor_id: userId, clinician_id })))
      .execute();
  // Clinical users always count as having notifications on (spec §6), so the number is enabled.
  await setPrimaryContact(trx, bundle, userId, PHONE, changes.mobile_number, true, { field: "mobile_number" });
}

/** Runs a save; races the checks cannot see (a provider id just taken, a location just deleted) become field errors. */
async function withRaces<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err, PROVIDER_INDEX)) {
      throw new HttpError(400, M.providerIdInUseSentence, "validation", [
        { field: "provider_id", message: M.providerIdInUse },
      ]);
    }
    if (isForeignKeyViolation(err)) throw badRequest([{ field: "locations", message: M.locationNotValid }]);
    throw err;
  }
}

function rejectIfAny(errors: { field: string; message: string }[]): void {
  if (errors.length === 0) return;
  const providerTaken = errors.find((e) => e.field === "provider_id" && e.message === M.providerIdInUse);
  // The sentence of spec §5 for the toast when the provider id is the problem; the field errors say the rest.
  throw new HttpError(400, providerTaken ? M.providerIdInUseSentence : errors[0].message, "validation", errors);
}

/** Adds a clinical user: Not Invited, no username or password until they accept an invitation. */
export async function createClinicalUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  body: ClinicalUserBody,
): Promise<ClinicalUserJson> {
  const changes = shapeChanges(body);
  return withRaces(() =>
    db.transaction().execute(async (trx) => {
      rejectIfAny(await checkClinicalUser(trx, bundle, { actorId, selfId: null, currentRoles: [], changes }));
      const { id } = await trx
        .insertInto("app_user")
        .values(
          newAccountRow({
            user_type: "clinical",
            status: ACCOUNT_STATUS.notInvited,
            first_name: changes.first_name,
            last_name: changes.last_name,
            email: changes.email,
            provider_id: changes.provider_id,
          }),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      await replaceLinks(trx, bundle, id, changes);
      await logActivity(trx, { userId: id, actorId, code: ACTIVITY.accountCreated });
      return recordClinicalUserHistory(trx, id, actorId);
    }),
  );
}

/** Locks a clinical user's row for the rest of the transaction; 404 when there is none. */
export async function lockClinicalUser(
  trx: Kysely<Database>,
  id: number,
): Promise<{ id: number; status: number; roles: string[] }> {
  const row = await trx
    .selectFrom("app_user")
    .select(["id", "status"])
    .where("id", "=", id)
    .where("user_type", "=", "clinical")
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  const roles = await trx.selectFrom("user_role").select("role").where("user_id", "=", id).execute();
  return { ...row, roles: roles.map((r) => r.role) };
}

/** Saves an edited clinical user. The body states the whole record (PUT replaces). */
export async function updateClinicalUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  id: number,
  body: ClinicalUserBody,
): Promise<ClinicalUserJson> {
  const changes = shapeChanges(body);
  return withRaces(() =>
    db.transaction().execute(async (trx) => {
      const current = await lockClinicalUser(trx, id);
      rejectIfAny(await checkClinicalUser(trx, bundle, { actorId, selfId: id, currentRoles: current.roles, changes }));
      await trx
        .updateTable("app_user")
        .set({
          first_name: changes.first_name,
          last_name: changes.last_name,
          email: changes.email,
          provider_id: changes.provider_id,
          updated_at: sql<Date>`now()`,
        })
        .where("id", "=", id)
        .execute();
      await replaceLinks(trx, bundle, id, changes);
      return recordClinicalUserHistory(trx, id, actorId);
    }),
  );
}

/**
 * Deletes a clinical user added by mistake: only a Not Invited account whose log holds nothing
 * but its creation, and that no chart, program or clinical record names. Anyone else has a
 * history a clinic must keep, so the answer is to deactivate them.
 */
export async function deleteClinicalUser(db: Kysely<Database>, actorId: number, id: number): Promise<void> {
  // Charts, programs, appointments and records that name the user keep it: the foreign keys say so.
  await onForeignKeyViolation(
    () => new HttpError(400, CANNOT_DELETE, "conflict"),
    () =>
      db.transaction().execute(async (trx) => {
        const current = await lockClinicalUser(trx, id);
        if (id === actorId) throw new HttpError(400, "You cannot delete your own account.", "conflict");
        const history = await trx
          .selectFrom("activity_log")
          .select("id")
          .where((eb) => eb.or([eb("user_id", "=", id), eb("actor_id", "=", id)]))
          .where((eb) => eb.or([eb("code", "<>", ACTIVITY.accountCreated), eb("actor_id", "=", id)]))
          .executeTakeFirst();
        if (current.status !== ACCOUNT_STATUS.notInvited || history)
          throw new HttpError(400, CANNOT_DELETE, "conflict");
        const user = await loadClinicalUser(trx, id);
        await trx.deleteFrom("app_user").where("id", "=", id).execute();
        await recordDeletion(trx, { entity: "clinical_user", entityId: id, changedBy: actorId }, user);
      }),
  );
}
