import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AccountChoice } from "../../shared/api/access-codes.ts";
import { enumOptions, schemaById } from "../../shared/schema/bundle.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import type { Database } from "../db/database-types.ts";
import type { EnqueueResult } from "../messaging/message-queue.ts";
import type { Destination } from "../messaging/recipients.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { accessCodeMessage, clinicName } from "./account-messages.ts";
import { ACCESS_CODE_MAX_ATTEMPTS, hashSecret, issueToken, newAccessCode } from "./one-time-tokens.ts";

/**
 * Access codes (spec §2, §6: a respondent signs in with a code sent to them; one code can match
 * several accounts). Only Active patient users with at least one live chart link can use them:
 * a code opens a respondent session, and a session needs an account that may hold one.
 */
export const ACCESS_CODE_STATUSES = [ACCOUNT_STATUS.active] as const;

/** Sends one code to one address, valid for each of the accounts reachable there. */
export async function sendAccessCode(
  ctx: AppContext,
  db: Kysely<Database>,
  to: Destination,
  userIds: number[],
): Promise<EnqueueResult> {
  const code = newAccessCode();
  const ttlMinutes = ctx.config.accounts.accessCodeTtlMinutes;
  const group = randomUUID();
  for (const userId of userIds)
    await issueToken(db, { userId, purpose: "access_code", secret: code, ttlMinutes, detail: { group } });
  return ctx.messages.enqueue(
    db,
    accessCodeMessage({
      to,
      userId: userIds.length === 1 ? userIds[0] : null,
      clinic: await clinicName(ctx, db),
      code,
      ttlMinutes,
    }),
  );
}

/**
 * Uses a code against the accounts an identifier names. A right code is spent (it works once)
 * and returns the accounts it opens; a wrong one counts a try against every live code of those
 * accounts, and the fifth wrong try kills them.
 */
export async function useAccessCode(db: Kysely<Database>, userIds: number[], code: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const live = (qb: Kysely<Database>) =>
    qb
      .updateTable("one_time_token")
      .where("purpose", "=", "access_code")
      .where("user_id", "in", userIds)
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .where("attempts", "<", ACCESS_CODE_MAX_ATTEMPTS);
  const spent = await live(db)
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", hashSecret(code))
    .returning("user_id")
    .execute();
  if (spent.length > 0) return [...new Set(spent.map((r) => r.user_id))];
  await live(db).set({ attempts: sql<number>`attempts + 1` }).execute();
  return [];
}

/** Accounts with a live chart link, among these, as select-account lists them: own charts (relation 1) first. */
export async function accountChoices(
  ctx: Pick<AppContext, "bundle">,
  db: Kysely<Database>,
  userIds: number[],
): Promise<AccountChoice[]> {
  if (userIds.length === 0) return [];
  const labels = new Map(
    enumOptions(schemaById(ctx.bundle, "enums/relation.json")).map((o) => [Number(o.value), o.label]),
  );
  const rows = await db
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select([
      "cu.id as ccau_id",
      "u.id as user_id",
      "cu.relation_id",
      sql<string>`u.first_name || ' ' || u.last_name`.as("name"),
      sql<string>`p.first_name || ' ' || p.last_name`.as("patient_name"),
    ])
    .where("cu.user_id", "in", userIds)
    .where("cu.deleted_at", "is", null)
    .where("u.status", "in", [...ACCESS_CODE_STATUSES])
    .orderBy(sql`(cu.relation_id = ${SELF_RELATION})`, "desc")
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy("cu.id")
    .execute();
  return rows.map((r) => ({
    accountId: r.ccau_id,
    ccauId: r.ccau_id,
    userId: r.user_id,
    name: r.name,
    patientName: r.patient_name,
    relation: r.relation_id,
    relationLabel: labels.get(r.relation_id) ?? String(r.relation_id),
  }));
}

/** The choice for one chart link, when it is still live and its account may still sign in. */
export async function choiceOfLink(
  ctx: Pick<AppContext, "bundle">,
  db: Kysely<Database>,
  ccauId: number,
): Promise<AccountChoice | null> {
  const link = await db.selectFrom("cca_user").select("user_id").where("id", "=", ccauId).executeTakeFirst();
  if (!link) return null;
  const choices = await accountChoices(ctx, db, [link.user_id]);
  return choices.find((c) => c.ccauId === ccauId) ?? null;
}
