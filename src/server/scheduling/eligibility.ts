import type { MeasureDefinition } from "../../shared/measures/types.ts";

/** Relation ids (schemas/enums/relation.json) of the patient answering for themself. */
const SELF_RELATIONS = new Set([1, 2, 3]);
/** Parents, step-, foster and adoptive parents, guardians, grandparents, legal representatives, caregivers. */
const CAREGIVER_RELATIONS = new Set([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 44, 45]);
/** Teachers and school counsellors. */
const TEACHER_RELATIONS = new Set([48, 49]);

export interface RespondentFacts {
  relationId: number;
  respondentType: string | null;
  /** The patient's age in whole years: age ranges are about the person the measure is about. */
  patientAge: number;
}

export type Eligibility = { ok: true } | { ok: false; reason: string };

function answersAs(def: MeasureDefinition, facts: RespondentFacts): Eligibility {
  switch (def.respondent) {
    case "self":
    case "clinician":
      // A clinician-administered measure is recorded on the patient's own link.
      return SELF_RELATIONS.has(facts.relationId)
        ? { ok: true }
        : { ok: false, reason: "This measure is answered by the patient themself." };
    case "parent":
      return CAREGIVER_RELATIONS.has(facts.relationId) || facts.respondentType === "caregiver"
        ? { ok: true }
        : { ok: false, reason: "This measure is answered by a parent or caregiver." };
    case "teacher":
      return TEACHER_RELATIONS.has(facts.relationId) || facts.respondentType === "teacher"
        ? { ok: true }
        : { ok: false, reason: "This measure is answered by a teacher." };
  }
}

/**
 * Whether a measure may be scheduled for a respondent: who the definition says answers it, and
 * the patient's age where the definition gives a verified minimum or maximum. A range stated
 * only as text ("adults; not stated in sources read") restricts nothing.
 */
export function fitsRespondent(def: MeasureDefinition, facts: RespondentFacts): Eligibility {
  const who = answersAs(def, facts);
  if (!who.ok) return who;
  const { min, max } = def.ageRange;
  if ((min !== undefined && facts.patientAge < min) || (max !== undefined && facts.patientAge > max)) {
    return { ok: false, reason: `This measure is for ages ${def.ageRange.text}.` };
  }
  return { ok: true };
}
