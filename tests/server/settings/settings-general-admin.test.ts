import { describe, expect, it } from "vitest";
import { TIME_ZONE_NOT_VALID } from "../../../src/server/settings/general-settings-update.ts";
import { supportedTimeZones } from "../../../src/shared/time-zones.ts";
import { settingsSuite } from "../../helpers/settings.ts";
import { DATABASES } from "../../helpers/test-app.ts";

describe.each(DATABASES)("settings: general settings admin on $name", (database) => {
  const t = settingsSuite(database, "gs");

  const read = async (headers = t.roles.headers.clinician) => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings/general", headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** A save from a page that loaded the current settings: it names their version (an object body only). */
  const save = async (payload: unknown, headers = t.admin) => {
    const body =
      payload && typeof payload === "object" && !Array.isArray(payload) && Object.keys(payload).length > 0
        ? { version: (await read()).version, ...payload }
        : payload;
    return t.app.inject({ method: "PUT", url: "/api/settings/general", headers, payload: body as object });
  };

  it("saves the settings an admin owns and everyone reads them", async () => {
    const res = await save({
      customer_name: "  Lakeside Behavioral Health ",
      client_time_zone: "America/Chicago",
      sms_enabled: true,
      email_enabled: false,
      programs_enabled: false,
      include_appointments_feature: true,
      session_configuration: { timeout: 1800, warningThreshhold: 1680, checkRate: 5 },
      scheduling_due_dates_options: [0, 2, 5],
      alert_escalation_hours: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      customer_name: "Lakeside Behavioral Health",
      client_time_zone: "America/Chicago",
      sms_enabled: true,
      email_enabled: false,
      programs_enabled: false,
      include_appointments_feature: true,
      session_configuration: { timeout: 1800, warningThreshhold: 1680, secondsToShow: 120, checkRate: 5 },
      scheduling_due_dates_options: [0, 2, 5],
      alert_escalation_hours: 12,
      ehr_integration_available: false,
      setting_state: "patients",
      embedded_database: database.name === "pglite",
      version: 2,
    };
    expect(res.json()).toEqual(expected);
    expect(await read()).toEqual(expected);
    expect(await read(t.roles.headers.respondent)).toEqual(expected);
  });

  it("changes only the fields sent; an inactivity setting keeps the check rate it had", async () => {
    const res = await save({
      customer_name: "Hillside",
      session_configuration: { timeout: 3600, warningThreshhold: 3500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const settings = await read();
    expect(settings).toMatchObject({
      customer_name: "Hillside",
      client_time_zone: "America/Chicago",
      sms_enabled: true,
      session_configuration: { timeout: 3600, warningThreshhold: 3500, secondsToShow: 100, checkRate: 5 },
    });
    const booleans = await save({ sms_enabled: "false", email_enabled: "1" });
    expect(booleans.statusCode, booleans.body).toBe(200);
    expect(await read()).toMatchObject({ sms_enabled: false, email_enabled: true });
  });

  it("keeps who changed what in the history", async () => {
    await save({ customer_name: "Audited Clinic" });
    const rows = await t.db
      .selectFrom("record_history")
      .select(["data", "changed_by"])
      .where("entity", "=", "general_settings")
      .orderBy("version", "desc")
      .limit(1)
      .execute();
    expect(rows).toEqual([
      { data: { customer_name: "Audited Clinic", version: expect.any(Number) }, changed_by: t.roles.ids.admin },
    ]);
  });

  it("refuses a save based on settings another admin has changed since, and one naming no version", async () => {
    const opened = await read();
    expect((await save({ customer_name: "First Admin" })).statusCode).toBe(200);
    const stale = await t.app.inject({
      method: "PUT",
      url: "/api/settings/general",
      headers: t.admin,
      payload: { customer_name: "Second Admin", version: opened.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: "This record was changed by someone else. Reload it to see their changes.",
      code: "stale_record",
      currentVersion: opened.version + 1,
    });
    const unversioned = await t.app.inject({
      method: "PUT",
      url: "/api/settings/general",
      headers: t.admin,
      payload: { customer_name: "Third Admin" },
    });
    expect(unversioned.statusCode).toBe(428);
    expect(await read()).toMatchObject({ customer_name: "First Admin", version: opened.version + 1 });
    const onlyVersion = await save({ version: opened.version + 1 });
    expect(onlyVersion.json().errors).toEqual([{ field: "", message: "Change at least one setting" }]);
  });

  it("takes any time zone of the list the settings form offers (UTC, and names a newer browser lists), and nothing else", async () => {
    const zones = supportedTimeZones();
    expect(zones).toContain("America/New_York");
    expect(zones).toContain("UTC");
    for (const zone of ["UTC", "Asia/Kolkata", "America/Argentina/Buenos_Aires"]) {
      const res = await save({ client_time_zone: zone });
      expect(res.statusCode, zone).toBe(200);
      expect(res.json().client_time_zone).toBe(zone);
    }
    expect((await save({ client_time_zone: "America/Chicago" })).statusCode).toBe(200);
  });

  it("refuses bad settings with a message for the field, changing nothing", async () => {
    const before = await read();
    const cases: [unknown, string, string][] = [
      [{ client_time_zone: "Mars/Olympus_Mons" }, "client_time_zone", TIME_ZONE_NOT_VALID],
      [{ client_time_zone: "Europe/Atlantis" }, "client_time_zone", TIME_ZONE_NOT_VALID],
      [{ client_time_zone: "America/New York" }, "client_time_zone", "Clinic time zone is not valid"],
      [{ client_time_zone: "" }, "client_time_zone", "Clinic time zone is required"],
      [{ customer_name: "  " }, "customer_name", "Clinic name is required"],
      [
        { session_configuration: { timeout: 600, warningThreshhold: 600 } },
        "session_configuration",
        "Warn after must be less than sign out after",
      ],
      [
        { session_configuration: { timeout: 30, warningThreshhold: 10 } },
        "session_configuration",
        "Sign out after must be between 1 minute and 24 hours (1440 minutes)",
      ],
      [{ session_configuration: { timeout: 600 } }, "session_configuration", "Warn after is required"],
      [
        { session_configuration: { timeout: 600, warningThreshhold: 500, secondsToShow: 100 } },
        "session_configuration",
        "Inactivity sign-out is not valid",
      ],
      [
        { scheduling_due_dates_options: [] },
        "scheduling_due_dates_options",
        "Due date choices must be 1 to 12 different whole numbers of days from 0 to 365",
      ],
      [
        { scheduling_due_dates_options: [1, 1] },
        "scheduling_due_dates_options",
        "Due date choices must be 1 to 12 different whole numbers of days from 0 to 365",
      ],
      [
        { scheduling_due_dates_options: [-1] },
        "scheduling_due_dates_options",
        "Due date choices must be 1 to 12 different whole numbers of days from 0 to 365",
      ],
      [{ sms_enabled: "yes" }, "sms_enabled", "Send text messages is not valid"],
      [{ embedded_database: false }, "embedded_database", "That setting cannot be changed here"],
      [{ ehr_integration_available: true }, "ehr_integration_available", "That setting cannot be changed here"],
      [{}, "", "Change at least one setting"],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    expect((await save([])).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: "PUT",
      url: "/api/settings/general",
      headers: { ...t.admin, "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });

  it("is for admins only", async () => {
    const before = await read();
    for (const role of ["staff", "clinician", "supervisor", "director", "respondent"] as const) {
      const res = await save({ customer_name: `Taken over by ${role}` }, t.roles.headers[role]);
      expect(res.statusCode, role).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/settings/general",
      payload: { sms_enabled: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await read()).toEqual(before);
  });
});
