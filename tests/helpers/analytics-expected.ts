import ageBuckets from "../../schemas/buckets/age-filter.json" with { type: "json" };
import type { AnalyticsFixture, FixtureSession } from "./analytics-fixture.ts";

/** A query as the tests write it: every field given (the explorer fills defaults itself). */
export interface TestQuery {
  program_or_location_filter: "program" | "location";
  program_uuid: string[];
  location_uuid: string[];
  clinicians: number[];
  clinical_teams: number[];
  scorableFilter: boolean;
  measure: number[];
  results_to_include: "all" | "program_paired" | "episode_paired";
  gender: string[];
  age: string[];
  age_custom?: { min: number; max: number };
  completed: "any" | "admission" | "discharge" | "during";
  program_discharge: "any" | "discharged" | "in_care";
  completedType: "any" | "on_time" | "late";
  dateFilterMode: "completed" | "admission" | "discharge";
  datePreset: "all_time" | "custom";
  customRangeDate?: { greater_than: string; less_than: string };
}

export interface ExpectedRecord {
  recordId: number;
  scoreType: string;
  score: number;
}

const UNASSIGNED = 800000000000;

function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const before = (a: FixtureSession, b: FixtureSession) =>
  a.completedDay < b.completedDay || (a.completedDay === b.completedDay && a.id < b.id);

/** The same respondent's sessions of the same measure in the same episode. */
function siblings(all: FixtureSession[], s: FixtureSession): FixtureSession[] {
  return all.filter(
    (o) =>
      o.id !== s.id &&
      o.episode &&
      o.episode.id === s.episode?.id &&
      o.measureId === s.measureId &&
      o.patient.id === s.patient.id,
  );
}

function takenAt(all: FixtureSession[], s: FixtureSession): string {
  if (!s.episode) return "none";
  if (s.atDischarge) return "discharge";
  return siblings(all, s).some((o) => before(o, s)) ? "during" : "admission";
}

function paired(all: FixtureSession[], s: FixtureSession, mode: TestQuery["results_to_include"]): boolean {
  if (mode === "all") return true;
  if (!s.episode) return false;
  const others = siblings(all, s);
  const earlier = others.some((o) => before(o, s));
  const later = others.some((o) => before(s, o));
  if (mode === "episode_paired") return (!earlier && later) || (!later && earlier);
  const dischargeLater = others.some((o) => o.atDischarge && before(s, o));
  return (!earlier && !s.atDischarge && dischargeLater) || (s.atDischarge && earlier && !dischargeLater);
}

/**
 * The records a query selects, worked out from the fixture's own objects: written apart from the
 * explorer's SQL (outcome-query.ts), from the rules in docs/analytics.md.
 */
export function expectedRecords(fx: AnalyticsFixture, q: TestQuery): ExpectedRecord[] {
  const all = fx.sessions;
  const buckets = ageBuckets.oneOf as { const: string; "x-min": number | null; "x-max": number | null }[];
  const kept = all.filter((s) => {
    if (!q.measure.includes(s.measureId)) return false;
    const program = s.episode ? fx.programs[s.episode.programIndex] : undefined;
    if (q.program_or_location_filter === "program") {
      if (!program || !q.program_uuid.includes(program.uuid)) return false;
    } else {
      const location = program && program.locationIndex !== null ? fx.locations[program.locationIndex] : undefined;
      if (!(location ? q.location_uuid.includes(location.uuid) : q.location_uuid.includes("none"))) return false;
    }
    const p = s.patient;
    const careTeam =
      p.clinicians.some((c) => q.clinicians.includes(c)) ||
      (q.clinicians.includes(UNASSIGNED) && p.clinicians.length === 0) ||
      p.teams.some((t) => q.clinical_teams.includes(t));
    if (!careTeam) return false;
    if (!q.gender.includes(p.gender)) return false;
    const age = ageOn(p.birthDate, s.completedDay);
    const inAge = q.age.some((code) => {
      const [min, max] =
        code === "custom"
          ? [q.age_custom?.min ?? null, q.age_custom?.max ?? null]
          : (() => {
              const b = buckets.find((x) => x.const === code);
              return [b?.["x-min"] ?? null, b?.["x-max"] ?? null];
            })();
      return (min === null || age >= min) && (max === null || age <= max);
    });
    if (!inAge) return false;
    if (q.completed !== "any" && takenAt(all, s) !== q.completed) return false;
    if (q.program_discharge === "discharged" && !s.episode?.discharge) return false;
    if (q.program_discharge === "in_care" && !(s.episode && !s.episode.discharge)) return false;
    const onTime = s.completedDay <= s.dueDay;
    if (q.completedType === "on_time" && !onTime) return false;
    if (q.completedType === "late" && onTime) return false;
    if (q.datePreset === "custom" && q.customRangeDate) {
      const { greater_than: from, less_than: to } = q.customRangeDate;
      const day =
        q.dateFilterMode === "completed"
          ? s.completedDay
          : q.dateFilterMode === "admission"
            ? s.episode?.admission
            : s.episode?.discharge;
      if (!day || day < from || day > to) return false;
    }
    return paired(all, s, q.results_to_include);
  });
  return kept.flatMap((s) => s.scores.map((sc) => ({ recordId: s.id, scoreType: sc.type, score: sc.value })));
}
