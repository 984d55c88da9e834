import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_NOT_VISIBLE } from "../../../src/server/accounts/account-access.ts";
import { cancelInvitations, inviteUser, NOT_INVITABLE } from "../../../src/server/accounts/invite-user.ts";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { NO_VALID_CONTACT } from "../../../src/server/messaging/recipients.ts";
import {
  activityCodes,
  createChart,
  createClinicalInvitee,
  createRespondent,
  lastMessage,
  linkIn,
  linkToChart,
  messageCount,
  unique,
} from "../../helpers/accounts.ts";
import { contextOf } from "../../helpers/context.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("invitations on $name", (database) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let staff: Awaited<ReturnType<typeof signedInUser>>;
  let clinician: Awaited<ReturnType<typeof signedInUser>>;
  let otherClinician: Awaited<ReturnType<typeof signedInUser>>;
  let director: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(database);
    admin = await signedInUser(t.db, { username: unique("admin"), roles: ["admin"] });
    staff = await signedInUser(t.db, { username: unique("staff"), roles: ["staff"] });
    clinician = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
    otherClinician = await signedInUser(t.db, { username: unique("clin"), roles: ["clinician"] });
    director = await signedInUser(t.db, { username: unique("dir"), roles: ["director"] });
  });
  afterAll(async () => t.close());

  const invite = (acId: number | string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method: "POST", url: `/api/users/${acId}/send-invitation`, headers, payload: payload as object });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom("app_user").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const openSetupTokens = async (id: number) =>
    (
      await t.db
        .selectFrom("one_time_token")
        .select("id")
        .where("user_id", "=", id)
        .where("purpose", "=", "account_setup")
        .where("used_at", "is", null)
        .execute()
    ).length;

  async function respondentOnChartOf(
    clinicianId: number,
    contacts = [{ channel: 1 as const, value: "parent@example.org" }],
  ) {
    const chart = await createChart(t.db, { firstName: "Kim", lastName: unique("Lee"), clinicians: [clinicianId] });
    const parent = await createRespondent(t.db, {
      contacts: contacts.map((c) => ({ ...c, value: c.channel === 1 ? `${unique("p")}@example.org` : c.value })),
    });
    await linkToChart(t.db, parent, chart.ccaId, 4);
    return parent;
  }

  it("an admin invites a clinical user: a single-use link by email, status Invited, 'Invitation sent' logged", async () => {
    const id = await createClinicalInvitee(t.db, { firstName: "Casey" });
    const res = await invite(id, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, channel: "email", delivery: "kept" });
    expect(await statusOf(id)).toBe(4);

    const account = await t.db.selectFrom("app_user").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    const message = await lastMessage(t.db, account.email as string);
    expect(message).toMatchObject({ channel: "email", status: "kept", user_id: id, purpose: "account_setup" });
    expect(message?.subject).toMatch(/Set up your .* account/);
    expect(message?.body).toContain("Hello Casey");
    const link = linkIn(message?.body ?? "", "/security/account-setup");
    expect(link.origin).toBe("http://127.0.0.1:3000");
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message?.link).toBe(link.toString());

    // Only the hash is stored.
    const token = await t.db
      .selectFrom("one_time_token")
      .select(["token_hash", "expires_at"])
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(token.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.token_hash).not.toContain(link.searchParams.get("token"));
    const hours = (new Date(token.expires_at).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72.01);
    expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.invitationSent]);
  });

  it("inviting again sends a new link and the earlier one stops working", async () => {
    const id = await createClinicalInvitee(t.db);
    await invite(id, admin.headers);
    const first = linkIn((await lastMessage(t.db))?.body ?? "", "/security/account-setup");
    const again = await invite(id, admin.headers);
    expect(again.statusCode).toBe(200);
    const second = linkIn((await lastMessage(t.db))?.body ?? "", "/security/account-setup");
    expect(second.toString()).not.toBe(first.toString());
    expect(await openSetupTokens(id)).toBe(1);
    const old = await t.app.inject({
      method: "GET",
      url: `/api/security/validate-token?token=${first.searchParams.get("token")}`,
    });
    expect(old.statusCode).toBe(400);
    const fresh = await t.app.inject({
      method: "GET",
      url: `/api/security/validate-token?token=${second.searchParams.get("token")}`,
    });
    expect(fresh.statusCode).toBe(200);
    expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.invitationSent, ACTIVITY.invitationSent]);
  });

  it("only an admin invites clinical users; others get 404 (or 403 without any account permission)", async () => {
    const id = await createClinicalInvitee(t.db);
    for (const who of [staff, clinician]) {
      const res = await invite(id, who.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ACCOUNT_NOT_VISIBLE, code: "not_found" });
    }
    expect((await invite(id, director.headers)).statusCode).toBe(403);
    expect((await invite(id)).statusCode).toBe(401);
    expect(await statusOf(id)).toBe(3);
  });

  it("respondents: staff, and a clinician with access to one of their charts, may invite; others may not", async () => {
    const parent = await respondentOnChartOf(clinician.id);
    expect((await invite(parent, otherClinician.headers)).statusCode).toBe(404);
    expect((await invite(parent, director.headers)).statusCode).toBe(403);
    expect(await statusOf(parent)).toBe(3);

    expect((await invite(parent, clinician.headers)).statusCode).toBe(200);
    expect((await invite(parent, staff.headers)).statusCode).toBe(200);
    expect((await invite(parent, admin.headers)).statusCode).toBe(200);
    expect(await statusOf(parent)).toBe(4);

    // A link removed from the chart (deleted_at) no longer gives access.
    await t.db.updateTable("cca_user").set({ deleted_at: new Date() }).where("user_id", "=", parent).execute();
    expect((await invite(parent, clinician.headers)).statusCode).toBe(404);
  });

  it("a respondent cannot invite anyone", async () => {
    const me = await signedInUser(t.db, { username: unique("r"), roles: ["respondent"], userType: "patient" });
    const parent = await respondentOnChartOf(clinician.id);
    expect((await invite(parent, me.headers)).statusCode).toBe(403);
  });

  it("no reachable contact: 400 with the spec's sentence, nothing sent, status unchanged", async () => {
    const id = await createClinicalInvitee(t.db, { email: null });
    const before = await messageCount(t.db);
    const res = await invite(id, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: NO_VALID_CONTACT,
      code: "validation",
      errors: [{ field: "contact", message: NO_VALID_CONTACT }],
    });
    expect(NO_VALID_CONTACT).toMatch(/^The recipient contact must be valid\./);
    expect(await messageCount(t.db)).toBe(before);
    expect(await statusOf(id)).toBe(3);
    expect(await activityCodes(t.db, id)).toEqual([]);
  });

  it("a disabled contact is not used; a malformed one neither", async () => {
    const parent = await respondentOnChartOf(clinician.id, []);
    await t.db
      .insertInto("contact")
      .values([
        { user_id: parent, channel: 1, value: "off@example.org", is_primary: true, enabled: false },
        { user_id: parent, channel: 1, value: "not-an-email", is_primary: false, enabled: true },
      ])
      .execute();
    const res = await invite(parent, staff.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(NO_VALID_CONTACT);
  });

  it("an active, inactive or password-reset account cannot be invited", async () => {
    for (const status of [1, 2, 5]) {
      const parent = await respondentOnChartOf(clinician.id);
      await t.db.updateTable("app_user").set({ status }).where("id", "=", parent).execute();
      const res = await invite(parent, staff.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(NOT_INVITABLE);
      expect(await statusOf(parent)).toBe(status);
    }
  });

  it("malformed requests are 400, never 500", async () => {
    const id = await createClinicalInvitee(t.db);
    expect((await invite("abc", admin.headers)).statusCode).toBe(400);
    expect((await invite(0, admin.headers)).statusCode).toBe(400);
    const badChannel = await invite(id, admin.headers, { channel: "fax" });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().errors).toEqual([{ field: "channel", message: "Channel is not valid" }]);
    expect((await invite(999_999, admin.headers)).statusCode).toBe(404);
  });

  it("cancelInvitations kills the link, goes back to Not Invited and logs 'Invitation canceled'", async () => {
    const ctx = contextOf(t, database.name);
    const id = await createClinicalInvitee(t.db);
    expect(await inviteUser(ctx, { userId: id, actorId: admin.id })).toEqual({
      sent: true,
      channel: "email",
      delivery: "kept",
    });
    const link = linkIn((await lastMessage(t.db))?.body ?? "", "/security/account-setup");
    await cancelInvitations(ctx, id, { actorId: admin.id });
    expect(await statusOf(id)).toBe(3);
    expect(await openSetupTokens(id)).toBe(0);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/security/validate-token?token=${link.searchParams.get("token")}`,
    });
    expect(res.statusCode).toBe(400);
    expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.invitationSent, ACTIVITY.invitationCanceled]);
    // Nothing to cancel: nothing logged.
    await cancelInvitations(ctx, id);
    expect(await activityCodes(t.db, id)).toEqual([ACTIVITY.invitationSent, ACTIVITY.invitationCanceled]);
  });

  it("inviteUser joins the caller's transaction and rolls back with it", async () => {
    const ctx = contextOf(t, database.name);
    const id = await createClinicalInvitee(t.db);
    const before = await messageCount(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        const result = await inviteUser(ctx, { userId: id, actorId: admin.id, db: trx });
        expect(result.sent).toBe(true);
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(await statusOf(id)).toBe(3);
    expect(await messageCount(t.db)).toBe(before);
    expect(await openSetupTokens(id)).toBe(0);
    expect(await inviteUser(ctx, { userId: 987_654, actorId: admin.id })).toEqual({
      sent: false,
      reason: "The account does not exist.",
    });
  });
});
