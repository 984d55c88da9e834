import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { MEASURE_LIBRARY, measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import {
  type ChartWithRespondent,
  chartWithRespondent,
  dueDate,
  type Headers,
  measureId,
  schedule,
} from "../../helpers/measures.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";
import { signInUsers } from "../../helpers/users.ts";

const HOUR = 3_600_000;

/**
 * An answer save reads what it checks in its own statements (answer-claim.ts), caching only what
 * never changes (a definition version's content). So what an admin or a library update changes
 * counts from the very next save: the clinic's time zone, and the definition a session nobody has
 * answered yet is answered with.
 */
describe.each(DATABASES)("an answer save after a change, on $name", (database) => {
  let t: TestApp;
  let h: Record<"clinician" | "admin", Headers>;
  let clinicianId: number;
  let phq9: number;

  beforeAll(async () => {
    t = await createTestApp(database);
    await syncMeasureLibrary(t.db);
    const staff = await signInUsers(t.db, { clinician: ["clinician"], admin: ["admin"] });
    h = staff.headers;
    clinicianId = staff.ids.clinician;
    phq9 = await measureId(t.db, "phq-9");
  });
  afterAll(async () => t.close());

  const chart = (last: string) =>
    chartWithRespondent(t.app, t.db, h.clinician, { first_name: "Pat", last_name: last, clinicians: [clinicianId] });
  const assign = async (who: ChartWithRespondent) =>
    (await schedule(t.app, h.clinician, { ccauId: who.ccauId, measureId: phq9, dueDate: dueDate(2) })).clientMeasure.id;
  const put = (who: ChartWithRespondent, cm: number, question: string, value: unknown, seq: number) =>
    t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/${question}`,
      headers: who.respondent,
      payload: { value, seq },
    });
  async function setClinicZone(zone: string): Promise<void> {
    const { version } = (await t.app.inject({ method: "GET", url: "/api/settings/general", headers: h.admin })).json();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings/general",
      headers: h.admin,
      payload: { version, client_time_zone: zone },
    });
    expect(res.statusCode).toBe(200);
  }

  it("takes a changed clinic time zone from the next save on", async () => {
    const pat = await chart("Zone");
    const cm = await assign(pat);
    // Due on the UTC day that began 11 to 35 hours ago: that day is over at UTC+14 (it ended
    // 10 hours after it began) and not yet at UTC-11 (it ends 35 hours after it began).
    const day = new Date(Date.now() - 11 * HOUR).toISOString().slice(0, 10);
    await sql`update client_measure set due_date = ${`${day} 00:00:00+00`}::timestamptz where id = ${cm}`.execute(t.db);

    await setClinicZone("Pacific/Kiritimati");
    const closed = await put(pat, cm, "q1", 1, 1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("session_expired");

    await setClinicZone("Pacific/Pago_Pago");
    const open = await put(pat, cm, "q1", 1, 2);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ applied: true, status: "partial", lastSeq: 2, answeredCount: 1 });

    await setClinicZone("Pacific/Kiritimati");
    expect((await put(pat, cm, "q2", 1, 3)).json().code).toBe("session_expired");
  });

  it("answers a session nobody answered yet with the library's newest definition, and keeps a started one on its own", async () => {
    const freshBy = await chart("Fresh");
    const fresh = await assign(freshBy);
    const startedBy = await chart("Started");
    const started = await assign(startedBy);
    expect((await put(startedBy, started, "q1", 1, 1)).statusCode).toBe(200);

    // A new PHQ-9 version whose first question takes a fifth option.
    const original = measureDefinition("phq-9") as MeasureDefinition;
    const [q1, ...rest] = original.pages[0].questions;
    const q1Options = [...(q1.options ?? []), { value: 4, label: "Every waking hour", score: 3 }] as typeof q1.options;
    const changed: MeasureDefinition = {
      ...original,
      version: "1.0.1",
      pages: [
        { ...original.pages[0], questions: [{ ...q1, options: q1Options }, ...rest] },
        ...original.pages.slice(1),
      ],
    };
    await syncMeasureLibrary(
      t.db,
      MEASURE_LIBRARY.map((d) => (d.id === "phq-9" ? changed : d)),
    );
    const versionOf = async (cm: number) =>
      (
        await t.db
          .selectFrom("client_measure as cm")
          .innerJoin("measure_version as v", "v.id", "cm.measure_version_id")
          .select("v.version")
          .where("cm.id", "=", cm)
          .executeTakeFirstOrThrow()
      ).version;

    const freshSave = await put(freshBy, fresh, "q1", 4, 1);
    expect(freshSave.statusCode).toBe(200);
    expect(freshSave.json()).toMatchObject({ applied: true, value: 4 });
    expect(await versionOf(fresh)).toBe("1.0.1");

    const startedSave = await put(startedBy, started, "q1", 4, 2);
    expect(startedSave.statusCode).toBe(400);
    expect(startedSave.json().errors).toEqual([{ field: "q1", message: "Choose one of this question's options." }]);
    expect(await versionOf(started)).toBe("1.0.0");
  });
});
