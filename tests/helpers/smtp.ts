import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/** Splits a single-part message into headers and a decoded text body. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { ...envelope, subject: header("Subject"), text: text.replace(/\r\n/g, "\n").trimEnd(), raw };
}

/**
 * A real SMTP server on a loopback port for tests. `refuseNext(n)` makes it answer the next n
 * messages with a temporary failure (451), as a busy mail server would.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  refusals = 0;
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", async () => {
          if (this.delayNextMs > 0) {
            const ms = this.delayNextMs;
            this.delayNextMs = 0;
            await new Promise((r) => setTimeout(r, ms));
          }
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            this.refusals += 1;
            const err = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          this.received.push(
            parseMail(raw, {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            }),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** How many of the next messages to refuse with 451. */
  refuseNext = 0;
  /** Holds the answer to the next message this long (a slow mail server). */
  delayNextMs = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits until a message to `to` has arrived (polling; fails after timeoutMs). */
  async waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 8000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No matching message within ${timeoutMs} ms (${this.received.length} received)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
