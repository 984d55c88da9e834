import { type Kysely, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { accountKnownSql, contactMatchSql } from "./respondent-access.ts";

/** A patient-user account holding an email or mobile number typed for a new respondent. */
export interface ContactHolder {
  userId: number;
  /** On a chart the caller may see (respondent-access.ts accountKnownSql): the caller knows who it is. */
  visible: boolean;
  /** Has the first and last name typed too (case-insensitive). */
  sameName: boolean;
}

/**
 * Whether the caller may link this person straight onto a chart: they can already see the person
 * (a chart of theirs holds them), or they manage every patient user (settings.staff). Anyone else
 * needs the person's own confirmation (chart-invitation.ts): a clinician who only typed an email
 * must not be handed someone else's person, names and contacts.
 */
export function mayLinkDirectly(user: RequestUser, holder: ContactHolder): boolean {
  return holder.visible || user.permissions.has("settings.staff");
}

/**
 * The patient-user account holding the email or mobile number typed, or null. One the caller
 * can see comes first, then the one with the same first and last name, then the oldest. Seen
 * ones first, so that for someone the caller cannot see the answer never depends on the name
 * typed: it must not confirm a guessed name (families may share an email).
 */
export async function findContactHolder(
  db: Kysely<Database>,
  user: RequestUser,
  q: { email?: string | null; phone?: string | null; name_first?: string | null; name_last?: string | null },
): Promise<ContactHolder | null> {
  const email = q.email ?? null;
  const phone = q.phone ?? null;
  if (!email && !phone) return null;
  const sameName =
    q.name_first && q.name_last
      ? sql<boolean>`(lower(u.first_name) = lower(${q.name_first.trim()}::text) and lower(u.last_name) = lower(${q.name_last.trim()}::text))`
      : sql<boolean>`false`;
  let query = db
    .selectFrom("app_user as u")
    .select(["u.id", accountKnownSql(user, "u.id").as("visible"), sameName.as("same_name")])
    .where("u.user_type", "=", "patient")
    .where(contactMatchSql("u.id", email, phone))
    .orderBy(sql`${accountKnownSql(user, "u.id")}`, "desc");
  // PostgreSQL refuses a constant ORDER BY: rank by name only when one was typed.
  if (q.name_first && q.name_last) query = query.orderBy(sql`${sameName}`, "desc");
  const row = await query.orderBy("u.id").limit(1).executeTakeFirst();
  return row ? { userId: row.id, visible: Boolean(row.visible), sameName: Boolean(row.same_name) } : null;
}
