import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { accountsConfig, eventually, queueSchemaFor, setGeneralSetting } from "../../helpers/accounts.ts";
import { measureId } from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { chartToRemind, daytimeZone, occurrence, reminderMessages } from "./reminder-fixture.ts";

describe.each(DATABASES)("the reminder job on the pg-boss queue on $name", (database) => {
  const queue = queueSchemaFor(database);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, {
      config: { ...accountsConfig({ queueSchema: queue.schema }), reminderCheckSeconds: 1 },
    });
  });
  afterAll(async () => {
    await t.close();
    await queue.drop();
  });

  it("runs by itself after start and reminds a respondent of what is open, once", async () => {
    await syncMeasureLibrary(t.db);
    // A clinic where it is daytime now, so the test never falls in quiet hours.
    await setGeneralSetting(t.db, "client_time_zone", daytimeZone());
    const r = await chartToRemind(t.db);
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await occurrence(t.db, r.ccauId, await measureId(t.db, "phq-9"), due, null);
    const sent = await eventually(async () => (await reminderMessages(t.db)).find((m) => m.user_id === r.userId));
    expect(sent).toMatchObject({ recipient: r.email, purpose: "measure_reminder" });
    // Further checks (one a second) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await reminderMessages(t.db)).filter((m) => m.user_id === r.userId)).toHaveLength(1);
  });
});
