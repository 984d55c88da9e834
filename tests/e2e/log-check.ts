import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";

/**
 * Issue 8 §4 at the end-to-end level: after the whole run, the server's log (written at the
 * default level, info) must hold no demo patient's name, MRN, email or phone number and no
 * secret the run issued (links and codes in the stored messages). Answers what it found.
 */
export async function phiInLog(db: Kysely<Database>, logFile: string): Promise<string[]> {
  const log = readFileSync(logFile, "utf8");
  const lower = log.toLowerCase();
  const found: string[] = [];
  const look = (value: string | null | undefined, label: string) => {
    if (value && value.length >= 4 && lower.includes(value.toLowerCase())) found.push(`${label}: ${value}`);
  };
  const patients = await db
    .selectFrom("patient")
    .select(["first_name", "last_name", "mrn", "email", "mobile_number"])
    .execute();
  for (const p of patients) {
    look(`${p.first_name} ${p.last_name}`, "name");
    look(encodeURIComponent(`${p.first_name} ${p.last_name}`), "name");
    if (new RegExp(`\\b${p.last_name}\\b`).test(log)) found.push(`last name: ${p.last_name}`);
    look(p.mrn, "MRN");
    look(p.email, "email");
    look(p.mobile_number, "phone");
  }
  const messages = await db.selectFrom("outbox_message").select(["body", "link", "secret"]).execute();
  for (const m of messages) {
    look(m.secret, "secret");
    if (m.link) for (const value of new URL(m.link).searchParams.values()) look(value, "link token");
    look(/\b(\d{6})\b/.exec(m.body)?.[1], "access code");
  }
  return found;
}
