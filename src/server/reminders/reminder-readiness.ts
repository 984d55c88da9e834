import type { Kysely } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { AppContext } from "../app-context.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import type { Database } from "../db/database-types.ts";
import type { Destination } from "../messaging/recipients.ts";
import { clinicTimeZone, isOpen } from "../sessions/availability.ts";
import type { RespondentLink } from "../sessions/respondent-link.ts";
import { REMINDABLE_STATUSES } from "./reminder-eligibility.ts";
import { reminderDestination } from "./reminder-recipient.ts";

export type ReminderReadiness =
  | { ok: true; destination: Destination; openIds: number[]; hasPassword: boolean }
  /** 409: the respondent's state (account, patient, nothing open); 400: no way to reach them. */
  | { ok: false; status: 400 | 409; code: string; message: string };

const refuse = (status: 400 | 409, code: string, message: string): ReminderReadiness => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * Whether a clinician can send this respondent a reminder now, by the job's rules
 * (docs/reminders.md): an account that can sign in, an active patient, something open to
 * complete, and an address with notifications on, on a channel the clinic uses. The send route
 * refuses with the same sentence the chart shows beside its disabled button.
 */
export async function reminderReadiness(
  ctx: Pick<AppContext, "bundle" | "dbKind">,
  db: Kysely<Database>,
  link: RespondentLink,
  now: Date = new Date(),
): Promise<ReminderReadiness> {
  if (link.accountStatus === ACCOUNT_STATUS.inactive)
    return refuse(409, "respondent_inactive", MESSAGES.reminderRespondentInactive);
  if (!REMINDABLE_STATUSES.includes(link.accountStatus))
    return refuse(409, "respondent_not_set_up", MESSAGES.reminderNotSetUp);
  if (!link.patientActive) return refuse(409, "patient_inactive", MESSAGES.reminderPatientInactive);
  const open = await db
    .selectFrom("client_measure as cm")
    .select("cm.id")
    .where("cm.ccau_id", "=", link.ccauId)
    .where(isOpen(await clinicTimeZone(db), "cm", now))
    .orderBy("cm.id")
    .execute();
  if (open.length === 0) return refuse(409, "nothing_open", MESSAGES.reminderNothingOpen);
  const to = await reminderDestination(ctx, db, link.userId);
  if (!to.ok) return refuse(400, "no_contact", to.reason);
  const account = await db
    .selectFrom("app_user")
    .select("password_hash")
    .where("id", "=", link.userId)
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    destination: to.destination,
    openIds: open.map((r) => r.id),
    hasPassword: !!account.password_hash,
  };
}
