import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { sendDueReminders } from "../../../src/server/reminders/send-due-reminders.ts";
import { MESSAGES } from "../../../src/shared/api-errors.ts";
import { setGeneralSetting } from "../../helpers/accounts.ts";
import { contextOf } from "../../helpers/context.ts";
import { measureId } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";
import { chartToRemind, daytimeZone, occurrence, reminderMessages } from "./reminder-fixture.ts";

const CLINIC = "Riverside Family Clinic";
/** A clinic day two days from now: an occurrence due then is open now, whatever the hour. */
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)("POST /api/respondents/:ccauId/send-reminder on $name", (database) => {
  let t: TestApp;
  let phq9: number;
  let h: Record<"A" | "B" | "director", { authorization: string }>;
  let a: number;

  const send = (ccauId: number, headers = h.A) =>
    t.app.inject({ method: "POST", url: `/api/respondents/${ccauId}/send-reminder`, headers });
  const overview = async (ccauId: number) => {
    const res = await t.app.inject({ method: "GET", url: `/api/overview/measures/${ccauId}`, headers: h.A });
    expect(res.statusCode).toBe(200);
    return res.json().reminder as { available: boolean; reason: string | null };
  };
  /** A respondent of A's chart with something open now. */
  async function withOpen(opts: Parameters<typeof chartToRemind>[1] = {}) {
    const r = await chartToRemind(t.db, { clinicians: [a], ...opts });
    const id = await occurrence(t.db, r.ccauId, phq9, inTwoDays(), null);
    return { ...r, clientMeasureId: id };
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    phq9 = await measureId(t.db, "phq-9");
    await setGeneralSetting(t.db, "customer_name", CLINIC);
    const users = await signInUsers(t.db, { A: ["clinician"], B: ["clinician"], director: ["director"] });
    h = users.headers;
    a = users.ids.A;
  });
  afterAll(async () => t.close());

  it("sends one reminder now about everything open, and the job will not repeat it", async () => {
    const r = await withOpen();
    await occurrence(t.db, r.ccauId, await measureId(t.db, "gad-7"), inTwoDays(), null);
    expect(await overview(r.ccauId)).toEqual({ available: true, reason: null });
    const res = await send(r.ccauId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, channel: "email", delivery: "kept", open: 2 });
    const sent = (await reminderMessages(t.db)).at(-1);
    expect(sent).toMatchObject({ recipient: r.email, purpose: "measure_reminder_manual", user_id: r.userId });
    expect(sent?.body).toContain(`You have 2 questionnaires to complete for ${CLINIC}.`);
    expect(sent?.body).not.toMatch(/PHQ|GAD|Quinn|Sertraline/i);
    const claims = await t.db
      .selectFrom("occurrence_reminder as r")
      .innerJoin("client_measure as cm", "cm.id", "r.client_measure_id")
      .select(["r.kind", "r.outbox_message_id"])
      .where("cm.ccau_id", "=", r.ccauId)
      .execute();
    expect(claims).toEqual([
      { kind: "opened", outbox_message_id: sent?.id },
      { kind: "opened", outbox_message_id: sent?.id },
    ]);
    // The job, run now (in a clinic where it is daytime), does not send the opening reminder again.
    await setGeneralSetting(t.db, "client_time_zone", daytimeZone());
    const job = await sendDueReminders(contextOf(t, database.name));
    await t.db.deleteFrom("general_setting").where("key", "=", "client_time_zone").execute();
    expect(job.quiet).toBe(false);
    expect((await reminderMessages(t.db)).filter((m) => m.user_id === r.userId)).toHaveLength(1);
    // The clinician may send another one later: a reminder by hand is not limited to one.
    expect((await send(r.ccauId)).statusCode).toBe(200);
  });

  const refusals: [string, () => ReturnType<typeof withOpen>, number, string][] = [
    ["the respondent has no contact", () => withOpen({ contacts: [] }), 400, MESSAGES.reminderNoContact],
    [
      "the respondent's notifications are off",
      () => withOpen({ contacts: [{ channel: 1, value: "off.parent@example.org", enabled: false }] }),
      400,
      MESSAGES.reminderNotificationsOff,
    ],
    [
      "the respondent's only contact is on a channel the clinic has turned off (text messages)",
      () => withOpen({ contacts: [{ channel: 2, value: "5551234567" }] }),
      400,
      MESSAGES.reminderChannelsOff,
    ],
    ["the respondent is deactivated", () => withOpen({ status: 1 }), 409, MESSAGES.reminderRespondentInactive],
    ["the respondent's account is not set up", () => withOpen({ status: 3 }), 409, MESSAGES.reminderNotSetUp],
    [
      "the patient is not active",
      async () => {
        const r = await withOpen();
        await t.db.updateTable("patient").set({ active: false }).where("id", "=", r.patientId).execute();
        return r;
      },
      409,
      MESSAGES.reminderPatientInactive,
    ],
    [
      "there is nothing open (the only measure is submitted)",
      async () => {
        const r = await withOpen();
        await t.db
          .updateTable("client_measure")
          .set({ status: "submitted" })
          .where("id", "=", r.clientMeasureId)
          .execute();
        return r;
      },
      409,
      MESSAGES.reminderNothingOpen,
    ],
  ];

  it.each(refusals)(
    "is refused when %s, sends nothing, and the chart says why",
    async (_name, make, status, message) => {
      const r = await make();
      const before = (await reminderMessages(t.db)).length;
      const res = await send(r.ccauId);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(message);
      expect(await reminderMessages(t.db)).toHaveLength(before);
      expect(await overview(r.ccauId)).toEqual({ available: false, reason: message });
    },
  );

  it("is a 404 on a chart outside the caller's access and a 403 without write access; nothing is sent", async () => {
    const r = await withOpen();
    const before = (await reminderMessages(t.db)).length;
    expect((await send(r.ccauId, h.B)).statusCode).toBe(404);
    expect((await send(r.ccauId, h.director)).statusCode).toBe(403);
    expect((await send(999_999)).statusCode).toBe(404);
    expect(await reminderMessages(t.db)).toHaveLength(before);
    const bad = await t.app.inject({ method: "POST", url: "/api/respondents/abc/send-reminder", headers: h.A });
    expect(bad.statusCode).toBe(400);
  });
});
