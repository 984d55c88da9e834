import type { ClinicalSignificance } from "../../../generated/types/api/responses/clinical-significance.ts";
import type { MeasureDefinition } from "../measures/types.ts";
import {
  type ClinicalCutoff,
  classifyJacobsonTruax,
  classifyTalkingTherapies,
  reliableChangePoints,
  type ScorePair,
  type SignificanceCategory,
} from "./clinical-significance.ts";

export type SignificanceMethod = ClinicalSignificance["method"];
type Instrument = ClinicalSignificance["instruments"][number];
export type ShownParameters = NonNullable<Instrument["parameters"]>;

/** An instrument the method can judge: what the screen shows, and the rule for one pair. */
export interface Judged {
  excluded: false;
  parameters: ShownParameters;
  classify: (pair: ScorePair) => SignificanceCategory;
}

export interface Excluded {
  excluded: true;
  reason: string;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** "10 or more", "below 13": the clinical side of a cut-off in words. */
export function clinicalSideInWords(cutoff: ClinicalCutoff): string {
  switch (cutoff.direction) {
    case ">=":
      return `${cutoff.value} or more`;
    case ">":
      return `more than ${cutoff.value}`;
    case "<=":
      return `${cutoff.value} or less`;
    case "<":
      return `below ${cutoff.value}`;
    default:
      return `${cutoff.direction} ${cutoff.value}`;
  }
}

function listInWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join("; ")}; and ${parts.at(-1)}`;
}

/**
 * The Jacobson–Truax parameters of an instrument, or why it is left out. Every parameter must be
 * verified in the definition: test–retest reliability and SD (jacobsonTruax), and one cut-off
 * (criterion c). Nothing is filled in or guessed.
 */
export function jacobsonTruaxFor(def: MeasureDefinition): Judged | Excluded {
  const missing: string[] = [];
  if (!def.scoring) return { excluded: true, reason: "Not included: it has no total score to compare." };
  const jt = def.jacobsonTruax;
  if (!jt) {
    missing.push("no published test–retest reliability and standard deviation have been checked for it");
  } else if (!jt.verified) {
    missing.push("its test–retest reliability and standard deviation are not verified against their publication");
  }
  const cutoff = def.cutoff;
  if (!cutoff) missing.push("it has no clinical cut-off to judge recovery by");
  else if (!cutoff.verified) missing.push("its cut-off is not verified");
  else if (typeof cutoff.value !== "number")
    missing.push("its cut-off differs by sex at birth, and recovery needs one");
  if (missing.length || !jt || !cutoff || typeof cutoff.value !== "number") {
    const reason = listInWords(missing);
    return { excluded: true, reason: `Not included: ${reason}.` };
  }
  const c: ClinicalCutoff = { value: cutoff.value, direction: cutoff.direction };
  const higherIsBetter = def.scoring.higherIsBetter;
  const points = reliableChangePoints(jt.sd, jt.testRetestReliability);
  const side = clinicalSideInWords(c);
  return {
    excluded: false,
    parameters: {
      testRetestReliability: jt.testRetestReliability,
      sd: jt.sd,
      sdBasis: jt.sdBasis,
      cutoff: side,
      reliableChangePoints: round(points),
      improvement: higherIsBetter ? "Higher scores are better" : "Lower scores are better",
      criterion: `Recovered: a reliable improvement (a change of more than ${round(points)} points) from the clinical side of the cut-off (${side}) at admission to the other side at discharge; criterion c is the cut-off.`,
      references: [jt.reference, ...def.references],
    },
    classify: (pair) =>
      classifyJacobsonTruax(pair, { r: jt.testRetestReliability, sd: jt.sd, cutoff: c, higherIsBetter }),
  };
}

/**
 * NHS Talking Therapies: the instrument's verified reliable change (rci) and caseness
 * (nhsTalkingTherapies). Only instruments the programme uses carry a caseness.
 */
export function talkingTherapiesFor(def: MeasureDefinition): Judged | Excluded {
  const nhs = def.nhsTalkingTherapies;
  if (!nhs || !def.scoring) {
    return {
      excluded: true,
      reason: "Not included: NHS Talking Therapies thresholds are set for the PHQ-9 and GAD-7 only.",
    };
  }
  const missing: string[] = [];
  const rci = def.rci;
  if (!rci || typeof rci.value !== "number" || !rci.verified) missing.push("its reliable change is not verified");
  if (!nhs.verified) missing.push("its caseness threshold is not verified");
  if (def.scoring.higherIsBetter) missing.push("its scores improve upward, which the programme's rules do not cover");
  if (missing.length || !rci || typeof rci.value !== "number") {
    return { excluded: true, reason: `Not included: ${listInWords(missing)}.` };
  }
  const reliableChange = rci.value;
  const caseness = nhs.caseness;
  return {
    excluded: false,
    parameters: {
      caseness: `${caseness} or more`,
      reliableChangePoints: reliableChange,
      improvement: "Lower scores are better",
      criterion: `Reliable recovery: a case at admission (${caseness} or more), below ${caseness} at discharge, and a fall of ${reliableChange} points or more. Episodes below ${caseness} at admission are counted apart as not a case.`,
      references: def.references,
    },
    classify: (pair) => classifyTalkingTherapies(pair, { reliableChange, caseness }),
  };
}

export function parametersFor(def: MeasureDefinition, method: SignificanceMethod): Judged | Excluded {
  return method === "jacobson-truax" ? jacobsonTruaxFor(def) : talkingTherapiesFor(def);
}
