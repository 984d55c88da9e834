import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { sendDueReminders } from "../../../src/server/reminders/send-due-reminders.ts";
import { setGeneralSetting } from "../../helpers/accounts.ts";
import { contextOf } from "../../helpers/context.ts";
import { measureId } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { chartToRemind, occurrence, reminderMessages } from "./reminder-fixture.ts";

const CLINIC = "Riverside Family Clinic";

describe.each(DATABASES)("reminders to respondents on $name", (database) => {
  let t: TestApp;
  let phq9: number;
  const ctx = () => contextOf(t, database.name);
  const run = (at: string) => sendDueReminders(ctx(), new Date(at));
  const sentSince = async (before: number) => (await reminderMessages(t.db)).filter((m) => m.id > before);
  const lastId = async () => (await reminderMessages(t.db)).at(-1)?.id ?? 0;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    phq9 = await measureId(t.db, "phq-9");
    await setGeneralSetting(t.db, "customer_name", CLINIC);
  });
  afterAll(async () => t.close());
  // Each case starts with nothing open and the clinic in New York (the default zone).
  beforeEach(async () => {
    await t.db.updateTable("client_measure").set({ status: "disabled" }).execute();
    await t.db.deleteFrom("general_setting").where("key", "=", "client_time_zone").execute();
  });

  it("reminds once when the window opens, with a link and without clinical content", async () => {
    const r = await chartToRemind(t.db);
    await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    const before = await lastId();
    // Saturday 6 March, 10:00 in New York: not open yet.
    expect(await run("2027-03-06T15:00:00Z")).toEqual({ claimed: 0, messages: 0, quiet: false });
    // Sunday 7 March, 09:00: open since midnight.
    expect(await run("2027-03-07T14:00:00Z")).toEqual({ claimed: 1, messages: 1, quiet: false });
    const [sent, ...more] = await sentSince(before);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ recipient: r.email, purpose: "measure_reminder", user_id: r.userId, status: "kept" });
    expect(sent?.subject).toBe(`A questionnaire to complete for ${CLINIC}`);
    expect(sent?.body).toContain(`You have a questionnaire to complete for ${CLINIC}.`);
    // No password: the link is the access-code sign-in, which ends on the respondent's sessions.
    expect(sent?.link).toMatch(/\/security\/access-code$/);
    expect(sent?.body).toContain(sent?.link);
    expect(sent?.body).not.toMatch(/PHQ|depress|Quinn|Sertraline|score/i);
    // Later runs that day and the next send nothing more about it.
    for (const at of ["2027-03-07T18:00:00Z", "2027-03-08T14:00:00Z"])
      expect(await run(at)).toEqual({ claimed: 0, messages: 0, quiet: false });
    expect(await sentSince(before)).toHaveLength(1);
  });

  it("reminds once more on the window's last day, 24 hours before it closes, deferred past quiet hours", async () => {
    const r = await chartToRemind(t.db, { signIn: true });
    await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    await run("2027-03-07T14:00:00Z");
    const before = await lastId();
    // Tuesday 9 March, 23:59 in New York: more than 24 hours before the window closes (and quiet).
    expect((await run("2027-03-10T04:59:00Z")).claimed).toBe(0);
    // Midnight: 24 hours before the end of the due day, but in quiet hours.
    expect(await run("2027-03-10T05:00:00Z")).toEqual({ claimed: 0, messages: 0, quiet: true });
    expect(await run("2027-03-10T12:59:00Z")).toEqual({ claimed: 0, messages: 0, quiet: true });
    // 08:00 in New York.
    expect(await run("2027-03-10T13:00:00Z")).toEqual({ claimed: 1, messages: 1, quiet: false });
    const [sent] = await sentSince(before);
    expect(sent).toMatchObject({ recipient: r.email, purpose: "measure_closing_reminder" });
    expect(sent?.subject).toBe(`Reminder: A questionnaire to complete for ${CLINIC}`);
    expect(sent?.body).toContain("It can be completed until the end of Wednesday, March 10.");
    // With a password: the link opens the respondent's sessions (through sign-in).
    expect(sent?.link).toMatch(/\/session$/);
    expect(await run("2027-03-10T20:00:00Z")).toEqual({ claimed: 0, messages: 0, quiet: false });
    // After the window has closed nothing is left to remind about.
    expect((await run("2027-03-11T14:00:00Z")).claimed).toBe(0);
  });

  it("sends one message when an occurrence opens on its last day, and one per respondent for several", async () => {
    const r = await chartToRemind(t.db);
    await occurrence(t.db, r.ccauId, phq9, "2027-03-10", null);
    await occurrence(t.db, r.ccauId, await measureId(t.db, "gad-7"), "2027-03-12", null);
    const before = await lastId();
    // Both open; the first also closes within 24 hours: three reminders claimed, one message.
    expect(await run("2027-03-10T14:00:00Z")).toEqual({ claimed: 3, messages: 1, quiet: false });
    const [sent, ...more] = await sentSince(before);
    expect(more).toEqual([]);
    expect(sent?.purpose).toBe("measure_closing_reminder");
    expect(sent?.body).toContain(`You have 2 questionnaires to complete for ${CLINIC}.`);
    expect(sent?.body).not.toMatch(/GAD|PHQ|anxiety/i);
  });

  it("keeps quiet from 21:00 to 08:00 in the clinic's time zone (Tokyo), and sends at 08:00", async () => {
    await setGeneralSetting(t.db, "client_time_zone", "Asia/Tokyo");
    const r = await chartToRemind(t.db);
    // Opens at midnight on 7 March in Tokyo: 15:00 UTC on the 6th.
    await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    const before = await lastId();
    for (const at of ["2027-03-06T15:30:00Z", "2027-03-06T22:59:00Z"])
      expect(await run(at)).toEqual({ claimed: 0, messages: 0, quiet: true });
    expect(await run("2027-03-06T23:00:00Z")).toEqual({ claimed: 1, messages: 1, quiet: false });
    expect(await sentSince(before)).toHaveLength(1);
    // 21:00 in Tokyo is quiet again, though it is noon in UTC.
    expect((await run("2027-03-07T12:00:00Z")).quiet).toBe(true);
    expect((await run("2027-03-07T11:59:00Z")).quiet).toBe(false);
  });

  it("sends each reminder once when two nodes run the same tick", async () => {
    const respondents = [await chartToRemind(t.db), await chartToRemind(t.db), await chartToRemind(t.db)];
    for (const r of respondents) await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    const before = await lastId();
    const at = new Date("2027-03-08T15:00:00Z");
    // Two nodes: each with its own context (message queue) over the same database.
    const [one, two] = await Promise.all([sendDueReminders(ctx(), at), sendDueReminders(ctx(), at)]);
    expect(one.claimed + two.claimed).toBe(3);
    expect(one.messages + two.messages).toBe(3);
    const sent = await sentSince(before);
    expect(sent.map((m) => m.recipient).sort()).toEqual(respondents.map((r) => r.email).sort());
    const claims = await t.db
      .selectFrom("occurrence_reminder")
      .select(["outbox_message_id"])
      .where("claimed_at", "=", at)
      .execute();
    expect(claims.map((c) => c.outbox_message_id).sort()).toEqual(sent.map((m) => m.id).sort());
  });

  it("reminds nobody deactivated, removed, not set up, of an inactive patient, or about a submitted or removed measure", async () => {
    const deactivated = await chartToRemind(t.db, { status: 1 });
    const notSetUp = await chartToRemind(t.db, { status: 3 });
    const removed = await chartToRemind(t.db);
    await t.db.updateTable("cca_user").set({ deleted_at: new Date() }).where("id", "=", removed.ccauId).execute();
    const inactivePatient = await chartToRemind(t.db);
    await t.db.updateTable("patient").set({ active: false }).where("id", "=", inactivePatient.patientId).execute();
    for (const r of [deactivated, notSetUp, removed, inactivePatient])
      await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    const done = await chartToRemind(t.db);
    await occurrence(t.db, done.ccauId, phq9, "2027-03-10", "2027-03-07", "submitted");
    await occurrence(t.db, done.ccauId, phq9, "2027-03-11", "2027-03-07", "disabled");
    const before = await lastId();
    expect(await run("2027-03-10T14:00:00Z")).toEqual({ claimed: 0, messages: 0, quiet: false });
    expect(await sentSince(before)).toEqual([]);
  });

  it("sends nothing when the respondent's notifications are off, and does not try again every run", async () => {
    const r = await chartToRemind(t.db, {
      contacts: [{ channel: 1, value: "quiet.parent@example.org", enabled: false }],
    });
    const id = await occurrence(t.db, r.ccauId, phq9, "2027-03-10", "2027-03-07");
    const before = await lastId();
    expect(await run("2027-03-08T15:00:00Z")).toEqual({ claimed: 1, messages: 0, quiet: false });
    expect(await sentSince(before)).toEqual([]);
    const claim = await t.db
      .selectFrom("occurrence_reminder")
      .select(["kind", "outbox_message_id"])
      .where("client_measure_id", "=", id)
      .execute();
    expect(claim).toEqual([{ kind: "opened", outbox_message_id: null }]);
    expect((await run("2027-03-08T16:00:00Z")).claimed).toBe(0);
  });
});
