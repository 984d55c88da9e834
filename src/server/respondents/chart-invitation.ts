import { type Kysely, sql } from "kysely";
import type { ChartInvitationSent } from "../../../generated/types/api/responses/chart-invitation-sent.ts";
import { clinicName } from "../accounts/account-messages.ts";
import { hashSecret, newLinkSecret } from "../accounts/one-time-tokens.ts";
import type { AppContext } from "../app-context.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { EMAIL, listContacts, PHONE, sameValue } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import type { OutgoingMessage } from "../messaging/message-types.ts";
import { type Destination, enabledChannels } from "../messaging/recipients.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { findContactHolder, mayLinkDirectly } from "./contact-holder.ts";
import { visibleChart } from "./respondent-access.ts";
import { respondentEntity } from "./respondent-entity.ts";
import type { RespondentForm } from "./respondent-values.ts";

/**
 * Invitations to join a chart's team (issue 8 §1; docs/security/respondent-linking.md). When a
 * clinician adds someone whose email or mobile number belongs to a person known only on charts
 * the clinician cannot see, the person is not linked and nothing about them is shown: they get a
 * single-use link at the address the clinician typed, and are on the team once they accept it.
 * Typing someone's email proves nothing about a right to their records; the person's own
 * confirmation does.
 */

export const INVITATION_SENT = {
  email:
    "An invitation to join this chart was sent to the email address you entered. They are added to the team when they accept it.",
  sms: "An invitation to join this chart was sent to the mobile number you entered. They are added to the team when they accept it.",
} as const;
export const INVITATION_ACCEPTED = "You are now on the care team. Sign in to answer the questionnaires sent to you.";
export const INVITATION_EXPIRED = "Your link has expired. Please try again.";
const CHANNEL_OFF = "Messages on this channel are turned off for this clinic, so the invitation could not be sent.";

/** The page the invitation link opens (src/client/pages/account/JoinCareTeamPage.tsx). */
export function joinCareTeamLink(ctx: Pick<AppContext, "config">, secret: string): string {
  return `${ctx.config.accounts.publicUrl}/security/join-care-team?token=${encodeURIComponent(secret)}`;
}

/** The text: the clinic and the action, never a patient's name (a message may be read on a lock screen). */
function invitationMessage(to: Destination, userId: number, clinic: string, link: string, ttlHours: number) {
  const message: OutgoingMessage = {
    channel: to.channel,
    recipient: to.address,
    subject: to.channel === "email" ? `${clinic} invites you to a care team` : undefined,
    body:
      to.channel === "email"
        ? [
            `${clinic} asks you to join a patient's care team, to answer questionnaires about their care.`,
            "If you agree, accept here:",
            "",
            link,
            "",
            `This link works once and expires in ${ttlHours} hours. If you did not expect this message, ignore it: nothing changes.`,
          ].join("\n")
        : `${clinic} asks you to join a patient's care team. Accept at ${link} (expires in ${ttlHours} hours). Didn't expect this? Ignore it.`,
    link,
    secret: link,
    userId,
    purpose: "chart_invitation",
  };
  return message;
}

/** The address the caller typed that the person holds: where the invitation goes (email first). */
async function typedAddress(db: Kysely<Database>, accountId: number, form: RespondentForm): Promise<Destination> {
  const held = (await listContacts(db, [accountId])).get(accountId) ?? [];
  const holds = (channel: typeof EMAIL | typeof PHONE, value: string | null | undefined) =>
    Boolean(value) && held.some((c) => c.channel === channel && sameValue(channel, c.value, value as string));
  if (holds(EMAIL, form.email)) return { channel: "email", address: (form.email as string).trim() };
  if (holds(PHONE, form.phone)) return { channel: "sms", address: form.phone as string };
  // findContactHolder matched on one of them; reaching here means the contact changed meanwhile.
  throw new HttpError(409, "This person's contact details just changed. Check again before adding them.", "conflict");
}

/**
 * Sends (or sends again) the invitation of a person to a chart, in the caller's transaction that
 * holds the chart's lock: one open invitation per person and chart, its earlier link dead.
 */
