import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";
import { messageSecrets, phiAndSecretsIn } from "../helpers/log-search.ts";

/**
 * Issue 8 §4 at the end-to-end level: after the whole run, the server's log (written at the
 * default level, info) must hold no demo patient's name, MRN, email or phone number and no
 * secret the run issued (links and codes in the stored messages). Answers what it found.
 */
export async function phiInLog(db: Kysely<Database>, logFile: string): Promise<string[]> {
  const log = readFileSync(logFile, "utf8");
  const patients = await db
    .selectFrom("patient")
    .select(["first_name", "last_name", "mrn", "email", "mobile_number"])
    .execute();
  const messages = await db.selectFrom("outbox_message").select(["body", "link", "secret"]).execute();
  return phiAndSecretsIn(log, patients, messageSecrets(messages));
}

/** The first log lines (cut to 400 characters) holding each value a leak report names ("what: value"). */
export function linesHolding(log: string, leaks: string[]): string {
  const lines = log.split("\n");
  return leaks
    .flatMap((leak) => {
      const value = leak.slice(leak.indexOf(": ") + 2);
      return lines.filter((line) => line.includes(value)).slice(0, 3);
    })
    .map((line) => line.slice(0, 400))
    .join("\n");
}
