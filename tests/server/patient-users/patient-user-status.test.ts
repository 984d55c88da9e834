import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_NOT_VISIBLE } from "../../../src/server/accounts/account-access.ts";
import { STATUS_ACTION_FROM } from "../../../src/server/accounts/account-status.ts";
import { ACTIVITY } from "../../../src/server/auth/activity-log.ts";
import { hashPassword } from "../../../src/server/auth/passwords.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { SELF_SIGN_IN_REFUSALS } from "../../../src/server/patient-users/patient-user-status.ts";
import {
  activityCodes,
  bearer,
  createChart,
  createRespondent,
  lastMessage,
  linkIn,
  linkToChart,
  login,
  setGeneralSetting,
  unique,
} from "../../helpers/accounts.ts";
import { type ChartWithRespondent, chartWithRespondent, dueDate, measureId, schedule } from "../../helpers/measures.ts";
import { addPatient, superviseClinicians } from "../../helpers/patients.ts";
import { addRespondent } from "../../helpers/respondents.ts";
import { requestJson } from "../../helpers/settings.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers, TEST_PASSWORD } from "../../helpers/users.ts";

type Headers = { authorization: string };
const NOT_VISIBLE = { error: ACCOUNT_NOT_VISIBLE, code: "not_found" };
const SETUP_PASSWORD = "Self#SignIn2026";

