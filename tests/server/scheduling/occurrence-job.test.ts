import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/server/config.ts";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { GENERATE_CRON, GENERATE_QUEUE, OccurrenceJob } from "../../../src/server/scheduling/occurrence-job.ts";
import { addDays, todayIn } from "../../../src/shared/scheduling/due-dates.ts";
import { queueSchemaFor } from "../../helpers/accounts.ts";
import { chartWithRespondent, measureId } from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

describe.each(DATABASES)("the occurrence generator job on the pg-boss queue on $name", (database) => {
  let t: TestApp;
  const queue = queueSchemaFor(database);
  let job: OccurrenceJob;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
  });
  afterAll(async () => {
    await job?.stop();
    await t.close();
    await queue.drop();
  });

  it("catches up as soon as it starts and registers its quarter-hourly schedule", async () => {
    const user = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    const chart = await chartWithRespondent(t.app, t.db, user.headers, {
      birth_date: "1980-05-01",
      clinicians: [user.id],
    });
    // A weekly schedule whose occurrences fell due while the server was down (three weeks ago on).
    const anchor = `${addDays(todayIn("America/New_York"), -21)}T00:00:00Z`;
    const schedule = await t.db
      .insertInto("schedule")
      .values({
        ccau_id: chart.ccauId,
        measure_id: await measureId(t.db, "phq-9"),
        frequency: 3,
        due_date: anchor,
        next_index: 0,
        next_due_date: anchor,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const base = loadConfig({ LOG_LEVEL: "silent" });
    job = new OccurrenceJob({
      config: { ...base, databaseUrl: database.url, accounts: { ...base.accounts, queueSchema: queue.schema } },
      db: t.db,
      dbKind: database.name,
      log: t.app.log,
    });
    await job.start();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("client_measure")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("schedule_id", "=", schedule.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = Date.now() + 20_000;
    // Three weeks back, this week, and two weeks ahead: 21 days ago ... 14 days on, weekly.
    while ((await count()) < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await count()).toBe(6);
    const cron = await sql<{
      cron: string;
    }>`select cron from ${sql.table(`${queue.schema}.schedule`)} where name = ${GENERATE_QUEUE}`.execute(t.db);
    expect(cron.rows).toEqual([{ cron: GENERATE_CRON }]);
  }, 30_000);
});
