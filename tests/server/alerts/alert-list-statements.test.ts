import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/**
 * The chart's alert list is on every chart page (issue 12: p99 under 50 ms at 50 clients), so the
 * settings it reads are pinned: one setting (alert_escalation_hours, for Overdue), read with the
 * other requests of its turn, not the whole settings document and its version. That the list
 * follows the setting is alert-escalation.test.ts's.
 */
describe.each(DATABASES)("settings read by the chart's alert list on $name", (database) => {
  let t: TestApp;
  let recording: string[] | null = null;
  let headers: { authorization: string };
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp(database, { onQuery: (sql) => recording?.push(sql) });
    const admin = await signedInUser(t.db, { username: "alerts-admin", roles: ["admin", "clinician"] });
    headers = admin.headers;
    patientId = (await addPatient(t.app, headers, { last_name: "Alerted", clinicians: [admin.id] })).id;
  });
  afterAll(async () => t.close());

  const settingsReadBy = async (url: string) => {
    recording = [];
    const res = await t.app.inject({ method: "GET", url, headers });
    const statements = recording;
    recording = null;
    expect(res.statusCode).toBe(200);
    return statements.filter((sql) => sql.includes('from "general_setting"'));
  };

  it("reads the one setting it needs, through the shared per-turn statement", async () => {
    const reads = await settingsReadBy(`/api/patients/${patientId}/alerts?status=active&pageSize=100`);
    expect(reads).toEqual(['select "key", "value" from "general_setting" where key = any($1::text[])']);
  });
});