describe.each(DATABASES)("patient user status actions on $name", (database) => {
  let t: TestApp;
  const h = {} as Record<"A" | "B" | "S" | "staff" | "admin" | "director", Headers>;
  const u = {} as Record<"A" | "B" | "S" | "staff" | "admin" | "director", number>;
  let phq9: number;
  let gad7: number;
  let psc17: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const users = await signInUsers(t.db, {
      A: ["clinician"],
      B: ["clinician"],
      S: ["supervisor"],
      staff: ["staff"],
      admin: ["admin"],
      director: ["director"],
    });
    Object.assign(h, users.headers);
    Object.assign(u, users.ids);
    await superviseClinicians(t.db, u.S, [u.A]);
    phq9 = await measureId(t.db, "phq-9");
    gad7 = await measureId(t.db, "gad-7");
    psc17 = await measureId(t.db, "psc-17");
  });
  afterAll(async () => t.close());

  const changeStatus = (id: number | string, payload: unknown, headers: Headers | Record<string, never> = h.A) =>
    requestJson(t.app, "POST", `/api/patient-user/respondents/${id}/change-status`, headers, payload);
  const act = (id: number, action: string, headers: Headers = h.A) => changeStatus(id, { action }, headers);
  const account = (id: number) =>
    t.db.selectFrom("app_user").select(["status", "username"]).where("id", "=", id).executeTakeFirstOrThrow();
  const openSetupLinks = async (id: number) =>
    (
      await t.db
        .selectFrom("one_time_token")
        .select("id")
        .where("user_id", "=", id)
        .where("purpose", "=", "account_setup")
        .where("used_at", "is", null)
        .execute()
    ).length;

  /** A respondent with an email contact, not signed up, on a new chart of the clinician. */
  async function respondentOnChartOf(clinicianId: number, opts: { status?: number; email?: boolean } = {}) {
    const chart = await createChart(t.db, { firstName: "Kim", lastName: unique("Lee"), clinicians: [clinicianId] });
    const email = `${unique("parent")}@example.org`;
    const id = await createRespondent(t.db, {
      status: opts.status ?? 3,
      contacts: opts.email === false ? [] : [{ channel: 1, value: email }],
    });
    const ccauId = await linkToChart(t.db, id, chart.ccaId, 4);
    return { id, email, ccauId, chart };
  }

  /** The token of the newest account-setup link sent to an address. */
  async function setupToken(recipient: string): Promise<string> {
    const message = await lastMessage(t.db, recipient);
    return linkIn(message?.body ?? "", "/security/account-setup").searchParams.get("token") as string;
  }

  describe("invite, invite again, cancel invite", () => {
    it("follows the clinical users' transitions and logs each step", async () => {
      const { id } = await respondentOnChartOf(u.A);
      const invited = await act(id, "invite");
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json()).toMatchObject({
        user: { id, status: 4 },
        invitation: { sent: true, channel: "email", delivery: "kept" },
      });
      expect(invited.json().user.patients).toHaveLength(1);
      expect((await act(id, "invite_again")).statusCode).toBe(200);
      expect(await openSetupLinks(id)).toBe(1); // the earlier link stopped working

      const inviteTwice = await act(id, "invite");
      expect(inviteTwice.statusCode).toBe(400);
      expect(inviteTwice.json()).toEqual({ error: STATUS_ACTION_FROM.invite.refusal, code: "invalid_status" });

      const canceled = await act(id, "cancel_invite");
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().user.status).toBe(3);
      expect(canceled.json().invitation).toBeUndefined();
      expect(await openSetupLinks(id)).toBe(0);

      expect((await act(id, "cancel_invite")).json()).toEqual({
        error: STATUS_ACTION_FROM.cancel_invite.refusal,
        code: "invalid_status",
      });
      expect((await act(id, "invite_again")).json().error).toBe(STATUS_ACTION_FROM.invite_again.refusal);
      expect((await act(id, "activate_and_invite")).json().error).toBe(STATUS_ACTION_FROM.activate_and_invite.refusal);
      expect(await activityCodes(t.db, id)).toEqual([
        ACTIVITY.invitationSent,
        ACTIVITY.invitationSent,
        ACTIVITY.invitationCanceled,
      ]);
    });

    it("refuses an invitation that cannot reach the person, changing nothing", async () => {
      const { id } = await respondentOnChartOf(u.A, { email: false });
      const res = await act(id, "invite");
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("invalid_status");
      expect(res.json().error).toMatch(/contact/);
      expect((await account(id)).status).toBe(3);
      expect(await activityCodes(t.db, id)).toEqual([]);
    });

    it("sends by text message when asked", async () => {
      await setGeneralSetting(t.db, "sms_enabled", true);
      const chart = await createChart(t.db, { firstName: "Sam", lastName: unique("Ng"), clinicians: [u.A] });
      const id = await createRespondent(t.db, { contacts: [{ channel: 2, value: "3125550199" }] });
      await linkToChart(t.db, id, chart.ccaId, 5);
      const res = await changeStatus(id, { action: "invite", channel: "sms" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().invitation).toMatchObject({ sent: true, channel: "sms" });
      expect((await lastMessage(t.db, "3125550199"))?.channel).toBe("sms");
    });
  });

  describe("deactivate and activate and invite", () => {
    let pat: ChartWithRespondent;
    let submitted: number;
    let partial: number;
    let notStarted: number;
    let tokens: { accessToken: string; refreshToken: string };

    beforeAll(async () => {
      pat = await chartWithRespondent(t.app, t.db, h.A, {
        first_name: "Riley",
        last_name: unique("Status"),
        birth_date: "1985-05-05",
        email: `${unique("riley")}@example.org`,
        email_notification: true,
        clinicians: [u.A],
      });
      // The patient signs in with a password, so both kinds of token can be tried afterwards.
      await t.db
        .updateTable("app_user")
        .set({ password_hash: await hashPassword(TEST_PASSWORD), password_changed_at: new Date() })
        .where("id", "=", pat.respondentId)
        .execute();
      const { username } = await account(pat.respondentId);
      tokens = await login(t.app, username as string);

      // A submitted PHQ-9 with its score, a weekly PHQ-9 half answered, a GAD-7 not started.
      submitted = (await schedule(t.app, h.A, { ccauId: pat.ccauId, measureId: phq9, dueDate: dueDate(1) }))
        .clientMeasure.id;
      const submit = await t.app.inject({
        method: "POST",
        url: `/api/questionnaires/${submitted}`,
        headers: pat.respondent,
        payload: {
          completed: true,
          pageId: "p1",
          questionAnswers: [2, 2, 2, 2, 2, 2, 2, 2, 0, 1].map((value, k) => ({
            questionId: `q${k + 1}`,
            value,
            seq: k,
          })),
        },
      });
      expect(submit.statusCode, submit.body).toBe(200);
      partial = (
        await schedule(t.app, h.A, {
          ccauId: pat.ccauId,
          measureId: phq9,
          dueDate: dueDate(2),
          frequency: 3,
          confirm: true,
        })
      ).clientMeasure.id;
      const answer = await t.app.inject({
        method: "PUT",
        url: `/api/questionnaires/${partial}/page/p1/question/q1`,
        headers: pat.respondent,
        payload: { value: 1, seq: 1 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      notStarted = (await schedule(t.app, h.A, { ccauId: pat.ccauId, measureId: gad7, dueDate: dueDate(3) }))
        .clientMeasure.id;
    });

    const sessionStatus = async (id: number) =>
      (await sql<{ status: string }>`select status from client_measure where id = ${id}`.execute(t.db)).rows[0].status;
    const enabledSchedules = async (ccauIds: number[]) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from schedule
            where enabled and ccau_id in (${sql.join(ccauIds)})`.execute(t.db)
        ).rows[0].n,
      );

    it("disables schedules and open sessions, keeps submitted results, and ends every session at once", async () => {
      expect(await sessionStatus(partial)).toBe("partial");
      const enabledBefore = await enabledSchedules([pat.ccauId]);
      expect(enabledBefore).toBeGreaterThanOrEqual(3);
      // The partial PHQ-9, the not-started GAD-7 and the weekly schedule's next occurrence(s).
      const openBefore = Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from client_measure
            where ccau_id = ${pat.ccauId} and status in ('not_started', 'partial')`.execute(t.db)
        ).rows[0].n,
      );
      expect(openBefore).toBeGreaterThanOrEqual(2);
      const get = (headers: Headers) => t.app.inject({ method: "GET", url: "/api/security/get-session", headers });
      expect((await get(bearer(tokens.accessToken))).statusCode).toBe(200);
      expect((await get(pat.respondent)).statusCode).toBe(200);

      const res = await act(pat.respondentId, "deactivate");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        user: { id: pat.respondentId, status: 1 },
        disabled: { schedules: enabledBefore, measures: openBefore },
      });

      // Tokens issued before stop working: access tokens at once, the refresh token too.
      expect((await get(bearer(tokens.accessToken))).statusCode).toBe(401);
      expect((await get(pat.respondent)).statusCode).toBe(401);
      const renew = await t.app.inject({
        method: "POST",
        url: "/api/security/renew-token",
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(renew.statusCode).toBe(401);
      const { username } = await account(pat.respondentId);
      const again = await t.app.inject({
        method: "POST",
        url: "/api/security/login",
        payload: { username, password: TEST_PASSWORD },
      });
      expect(again.statusCode).toBe(401);

      expect(await enabledSchedules([pat.ccauId])).toBe(0);
      expect([await sessionStatus(submitted), await sessionStatus(partial), await sessionStatus(notStarted)]).toEqual([
        "submitted",
        "disabled",
        "disabled",
      ]);
      // The submitted result and its score stay in the chart for the clinician.
      const report = await t.app.inject({
        method: "GET",
        url: `/api/measure-session/${submitted}/session-report`,
        headers: h.A,
      });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json()).toMatchObject({ status: "submitted", score: { scorable: true, total: 16 } });
      const scores = await t.db
        .selectFrom("measure_score")
        .select(["score_type", "value"])
        .where("client_measure_id", "=", submitted)
        .execute();
      expect(scores.map((s) => [s.score_type, Number(s.value)])).toContainEqual(["total_score", 16]);
      // Spec §4: disabling a partly completed measure deletes its answers; submitted answers stay.
      const answers = async (id: number) =>
        (await sql<{ n: number }>`select count(*)::int as n from answer where client_measure_id = ${id}`.execute(t.db))
          .rows[0].n;
      expect(await answers(partial)).toBe(0);
      expect(await answers(submitted)).toBe(10);
      // Nothing new can be scheduled for a deactivated respondent.
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/scheduling",
        headers: h.A,
        payload: { ccauId: pat.ccauId, measureId: gad7, dueDate: dueDate(4), frequency: 1 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "ccauId", message: "This respondent's account is inactive. Activate it before scheduling measures." },
      ]);

      const log = await t.db
        .selectFrom("activity_log")
        .select(["actor_id", "detail"])
        .where("user_id", "=", pat.respondentId)
        .where("code", "=", ACTIVITY.inactivated)
        .execute();
      expect(log).toEqual([
        { actor_id: u.A, detail: { disabledSchedules: enabledBefore, disabledMeasures: openBefore } },
      ]);
      expect((await act(pat.respondentId, "deactivate")).json()).toEqual({
        error: STATUS_ACTION_FROM.deactivate.refusal,
        code: "invalid_status",
      });
      for (const action of ["invite", "invite_again", "cancel_invite"])
        expect((await act(pat.respondentId, action)).statusCode).toBe(400);
    });

    it("activates and invites; the disabled schedules stay disabled", async () => {
      const res = await act(pat.respondentId, "activate_and_invite");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ user: { status: 4 }, invitation: { sent: true, channel: "email" } });
      const codes = await activityCodes(t.db, pat.respondentId);
      expect(codes.slice(-2)).toEqual([ACTIVITY.reactivated, ACTIVITY.invitationSent]);
      expect(codes.lastIndexOf(ACTIVITY.inactivated)).toBeLessThan(codes.length - 2);
      expect(await enabledSchedules([pat.ccauId])).toBe(0);
      expect(await sessionStatus(partial)).toBe("disabled");
    });

    it("reactivates a person who cannot be reached as Not Invited and says why", async () => {
      const { id } = await respondentOnChartOf(u.A, { status: 2, email: false });
      expect((await act(id, "deactivate")).statusCode).toBe(200);
      const res = await act(id, "activate_and_invite");
      expect(res.statusCode).toBe(200);
      expect(res.json().user.status).toBe(3);
      expect(res.json().invitation).toMatchObject({ sent: false, reason: expect.stringMatching(/contact/) });
    });

    it("ends the account on every chart it answers on, done by staff (a clinician needs every chart)", async () => {
      const childA = await addPatient(t.app, h.A, { birth_date: "2016-02-02", clinicians: [u.A] });
      const childB = await addPatient(t.app, h.B, { birth_date: "2017-03-03", clinicians: [u.B] });
      const parent = await addRespondent(t.app, h.A, childA.access_control_id as number);
      // B cannot see the parent: staff link them (issue 8 §1; a clinician would invite them).
      const onB = await t.app.inject({
        method: "POST",
        url: "/api/respondents",
        headers: h.staff,
        payload: {
          ccaId: childB.access_control_id,
          existingUserId: parent.userId,
          email: parent.email,
          name_first: parent.name_first,
          name_last: parent.name_last,
          respondent_type: "caregiver",
          relation_id: 4,
        },
      });
      expect(onB.statusCode, onB.body).toBe(201);
      const links = [parent.ccauId, onB.json().ccauId as number];
      const a = await schedule(t.app, h.A, { ccauId: links[0], measureId: psc17, frequency: 5 });
      const b = await schedule(t.app, h.B, { ccauId: links[1], measureId: psc17, frequency: 5 });

      // A sees only one of the person's charts: an account-wide action is not theirs to take.
      const refused = await act(parent.userId, "deactivate");
      expect([refused.statusCode, refused.json().error]).toEqual([
        403,
        "Only staff can do this for this person's account.",
      ]);
      expect(await enabledSchedules(links)).toBe(2);

      const res = await act(parent.userId, "deactivate", h.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().disabled).toEqual({ schedules: 2, measures: 2 });
      expect(await enabledSchedules(links)).toBe(0);
      expect([await sessionStatus(a.clientMeasure.id), await sessionStatus(b.clientMeasure.id)]).toEqual([
        "disabled",
        "disabled",
      ]);
    });
  });

  describe("invite to self sign-in", () => {
    it("sends an Active respondent without a username a setup link; they stay Active and then sign in", async () => {
      const { id, email } = await respondentOnChartOf(u.A, { status: 2 });
      // Answering on a clinic device or with access codes: Active, no username.
      expect(await account(id)).toEqual({ status: 2, username: null });
      expect((await act(id, "invite")).json().error).toBe(STATUS_ACTION_FROM.invite.refusal);

      const res = await act(id, "invite_self_sign_in");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ user: { id, status: 2 }, invitation: { sent: true, channel: "email" } });
      expect((await activityCodes(t.db, id)).at(-1)).toBe(ACTIVITY.invitationSent);

      const token = await setupToken(email);
      const check = await t.app.inject({ method: "GET", url: `/api/security/validate-token?token=${token}` });
      expect(check.statusCode, check.body).toBe(200);
      const username = unique("teen.self");
      const setup = await t.app.inject({
        method: "POST",
        url: "/api/security/account-setup",
        payload: { token, username, password: SETUP_PASSWORD, confirmPassword: SETUP_PASSWORD },
      });
      expect(setup.statusCode, setup.body).toBe(200);
      expect(await account(id)).toEqual({ status: 2, username });
      await login(t.app, username, SETUP_PASSWORD);

      // Now they sign in on their own: nothing more to invite them to.
      const twice = await act(id, "invite_self_sign_in");
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ error: SELF_SIGN_IN_REFUSALS.signsIn, code: "invalid_status" });
    });

    it("is an ordinary invitation for a Not Invited account, and refused for an inactive one", async () => {
      const { id } = await respondentOnChartOf(u.A);
      const res = await act(id, "invite_self_sign_in");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.status).toBe(4);
      expect((await act(id, "invite_self_sign_in")).json().user.status).toBe(4);
      expect(await openSetupLinks(id)).toBe(1);

      expect((await act(id, "deactivate")).statusCode).toBe(200);
      const inactive = await act(id, "invite_self_sign_in");
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json()).toEqual({ error: SELF_SIGN_IN_REFUSALS.inactive, code: "invalid_status" });
    });

    it("can be canceled: the link stops working and the account stays Active", async () => {
      const { id, email } = await respondentOnChartOf(u.A, { status: 2 });
      expect((await act(id, "invite_self_sign_in")).statusCode).toBe(200);
      const token = await setupToken(email);
      const res = await act(id, "cancel_invite");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.status).toBe(2);
      expect((await activityCodes(t.db, id)).at(-1)).toBe(ACTIVITY.invitationCanceled);
      const check = await t.app.inject({ method: "GET", url: `/api/security/validate-token?token=${token}` });
      expect(check.statusCode).toBe(400);
      expect((await act(id, "cancel_invite")).json().error).toBe(STATUS_ACTION_FROM.cancel_invite.refusal);
    });
  });

  describe("who may change a patient user's status", () => {
    it("staff may, for any respondent; a clinician only for one on a chart they see", async () => {
      const onB = await respondentOnChartOf(u.B);
      const byA = await act(onB.id, "invite", h.A);
      expect(byA.statusCode).toBe(404);
      expect(byA.json()).toEqual(NOT_VISIBLE);
      expect((await account(onB.id)).status).toBe(3);
      expect((await act(onB.id, "deactivate", h.S)).statusCode).toBe(404); // S supervises A, not B

      expect((await act(onB.id, "invite", h.staff)).statusCode).toBe(200);
      expect((await act(onB.id, "cancel_invite", h.admin)).statusCode).toBe(200);
      expect((await act(onB.id, "invite", h.B)).statusCode).toBe(200);

      const onA = await respondentOnChartOf(u.A);
      expect((await act(onA.id, "deactivate", h.S)).statusCode).toBe(200); // through supervising A
    });

    it("a clinician loses the account with the chart link: removed from the team, it is 404", async () => {
      const { id, ccauId } = await respondentOnChartOf(u.A);
      await t.db.updateTable("cca_user").set({ deleted_at: new Date() }).where("id", "=", ccauId).execute();
      expect((await act(id, "invite")).json()).toEqual(NOT_VISIBLE);
      expect((await act(id, "invite", h.staff)).statusCode).toBe(200);
    });

    it("others are refused: 403 without an account permission, 401 without a session", async () => {
      const { id } = await respondentOnChartOf(u.A);
      const director = await act(id, "deactivate", h.director);
      expect(director.statusCode).toBe(403);
      expect(director.json().code).toBe("forbidden");
      const respondent = await createRespondent(t.db, { status: 2, username: unique("resp") });
      const own = await login(t.app, (await account(respondent)).username as string);
      expect((await act(id, "deactivate", bearer(own.accessToken))).statusCode).toBe(403);
      expect((await act(respondent, "deactivate", bearer(own.accessToken))).statusCode).toBe(403);
      expect((await changeStatus(id, { action: "deactivate" }, {})).statusCode).toBe(401);
      expect((await account(id)).status).toBe(3);
    });

    it("a clinical user's id and an unknown id are 404, whoever asks", async () => {
      for (const headers of [h.admin, h.staff, h.A]) {
        expect((await act(u.B, "deactivate", headers)).json()).toEqual(NOT_VISIBLE);
        expect((await act(987654, "deactivate", headers)).statusCode).toBe(404);
      }
      expect((await account(u.B)).status).toBe(2);
    });
  });

  describe("malformed input", () => {
    it("answers 400 with field errors, never 500", async () => {
      const { id } = await respondentOnChartOf(u.A);
      const bad = async (payload: unknown, errors?: { field: string; message: string }[]) => {
        const res = await changeStatus(id, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe("validation");
        if (errors) expect(res.json().errors).toEqual(errors);
      };
      await bad({ action: "promote" }, [{ field: "action", message: "Action is not valid" }]);
      await bad({}, [{ field: "action", message: "Action is required" }]);
      await bad({ action: "invite", channel: "fax" }, [{ field: "channel", message: "Send by is not valid" }]);
      await bad({ action: 3 });
      await bad({ action: "invite", userId: 5 });
      await bad(null);
      await bad("deactivate");
      await bad([{ action: "deactivate" }]);
      const noBody = await t.app.inject({
        method: "POST",
        url: `/api/patient-user/respondents/${id}/change-status`,
        headers: h.A,
      });
      expect(noBody.statusCode).toBe(400);
      for (const path of ["abc", "0", "-1", "1.5"]) {
        const res = await changeStatus(path, { action: "invite" });
        expect(res.statusCode, path).toBe(400);
        expect(res.json().errors).toEqual([{ field: "id", message: "Id is not valid" }]);
      }
      expect((await account(id)).status).toBe(3);
    });
  });
});