export async function inviteToChart(
  ctx: AppContext,
  trx: Kysely<Database>,
  args: { user: RequestUser; ccaId: number; accountId: number; form: RespondentForm },
): Promise<ChartInvitationSent> {
  const to = await typedAddress(trx, args.accountId, args.form);
  if (!(await enabledChannels(ctx, trx))[to.channel]) throw badRequest([{ field: "contact", message: CHANNEL_OFF }]);
  const secret = newLinkSecret();
  const ttlHours = ctx.config.accounts.invitationTtlHours;
  const values = {
    relation_id: args.form.relation_id,
    respondent_type: args.form.respondent_type ?? null,
    invited_by: args.user.id,
    token_hash: hashSecret(secret),
    expires_at: sql<Date>`now() + make_interval(hours => ${ttlHours}::int)`,
  };
  await trx
    .insertInto("chart_link_invitation")
    .values({ cca_id: args.ccaId, user_id: args.accountId, ...values })
    .onConflict((oc) =>
      oc
        .columns(["cca_id", "user_id"])
        .where("accepted_at", "is", null)
        .doUpdateSet({ ...values, created_at: sql<Date>`now()` }),
    )
    .execute();
  const clinic = await clinicName(ctx, trx);
  await ctx.messages.enqueue(
    trx,
    invitationMessage(to, args.accountId, clinic, joinCareTeamLink(ctx, secret), ttlHours),
  );
  return { pending: true, channel: to.channel, message: INVITATION_SENT[to.channel] };
}

/**
 * The person accepts (public: the link is the proof). Spends the invitation in one conditional
 * UPDATE (of two clicks only one links), then links them to the chart unless they are on its
 * team already, records the link's first version and activates the patient (spec §4).
 */
export async function acceptChartInvitation(ctx: AppContext, secret: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await trx
      .updateTable("chart_link_invitation")
      .set({ accepted_at: sql<Date>`now()` })
      .where("token_hash", "=", hashSecret(secret))
      .where("accepted_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning(["id", "cca_id", "user_id", "relation_id", "respondent_type"])
      .executeTakeFirst();
    if (!invitation) throw new HttpError(400, INVITATION_EXPIRED, "link_expired");
    // Team changes on one chart run one at a time (respondent-access.ts visibleChart's lock).
    const chart = await trx
      .selectFrom("client_clinic_assignment")
      .select(["id", "patient_id"])
      .where("id", "=", invitation.cca_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const live = await trx
      .selectFrom("cca_user")
      .select("id")
      .where("cca_id", "=", chart.id)
      .where("user_id", "=", invitation.user_id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    let ccauId = live?.id;
    if (ccauId === undefined) {
      const row = await trx
        .insertInto("cca_user")
        .values({
          cca_id: chart.id,
          user_id: invitation.user_id,
          relation_id: invitation.relation_id,
          respondent_type: invitation.respondent_type,
          deleted_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ccauId = row.id;
      await entityStore(respondentEntity, ctx.bundle).recordHistory(trx, invitation.user_id, ccauId);
      await activatePatient(trx, ctx.bundle, chart.patient_id, invitation.user_id);
    }
    await trx.updateTable("chart_link_invitation").set({ ccau_id: ccauId }).where("id", "=", invitation.id).execute();
  });
}

/**
 * What a POST /api/respondents means, decided before the respondent entity saves: link a person
 * the caller may see (the existingUserId to save with), invite a person they cannot (sent here,
 * answered 202), or neither (the entity's rules then make a new account or give the refusal).
 * A person the caller cannot see is invited only when the caller typed a contact the person
 * holds, whatever the name typed (the answer must not confirm a guessed name); an id alone gets
 * the same refusal as an unknown one.
 */
export async function inviteOrLink(
  ctx: AppContext,
  user: RequestUser,
  form: RespondentForm,
): Promise<{ invited: ChartInvitationSent } | { existingUserId?: number }> {
  if (!form.ccaId) return {};
  const ccaId = form.ccaId;
  return ctx.db.transaction().execute(async (trx) => {
    const chart = await visibleChart(trx, user, ccaId, { lock: true });
    if (!chart) return {};
    const holder = await findContactHolder(trx, user, form);
    if (form.existingUserId && holder?.userId !== form.existingUserId) return { existingUserId: form.existingUserId };
    if (!holder) return {};
    // Someone the caller knows: the same person is linked, not copied; another person sharing the
    // contact (a family's email) gets an account of their own.
    if (mayLinkDirectly(user, holder)) return holder.sameName ? { existingUserId: holder.userId } : {};
    return { invited: await inviteToChart(ctx, trx, { user, ccaId: chart.ccaId, accountId: holder.userId, form }) };
  });
}
