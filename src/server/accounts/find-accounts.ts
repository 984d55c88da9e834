import { type Kysely, type SqlBool, sql } from "kysely";
import { asciiDigits } from "../../shared/validation/digits.ts";
import type { Database } from "../db/database-types.ts";
import type { Destination } from "../messaging/recipients.ts";

/**
 * Finds the accounts a person means when they type a username, an email address or a mobile
 * number on a public form (forgot username or password, access codes). The caller answers the
 * same whatever is found; this only decides who receives a message.
 */
export interface FoundAccount {
  userId: number;
  username: string | null;
  firstName: string;
  /** The address typed, when it matched one of the account's addresses: the message goes there. */
  typed?: Destination;
}

/** 10 digits from a typed phone number ((555) 123-4567, 555.123.4567, +1 555 123 4567), or null. */
export function phoneDigits(typed: string): string | null {
  const raw = asciiDigits(typed);
  if (!/^[0-9()+.\s-]+$/.test(raw)) return null;
  let digits = raw.replace(/\D+/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

function looksLikeEmail(raw: string): boolean {
  return raw.includes("@");
}

/** Accounts reachable at an email address: their contacts, their chart's email (own account), their account email. */
function emailMatches(email: string) {
  return sql<SqlBool>`(lower(u.email) = lower(${email})
    or exists (select 1 from contact c where c.user_id = u.id and c.channel = 1 and lower(c.value) = lower(${email}))
    or exists (select 1 from patient p where p.user_id = u.id and lower(p.email) = lower(${email})))`;
}

function phoneMatches(digits: string) {
  // Phone contacts are stored as their 10 digits (contacts.ts), so equality finds them.
  return sql<SqlBool>`(exists (select 1 from contact c where c.user_id = u.id and c.channel = 2
        and lower(c.value) = ${digits})
    or exists (select 1 from patient p where p.user_id = u.id and p.mobile_number = ${digits}))`;
}

export async function findAccounts(
  db: Kysely<Database>,
  identifier: string,
  filter: { statuses: readonly number[]; userType?: "clinical" | "patient"; by?: ("username" | "email" | "phone")[] },
): Promise<FoundAccount[]> {
  const raw = identifier.trim();
  if (!raw) return [];
  const by = new Set(filter.by ?? ["username", "email", "phone"]);
  const digits = by.has("phone") ? phoneDigits(raw) : null;
  const email = by.has("email") && looksLikeEmail(raw) ? raw : null;
  const tests = [];
  if (by.has("username")) tests.push(sql<SqlBool>`lower(u.username) = lower(${raw})`);
  if (email) tests.push(emailMatches(email));
  if (digits) tests.push(phoneMatches(digits));
  if (tests.length === 0) return [];

  let query = db
    .selectFrom("app_user as u")
    .select([
      "u.id",
      "u.username",
      "u.first_name",
      sql<boolean>`lower(u.username) is not distinct from lower(${raw})`.as("by_username"),
    ])
    .where(sql<SqlBool>`(${sql.join(tests, sql` or `)})`)
    .where("u.status", "in", [...filter.statuses])
    .orderBy("u.id");
  if (filter.userType) query = query.where("u.user_type", "=", filter.userType);
  const rows = await query.execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    firstName: r.first_name,
    // Matched by username: send to the account's own best address. Else to what was typed.
    typed: r.by_username
      ? undefined
      : email
        ? { channel: "email" as const, address: email }
        : digits
          ? { channel: "sms" as const, address: digits }
          : undefined,
  }));
}
