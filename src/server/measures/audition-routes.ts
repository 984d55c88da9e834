import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AuditionStart, PreviewReport } from "../../shared/api/measure-reports.ts";
import type { PageView } from "../../shared/api/questionnaire-pages.ts";
import { questionsById } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { Answers, ScoreContext } from "../../shared/scoring/index.ts";
import { scoreSession } from "../../shared/scoring/index.ts";
import type { AppContext } from "../app-context.ts";
import { badRequest, notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { previewAlerts, reportAnswers, reportMeasure, reportScore } from "../sessions/report.ts";
import { caller, PREVIEW_ACCESS } from "./access.ts";
import { currentDefinition, type DefinitionVersion } from "./definitions.ts";
import { findPage, pageView } from "./page-view.ts";

const MEASURE_NOT_FOUND = "This measure does not exist.";
const PARAMS = { params: { $ref: "api/measure-params.json" } };
const NOT_FOUND = errorResponses(404);

function ageOf(value: number | string): number {
  return typeof value === "number" ? value : Number(value);
}

/** Whether the age is in the definition's age range; null when the definition gives none. */
function ageInRange(def: MeasureDefinition, age: number): boolean | null {
  const { min, max } = def.ageRange;
  if (min === undefined && max === undefined) return null;
  return (min === undefined || age >= min) && (max === undefined || age <= max);
}

function checkQuestionIds(def: MeasureDefinition, answers: Answers): void {
  const known = questionsById(def);
  const unknown = Object.keys(answers).find((id) => !known.has(id));
  if (unknown) throw badRequest([{ field: "answers", message: `Question "${unknown}" is not part of this measure.` }]);
}

/**
 * The measure preview (spec §2 Measure preview; issue 4 §3): a clinician answers a measure as a
 * respondent of a given age and sees the report a real session would give, scored by the same
 * engine. Stateless: nothing is written to the database, so nothing can reach a chart. The
 * auditionId is an opaque label for the client's own state and grants nothing.
 */
export async function auditionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function definitionOr404(measureId: number): Promise<DefinitionVersion> {
    const found = await currentDefinition(ctx.db, measureId);
    if (!found) throw notFound(MEASURE_NOT_FOUND);
    return found;
  }

  app.post(
    "/api/questionnaires-audition/:measureId/start",
    {
      config: { access: PREVIEW_ACCESS },
      schema: {
        ...PARAMS,
        body: { $ref: "api/audition-start.json" },
        response: { 200: recordResponse("api/responses/audition-start.json"), ...NOT_FOUND },
      },
    },
    async (request): Promise<AuditionStart> => {
      const { measureId } = request.params as { measureId: number };
      const age = ageOf((request.body as { age: number | string }).age);
      const { definition: def, version } = await definitionOr404(measureId);
      return {
        auditionId: randomUUID(),
        age,
        ageInRange: ageInRange(def, age),
        measure: { ...reportMeasure(def, measureId, version), instructions: def.instructions },
        pages: def.pages.map((page) => pageView(def, page, {})),
      };
    },
  );

  app.get(
    "/api/questionnaires-audition/:measureId/page/:pageId",
    {
      config: { access: PREVIEW_ACCESS },
      schema: { ...PARAMS, response: { 200: recordResponse("api/responses/page-view.json"), ...NOT_FOUND } },
    },
    async (request): Promise<PageView> => {
      const { measureId, pageId } = request.params as { measureId: number; pageId: string };
      const { definition: def } = await definitionOr404(measureId);
      const page = findPage(def, pageId);
      if (!page) throw notFound("This page does not exist.");
      return pageView(def, page, {});
    },
  );

  app.post(
    "/api/questionnaires-audition/:measureId/report",
    {
      config: { access: PREVIEW_ACCESS },
      schema: {
        ...PARAMS,
        body: { $ref: "api/audition-report.json" },
        response: { 200: recordResponse("api/responses/preview-report.json"), ...NOT_FOUND },
      },
    },
    async (request): Promise<PreviewReport> => {
      const { measureId } = request.params as { measureId: number };
      const body = request.body as { age: number | string; answers: Answers; gender?: ScoreContext["gender"] };
      const { definition: def, version } = await definitionOr404(measureId);
      checkQuestionIds(def, body.answers);
      const result = scoreSession(def, body.answers, { gender: body.gender ?? null });
      request.log.debug({ measureId, userId: caller(request).id }, "measure preview scored");
      return {
        audition: true,
        age: ageOf(body.age),
        clientMeasureId: null,
        status: null,
        measure: reportMeasure(def, measureId, version),
        answers: reportAnswers(def, body.answers),
        score: reportScore(def, result),
        comparison: null,
        alerts: previewAlerts(result.alerts),
      };
    },
  );
}
