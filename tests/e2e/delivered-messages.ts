import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";

/** A message as its transport would deliver it: the live link or code in its body. */
export interface DeliveredMessage {
  id: number;
  recipient: string;
  purpose: string | null;
  body: string;
  link: string | null;
}

/**
 * The e2e server keeps its messages (no mail server), and the admin outbox shows their links and
 * codes masked (issue 8 §4). The tests read the live message the way a mail catcher would: from
 * the stored rows, through this loopback listener of the test process (global-setup.ts), never
 * through a route of the product.
 */
export async function startMessageReader(db: Kysely<Database>): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    db.selectFrom("outbox_message")
      .select(["id", "recipient", "purpose", "body", "link"])
      .orderBy("id", "desc")
      .limit(100)
      .execute()
      .then((rows) => {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(rows));
      })
      .catch((err: unknown) => {
        response.statusCode = 500;
        response.end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The newest delivered messages, newest first (tests/e2e only). */
export async function deliveredMessages(readerUrl: string): Promise<DeliveredMessage[]> {
  const res = await fetch(readerUrl);
  if (!res.ok) throw new Error(`message reader: ${res.status}`);
  return (await res.json()) as DeliveredMessage[];
}
