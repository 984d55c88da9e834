import type { DeliveryReceipt, StoredMessage, Transport } from "./message-types.ts";

/**
 * The SMS adapter: any provider that accepts one text message per HTTP call. Swap the class to
 * support a provider with another API; the queue only needs `deliver`.
 */
export interface SmsProvider extends Transport {}

export interface HttpSmsOptions {
  url: string;
  token: string | undefined;
  account: string | undefined;
  from: string | undefined;
  /** Turns the stored 10-digit number into the international form the provider wants. */
  countryPrefix: string;
  timeoutMs?: number;
}

/** The international form of a stored number: 10 digits get the country prefix, anything else goes as is. */
export function internationalNumber(stored: string, countryPrefix: string): string {
  const digits = stored.replace(/\D+/g, "");
  return digits.length === 10 ? `${countryPrefix}${digits}` : stored;
}

/**
 * A generic HTTP provider: POST {to, from, body} as JSON with `Authorization: Bearer SMS_TOKEN`
 * (and the account id, when set, in `x-sms-account`). Any 2xx is accepted; the provider's own
 * status (a `status` field of a JSON answer, else the HTTP status) is recorded. Anything else
 * fails the attempt and the queue retries it.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: HttpSmsOptions) {}

  async deliver(message: StoredMessage): Promise<DeliveryReceipt> {
    const { url, token, account, from, countryPrefix, timeoutMs = 15_000 } = this.options;
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (account) headers["x-sms-account"] = account;
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ to: internationalNumber(message.recipient, countryPrefix), from, body: message.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}: ${text.slice(0, 200)}`);
    let status = `${response.status}`;
    try {
      const json = JSON.parse(text) as { status?: unknown; id?: unknown; sid?: unknown };
      const id = json.id ?? json.sid;
      if (typeof json.status === "string") status = json.status;
      if (typeof id === "string" || typeof id === "number") status = `${status} ${id}`;
    } catch {
      // Not JSON: the HTTP status is all the provider told us.
    }
    return { providerStatus: status.slice(0, 500) };
  }
}
