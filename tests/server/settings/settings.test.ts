import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("settings on $name", (database) => {
  let t: TestApp;
  let headers: { authorization: string };
  let other: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(database);
    headers = (await signedInUser(t.db, { username: "clin", roles: ["clinician"] })).headers;
    other = (await signedInUser(t.db, { username: "resp", roles: ["respondent"], userType: "patient" })).headers;
  });
  afterAll(async () => t.close());

  const general = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings/general", headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe("GET /api/settings/general", () => {
    it("serves the schema's defaults (spec §9) with secondsToShow derived", async () => {
      expect(await general()).toEqual({
        session_configuration: { timeout: 7200, warningThreshhold: 7140, secondsToShow: 60, checkRate: 1 },
        sms_enabled: false,
        email_enabled: true,
        programs_enabled: true,
        include_appointments_feature: false,
        ehr_integration_available: false,
        setting_state: "patients",
        client_time_zone: "America/New_York",
        customer_name: "Demo Clinic",
        scheduling_due_dates_options: [0, 1, 3, 7, 14],
        alert_escalation_hours: 24,
        embedded_database: database.name === "pglite",
        version: 1,
      });
    });

    it("lays stored settings over the defaults and serves only the fields the schema knows", async () => {
      await t.db
        .insertInto("general_setting")
        .values([
          { key: "session_configuration", value: JSON.stringify({ timeout: 1800, warningThreshhold: 1680 }) },
          { key: "customer_name", value: JSON.stringify("Lakeside Behavioral Health") },
          { key: "sms_enabled", value: JSON.stringify(true) },
          { key: "embedded_database", value: JSON.stringify(database.name !== "pglite") },
          { key: "smtp_password", value: JSON.stringify("never served") },
        ])
        .execute();
      const settings = await general();
      expect(settings.session_configuration).toEqual({
        timeout: 1800,
        warningThreshhold: 1680,
        secondsToShow: 120,
        checkRate: 1,
      });
      expect(settings).toMatchObject({
        customer_name: "Lakeside Behavioral Health",
        sms_enabled: true,
        email_enabled: true,
        embedded_database: database.name === "pglite",
      });
      expect(settings).not.toHaveProperty("smtp_password");
    });

    it("is for signed-in users only", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/settings/general" });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("invalid_token");
    });
  });

  describe("/api/settings/ui-settings", () => {
    const read = (h = headers) => t.app.inject({ method: "GET", url: "/api/settings/ui-settings", headers: h });
    const save = (payload: unknown, h = headers) =>
      t.app.inject({ method: "POST", url: "/api/settings/ui-settings", headers: h, payload: payload as object });

    it("is {} before anything is saved", async () => {
      const res = await read();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    });

    it("merges each save shallowly into what was saved, per user", async () => {
      expect((await save({ patientsList: { view: "my" } })).json()).toEqual({ patientsList: { view: "my" } });
      expect((await save({ patientSelector: "active", measureOverview: { "12": true } })).json()).toEqual({
        patientsList: { view: "my" },
        patientSelector: "active",
        measureOverview: { "12": true },
      });
      // A top-level key is replaced whole, not merged key by key.
      await save({ measureOverview: { "13": false } });
      expect((await read()).json()).toEqual({
        patientsList: { view: "my" },
        patientSelector: "active",
        measureOverview: { "13": false },
      });
      expect((await read(other)).json()).toEqual({});
      expect((await save({ alertsStatusSelector: "open" }, other)).json()).toEqual({ alertsStatusSelector: "open" });
      expect((await read()).json()).not.toHaveProperty("alertsStatusSelector");
    });

    it("refuses what the schema does not describe", async () => {
      for (const payload of [
        { favourite: 1 },
        { patientsList: { view: "everyone" } },
        { noContactInfoselector: "yes" },
        [1],
      ]) {
        const res = await save(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe("validation");
      }
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/settings/ui-settings",
        headers: { ...headers, "content-type": "application/json" },
        payload: "{",
      });
      expect(bad.statusCode).toBe(400);
      expect((await read()).json().patientsList).toEqual({ view: "my" });
    });
  });
});
