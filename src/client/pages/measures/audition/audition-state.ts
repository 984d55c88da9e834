import { useOutletContext } from "react-router-dom";
import type { PreviewReport } from "../../../../shared/api/measure-reports.ts";
import type { AnswerMap } from "../../../renderers/questions/question-types.ts";
import type { AuditionStart } from "./audition-api.ts";

/**
 * A preview lives only in this browser tab (nothing is stored: spec §2 Measure preview): the
 * age, the measure, the answers and the report, held by the audition route for its children.
 */
export interface AuditionState {
  measureId: string;
  start: AuditionStart | null;
  answers: AnswerMap;
  report: PreviewReport | null;
  pageIndex: number;
}

export interface AuditionContext {
  state: AuditionState;
  update: (patch: Partial<AuditionState>) => void;
}

export function useAudition(): AuditionContext {
  return useOutletContext<AuditionContext>();
}
