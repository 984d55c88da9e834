/** The two ways a message leaves the system (contact channel 1 email, 2 phone). */
export type MessageChannel = "email" | "sms";

/** What a feature hands to the queue: the rendered message and whom it is for. */
export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a phone number as stored (10 digits). */
  recipient: string;
  /** Email only. */
  subject?: string;
  body: string;
  /** The link the message carries (invitation, reset), listed on the admin outbox page. */
  link?: string;
  /**
   * The part of the body that grants access (a link with a token, an access code). Once the
   * message has been delivered it is removed from the stored copy: the recipient has it, the
   * database need not keep a live credential.
   */
  secret?: string;
  /** The account the message is about (audit); null for none. */
  userId?: number | null;
  /** Why it was sent: account_setup, password_reset, username_recovery, access_code, chart_invitation, sign_in_blocked, alert_escalation, measure_reminder, measure_closing_reminder, measure_reminder_manual. */
  purpose?: string;
}

/** The stored row a transport delivers. */
export interface StoredMessage {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

/** What a transport reports back on success, kept as the row's provider_status. */
export interface DeliveryReceipt {
  providerStatus: string;
}

/** One way of delivering a channel's messages. Throws on failure: the queue retries. */
export interface Transport {
  deliver(message: StoredMessage): Promise<DeliveryReceipt>;
  close?(): Promise<void> | void;
}
