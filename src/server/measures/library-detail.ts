import type { LibraryDetail } from "../../shared/api/measure-library.ts";
import type { MeasureDefinition, Scoring } from "../../shared/measures/types.ts";
import type { loadLibraryEntry } from "./library-read.ts";

type LibraryEntry = NonNullable<Awaited<ReturnType<typeof loadLibraryEntry>>>;

/**
 * The library detail page (issue 9 §4): what a clinician needs, in the definition's own words.
 * Provenance (sources, unverified lists, notes, the basis of rules, LOINC codes seen only in
 * third-party code) stays in the definition for developers (docs/measures.md) and is not sent.
 */
export function libraryDetail(entry: LibraryEntry): LibraryDetail {
  const def: MeasureDefinition = entry.definition;
  return {
    id: entry.id,
    measure_id: def.id,
    version: entry.version,
    abbreviation: def.abbreviation,
    short_name: def.shortName,
    name: def.name,
    condition: def.condition,
    // Definitions stored before the field existed have none; the condition says what it is about.
    purpose: def.purpose ?? def.condition,
    respondent: def.respondent,
    respondent_detail: def.respondentDetail ?? null,
    question_count: def.questionCount,
    starred: entry.starred,
    in_library: entry.in_library,
    discontinued: def.discontinued
      ? {
          date: def.discontinued.date,
          replacement:
            entry.replacement_id !== null
              ? { id: entry.replacement_id, abbreviation: entry.replacement_abbreviation }
              : null,
        }
      : null,
    clinical_administered: def.clinicalAdministered,
    pre_populate: def.prePopulate,
    is_bundle_measure: def.isBundleMeasure,
    is_safety_plan: def.isSafetyPlan,
    age_range: def.ageRange,
    recall_period: def.recallPeriod,
    instructions: clinicianInstructions(def),
    license_status: def.license.status,
    license: { status: def.license.status, summary: def.license.summary ?? "" },
    references: def.references ?? [],
    loinc: verifiedLoinc(def),
    scoring: def.scoring ? clinicianScoring(def.scoring) : null,
    bands: def.bands,
    cutoff: def.cutoff,
    rci: def.rci ? { value: def.rci.value, verified: def.rci.verified } : null,
    alerts: def.alerts.map(({ basis: _basis, ...rule }) => rule),
    pages: def.pages.map((page) => ({
      ...page,
      questions: page.questions.map(({ loinc: _loinc, note: _note, ...q }) => ({
        ...q,
        ...(q.options ? { options: q.options.map(({ value, label, score }) => ({ value, label, score })) } : {}),
      })),
    })),
  };
}

function clinicianInstructions(def: MeasureDefinition): LibraryDetail["instructions"] {
  const { respondent, interviewer } = def.instructions;
  return { ...(respondent ? { respondent } : {}), ...(interviewer ? { interviewer } : {}) };
}

/** Panel and total codes, unless they were seen only in third-party code. */
function verifiedLoinc(def: MeasureDefinition): LibraryDetail["loinc"] {
  if (!def.loinc || def.loinc.verified === "secondary") return null;
  const { panel, total } = def.loinc;
  return panel || total ? { ...(panel ? { panel } : {}), ...(total ? { total } : {}) } : null;
}

/** The scoring rule as data the page puts in words; the source's own wording and notes stay behind. */
function clinicianScoring(scoring: Scoring): NonNullable<LibraryDetail["scoring"]> {
  const { description: _description, notes: _notes, missing, ...rule } = scoring;
  const { note: _note, ...missingRule } = missing;
  return { ...rule, missing: missingRule };
}
