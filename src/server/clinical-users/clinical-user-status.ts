import type { Kysely } from "kysely";
import {
  applyStatusAction,
  refuseStatus as refuse,
  type StatusAction,
  setAccountStatus as setStatus,
} from "../accounts/account-status.ts";
import type { LinkMessageResult } from "../accounts/link-message.ts";
import { sendPasswordReset } from "../accounts/password-reset.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { revokeUserFamilies } from "../auth/refresh-tokens.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityJson } from "../entities/entity-definition.ts";
import { entityStore } from "../entities/entity-store.ts";
import { notFound } from "../http/http-error.ts";
import { clinicalUserEntity } from "./clinical-user-entity.ts";
import { CLINICAL_USER_MESSAGES } from "./clinical-user-rules.ts";

const { inactive, notInvited, invited, passwordReset } = ACCOUNT_STATUS;

export interface StatusChangeResult {
  user: EntityJson;
  /** Present for the actions that send an invitation: whether it went, and why not. */
  invitation?: LinkMessageResult;
}

/** Locks a clinical user's row for the rest of the transaction; 404 when there is none. */
async function lockClinicalUser(trx: Kysely<Database>, id: number): Promise<{ status: number }> {
  const row = await trx
    .selectFrom("app_user")
    .select("status")
    .where("id", "=", id)
    .where("user_type", "=", "clinical")
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(CLINICAL_USER_MESSAGES.notFound);
  return row;
}

/**
 * The account actions of spec §4 for a clinical user (accounts/account-status.ts, shared with
 * patient users), each in one transaction with its activity log entries and a history version.
 * "Deactivate disables scheduled measures": schedules belong to respondents' charts, not to
 * clinical users, so a clinician has none of their own to disable; the charts assigned to them
 * keep their schedules and stay visible to their teams and supervisors.
 */
export async function changeClinicalUserStatus(
  ctx: AppContext,
  args: { actorId: number; userId: number; action: StatusAction; channel?: "email" | "sms" },
): Promise<StatusChangeResult> {
  const { actorId, userId } = args;
  const store = entityStore(clinicalUserEntity, ctx.bundle);
  const invitation = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockClinicalUser(trx, userId);
    const result = await applyStatusAction(ctx, trx, { ...args, status: user.status });
    await store.recordHistory(trx, actorId, userId);
    return result;
  });
  const user = (await store.read(ctx.db, userId)) as EntityJson;
  return invitation ? { user, invitation } : { user };
}

/**
 * An admin's password reset for a clinical user (POST security/reset-clinical-user-password):
 * status 5 Password Reset, every session ended, 'Password reset' logged, and a reset link sent
 * to the user (accounts/password-reset.ts). Until they set a new password, through the link or
 * at their next sign-in (the sign-in of a status 5 account must change its password), they can
 * do nothing else. Only an account that has been set up (Active, or already Password Reset) has
 * a password to reset.
 */
export async function resetClinicalUserPassword(
  ctx: AppContext,
  args: { actorId: number; userId: number },
): Promise<{ user: EntityJson; message: LinkMessageResult }> {
  const { actorId, userId } = args;
  const store = entityStore(clinicalUserEntity, ctx.bundle);
  const message = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockClinicalUser(trx, userId);
    if (userId === actorId) throw refuse("Use change password for your own account.");
    if (user.status === inactive) throw refuse("This user is inactive. Activate and invite them instead.");
    if (user.status === notInvited || user.status === invited)
      throw refuse("This user has not set up their account yet. Invite them instead.");
    await setStatus(trx, userId, passwordReset);
    await revokeUserFamilies(trx, userId);
    await logActivity(trx, { userId, actorId, code: ACTIVITY.passwordReset });
    const sent = await sendPasswordReset(ctx, { userId, actorId, db: trx });
    await store.recordHistory(trx, actorId, userId);
    return sent;
  });
  return { user: (await store.read(ctx.db, userId)) as EntityJson, message };
}
