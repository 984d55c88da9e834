import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import type { AppContext } from "../../src/server/app-context.ts";
import { AccessTokens } from "../../src/server/auth/access-token.ts";
import type { AppConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database-types.ts";
import { MessageQueue } from "../../src/server/messaging/message-queue.ts";
import { sendDueReminders } from "../../src/server/reminders/send-due-reminders.ts";
import { defaultBundle } from "../../src/shared/schema/bundle.ts";

/** A reminder the job claimed for one of a respondent's occurrences, and the message that carried it. */
export interface ClaimedReminder {
  measure: string;
  due_date: string;
  kind: "opened" | "closing";
  outbox_message_id: number | null;
}

/**
 * The reminder job on the e2e server's database with a clock the test sets, the way the API tests
 * call it (tests/server/reminders): an occurrence that opens in four days cannot be waited for.
 * A loopback listener of the test process (global-setup.ts), like delivered-messages.ts, never a
 * route of the product:
 *   POST /reminders?at=<ISO instant>   runs sendDueReminders as of that instant
 *   GET  /reminders-of?username=<u>    the reminders claimed for that person's occurrences
 */
export async function startJobControl(
  config: AppConfig,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<{ url: string; server: Server }> {
  const ctx: AppContext = {
    config,
    db,
    dbKind: "pglite",
    bundle: defaultBundle,
    tokens: new AccessTokens("e2e-job-control-unused-secret-0123456789abcdef", 900),
    messages: new MessageQueue({ config, db, dbKind: "pglite", log, transports: {} }),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const answer = (work: Promise<unknown>) =>
      work
        .then((body) => {
          response.setHeader("content-type", "application/json");
          response.end(JSON.stringify(body));
        })
        .catch((err: unknown) => {
          response.statusCode = 500;
          response.end(String(err));
        });
    if (request.method === "POST" && url.pathname === "/reminders") {
      answer(sendDueReminders(ctx, new Date(url.searchParams.get("at") ?? "")));
    } else if (url.pathname === "/reminders-of") {
      answer(remindersOf(db, url.searchParams.get("username") ?? ""));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function remindersOf(db: Kysely<Database>, username: string): Promise<ClaimedReminder[]> {
  const rows = await sql<ClaimedReminder>`
    select m.abbreviation as measure, to_char(cm.due_date at time zone 'UTC', 'YYYY-MM-DD') as due_date,
           r.kind, r.outbox_message_id
      from occurrence_reminder r
      join client_measure cm on cm.id = r.client_measure_id
      join measure m on m.id = cm.measure_id
      join cca_user cu on cu.id = cm.ccau_id
      join app_user u on u.id = cu.user_id
     where u.username = ${username}
     order by cm.due_date, r.kind`.execute(db);
  return rows.rows;
}

/** Runs the reminder job as of `at` on the e2e server's database. */
export async function runRemindersAt(controlUrl: string, at: Date): Promise<{ claimed: number; messages: number }> {
  const res = await fetch(new URL(`reminders?at=${encodeURIComponent(at.toISOString())}`, controlUrl), {
    method: "POST",
  });
  if (!res.ok) throw new Error(`job control: ${res.status} ${await res.text()}`);
  return (await res.json()) as { claimed: number; messages: number };
}

export async function remindersClaimedFor(controlUrl: string, username: string): Promise<ClaimedReminder[]> {
  const res = await fetch(new URL(`reminders-of?username=${encodeURIComponent(username)}`, controlUrl));
  if (!res.ok) throw new Error(`job control: ${res.status} ${await res.text()}`);
  return (await res.json()) as ClaimedReminder[];
}
