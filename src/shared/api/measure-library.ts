import type { MeasureDefinition } from "../measures/types.ts";

/**
 * What every answer about one measure definition names it by: the library's snake-cased copy of
 * the definition's identity, shared by the library detail and the session reports.
 */
export interface MeasureSummary {
  measure_id: string;
  /** The definition version (the library's current one, or the one a session was answered to). */
  version: string;
  abbreviation: string;
  short_name: string;
  name: string;
  condition: string;
  respondent: string;
  recall_period: string;
}

/**
 * GET /api/library/:measureLibraryId (src/server/measures/library-routes.ts): the definition,
 * snake-cased, with everything it states (verified or not) plus this user's library state.
 */
export interface LibraryDetail extends MeasureSummary {
  id: number;
  respondent_detail: string | null;
  question_count: number;
  starred: boolean;
  in_library: boolean;
  /** The replacement's abbreviation is read by a left join: typed as it may come, null. */
  discontinued: { date: string; replacement: { id: number; abbreviation: string | null } | null } | null;
  clinical_administered: boolean;
  pre_populate: boolean;
  is_bundle_measure: boolean;
  is_safety_plan: boolean;
  age_range: MeasureDefinition["ageRange"];
  instructions: MeasureDefinition["instructions"];
  license_status: string;
  license: MeasureDefinition["license"];
  source: string[];
  loinc: MeasureDefinition["loinc"];
  scoring: MeasureDefinition["scoring"] | null;
  bands: MeasureDefinition["bands"];
  cutoff: MeasureDefinition["cutoff"];
  rci: MeasureDefinition["rci"];
  alerts: MeasureDefinition["alerts"];
  notes: NonNullable<MeasureDefinition["notes"]>;
  unverified: MeasureDefinition["unverified"];
  pages: MeasureDefinition["pages"];
}
