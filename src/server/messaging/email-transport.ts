import { createTransport, type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DeliveryReceipt, StoredMessage, Transport } from "./message-types.ts";

/**
 * Email through SMTP (nodemailer), configured by one URL (smtp://user:pass@host:587 or
 * smtps://...). Timeouts are short so a hung mail server fails the attempt, which the queue
 * retries later, rather than holding the worker.
 */
export class SmtpTransport implements Transport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const options: SMTPTransport.Options = {
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
    this.transporter = createTransport(options);
  }

  async deliver(message: StoredMessage): Promise<DeliveryReceipt> {
    const info = await this.transporter.sendMail({
      from: this.from,
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.body,
    });
    if (info.rejected.length > 0) throw new Error(`The mail server refused ${info.rejected.length} recipient(s).`);
    return { providerStatus: String(info.response ?? "accepted").slice(0, 500) };
  }

  close(): void {
    this.transporter.close();
  }
}
