import { beforeAll } from "vitest";
import { syncMeasureLibrary } from "../../src/server/measures/library-sync.ts";
import { clinicTimeZone } from "../../src/server/sessions/availability.ts";
import { todayIn } from "../../src/shared/scheduling/due-dates.ts";
import type { TestQuery } from "./analytics-expected.ts";
import { type AnalyticsFixture, buildAnalyticsFixture } from "./analytics-fixture.ts";
import { measureId } from "./measures.ts";
import { setProgramsEnabled } from "./programs.ts";
import { type SettingsSuite, settingsSuite } from "./settings.ts";
import type { DATABASES } from "./test-app.ts";

/** Spec §9: the Unassigned clinician's id in a query. */
export const UNASSIGNED = 800000000000;

export interface AnalyticsSuite {
  t: SettingsSuite;
  /** The fixture clinic (tests/helpers/analytics-fixture.ts), built before the file's tests. */
  fx(): AnalyticsFixture;
  /** The clinic's calendar day the fixture's dates are anchored on. */
  today(): string;
  /**
   * Everyone's records of the PHQ-9: every program, clinician (Unassigned too), gender and age,
   * all time; `over` changes what a test is about.
   */
  everyone(over?: Partial<TestQuery>): TestQuery;
}

/**
 * The analytics tests' common ground: the app with a user of each role (settingsSuite), the
 * measure library, programs on, and the fixture clinic, built once per file and database.
 */
export function analyticsSuite(
  database: (typeof DATABASES)[number],
  prefix: string,
  opts?: Parameters<typeof settingsSuite>[2],
): AnalyticsSuite {
  const t = settingsSuite(database, prefix, opts);
  let fx: AnalyticsFixture | undefined;
  let today = "";
  beforeAll(async () => {
    await syncMeasureLibrary(t.db);
    await setProgramsEnabled(t.db, true);
    today = todayIn(await clinicTimeZone(t.db));
    const measures = {
      phq9: await measureId(t.db, "phq-9"),
      gad7: await measureId(t.db, "gad-7"),
      psc17: await measureId(t.db, "psc-17"),
    };
    fx = await buildAnalyticsFixture(t.db, measures, today, prefix);
  }, 120_000);
  const built = () => {
    if (!fx) throw new Error("the analytics fixture is built in beforeAll");
    return fx;
  };
  return {
    t,
    fx: built,
    today: () => today,
    everyone: (over = {}) => ({
      program_or_location_filter: "program",
      program_uuid: built().programs.map((p) => p.uuid),
      location_uuid: [],
      clinicians: [UNASSIGNED, ...built().clinicians],
      clinical_teams: [],
      scorableFilter: true,
      measure: [built().measures.phq9],
      results_to_include: "all",
      gender: ["m", "f", "u", "o", "n"],
      age: ["lt18", "18-25", "26-35", "36-45", "46-55", "56-65", "gt65"],
      completed: "any",
      program_discharge: "any",
      completedType: "any",
      dateFilterMode: "completed",
      datePreset: "all_time",
      ...over,
    }),
  };
}
