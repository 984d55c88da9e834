import { type Kysely, sql } from "kysely";
import type { PatientUserStatusChange } from "../../../generated/types/api/patient-user-status-change.ts";
import { ACCOUNT_NOT_VISIBLE, manageableAccount } from "../accounts/account-access.ts";
import { applyStatusAction, refuseStatus } from "../accounts/account-status.ts";
import { activeWithoutSignIn, cancelInvitations, inviteUser } from "../accounts/invite-user.ts";
import type { LinkMessageResult } from "../accounts/link-message.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityJson } from "../entities/entity-definition.ts";
import { entityStore } from "../entities/entity-store.ts";
import { notFound } from "../http/http-error.ts";
import { type DisabledMeasures, disableOpenMeasures } from "../respondents/link-measures.ts";
import { patientUserEntity } from "./patient-user-entity.ts";

export type PatientUserStatusAction = PatientUserStatusChange["action"];

export interface PatientUserStatusResult {
  user: EntityJson;
  /** Present for the actions that send an invitation: whether it went, and why not. */
  invitation?: LinkMessageResult;
  /** Present after deactivate: how many schedules and open sessions were disabled. */
  disabled?: DisabledMeasures;
}

export const SELF_SIGN_IN_REFUSALS = {
  inactive: "This user is inactive. Activate and invite them instead.",
  signsIn: "This user already signs in with their own username and password.",
} as const;

interface LockedAccount {
  status: number;
  username: string | null;
}

async function lockAccount(trx: Kysely<Database>, userId: number): Promise<LockedAccount> {
  return trx
    .selectFrom("app_user")
    .select(["status", "username"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The account's live links (on every chart, seen by the caller or not): deactivation is account-wide. */
async function liveLinks(trx: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom("cca_user")
    .select("id")
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .execute();
  return rows.map((r) => r.id);
}

async function hasOpenSetupLink(trx: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("one_time_token")
    .select("id")
    .where("user_id", "=", userId)
    .where("purpose", "=", "account_setup")
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Invite to self sign-in (spec §4; our reading in docs/decisions.md "Account lifecycle"): the
 * respondent gets an account-setup link to choose their own username and password. From Not
 * Invited or Invited it is an invitation like any other (status Invited); from an Active account
 * that has never had a username (access codes, a clinic device) the account stays Active, so it
 * can go on answering until the link is used. Refused, changing nothing, when it cannot be sent.
 */
async function inviteToSelfSignIn(
  ctx: AppContext,
  trx: Kysely<Database>,
  args: { actorId: number; userId: number; account: LockedAccount; channel?: "email" | "sms" },
): Promise<LinkMessageResult> {
  const { status } = args.account;
  if (status === ACCOUNT_STATUS.inactive) throw refuseStatus(SELF_SIGN_IN_REFUSALS.inactive);
  const invitable =
    status === ACCOUNT_STATUS.notInvited || status === ACCOUNT_STATUS.invited || activeWithoutSignIn(args.account);
  if (!invitable) throw refuseStatus(SELF_SIGN_IN_REFUSALS.signsIn);
  const result = await inviteUser(ctx, {
    userId: args.userId,
    actorId: args.actorId,
    channel: args.channel,
    db: trx,
    selfSignIn: true,
  });
  if (!result.sent) throw refuseStatus(result.reason ?? "The invitation could not be sent.");
  return result;
}

/**
 * The account actions of spec §4 for a patient user (respondent), for a caller who manages the
 * account (accounts/account-access.ts: settings.staff, or patients.write with a visible chart of
 * the person; anything else, and a clinical user's id, is 404). invite, invite again, cancel
 * invite, deactivate and activate and invite follow the table shared with clinical users
 * (accounts/account-status.ts). Deactivating a respondent also disables every enabled schedule
 * and every session not yet submitted on all the account's live chart links; submitted results,
 * their scores and alerts stay. Each action runs in one transaction with its activity entries.
 */
export async function changePatientUserStatus(
  ctx: AppContext,
  caller: RequestUser,
  args: { userId: number; action: PatientUserStatusAction; channel?: "email" | "sms" },
): Promise<PatientUserStatusResult> {
  const { userId, action, channel } = args;
  const actorId = caller.id;
  let disabled: DisabledMeasures | undefined;
  const invitation = await ctx.db.transaction().execute(async (trx) => {
    const managed = await manageableAccount(trx, caller, userId);
    if (managed.userType !== "patient") throw notFound(ACCOUNT_NOT_VISIBLE);
    const account = await lockAccount(trx, userId);

    if (action === "invite_self_sign_in") return inviteToSelfSignIn(ctx, trx, { actorId, userId, account, channel });
    // A self sign-in invitation to an Active account is canceled like any other; the account stays Active.
    if (action === "cancel_invite" && activeWithoutSignIn(account) && (await hasOpenSetupLink(trx, userId))) {
      await cancelInvitations(ctx, userId, { actorId, db: trx });
      return undefined;
    }
    return applyStatusAction(ctx, trx, {
      actorId,
      userId,
      status: account.status,
      action,
      channel,
      onDeactivate: async (db) => {
        disabled = await disableOpenMeasures(db, await liveLinks(db, userId));
        return { disabledSchedules: disabled.schedules, disabledMeasures: disabled.measures };
      },
    });
  });
  const user = (await entityStore(patientUserEntity, ctx.bundle).read(ctx.db, userId, caller)) as EntityJson;
  return { user, ...(invitation ? { invitation } : {}), ...(disabled ? { disabled } : {}) };
}
