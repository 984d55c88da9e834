import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { AnswerSaved, AvailableSessions, PageSaved, SessionPage } from "../../shared/api/respondent-sessions.ts";
import { isAnswered } from "../../shared/scoring/index.ts";
import type { AppContext } from "../app-context.ts";
import { notFound } from "../http/http-error.ts";
import { errorResponses, recordResponse } from "../http/response-schemas.ts";
import { caller, RESPONDENT_ACCESS } from "../measures/access.ts";
import { findPage, hiddenQuestionIds, pageView } from "../measures/page-view.ts";
import { assertAgreement } from "./agreement.ts";
import { claimSessionForAnswer } from "./answer-claim.ts";
import { type AnswerInput, assertWritable, checkAnswers, saveAnswers } from "./answer-save.ts";
import { clinicTimeZone } from "./availability.ts";
import { saveOneAnswer } from "./one-answer-save.ts";
import { ownRespondentLink, RESPONDENT_NOT_FOUND } from "./respondent-link.ts";
import { availableSessions } from "./respondent-sessions.ts";
import { respondentTitle } from "./respondent-title.ts";
import { claimedDefinition, definitionForAnswering, sessionDefinition } from "./session-definition.ts";
import { loadAnswers, lockSession, ownSession } from "./session-store.ts";
import { submitSession } from "./submit-session.ts";

const PARAMS = { params: { $ref: "api/measure-params.json" } };
/** A session, page or link that is not the caller's does not exist (404); a submitted or expired one is closed (409). */
const NOT_FOUND = errorResponses(404);
const CLOSED = errorResponses(404, 409);

interface PageSaveBody {
  pageId?: string;
  questionAnswers?: AnswerInput[];
  completed: boolean;
  last_answered_question?: string | null;
}

/**
 * The respondent side of a measure session (spec §2 Respondent area, §4 Measure session):
 * the privacy agreement, what is available, pages, per-question saves, page saves and submit.
 * A respondent only ever reaches sessions of their own respondent links; anything else is a 404.
 */
export async function respondentSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Every questionnaires route but the agreement itself waits for the privacy agreement. */
  const requireAgreement = (request: FastifyRequest) => assertAgreement(ctx.db, caller(request).id);
  // loginAs: a device a clinician handed to the respondent reaches these, limited to one link's open sessions.
  const gated = { config: { access: RESPONDENT_ACCESS, loginAs: true }, preHandler: requireAgreement };
  const handedTo = (request: FastifyRequest) => request.loginAs?.ccauId;
  const administeredBy = (request: FastifyRequest) => request.loginAs?.clinician.id;

  app.post(
    "/api/questionnaires/hippa-agreement",
    {
      config: { access: RESPONDENT_ACCESS, loginAs: true },
      schema: {
        body: { $ref: "api/hippa-agreement.json" },
        response: { 200: recordResponse("api/responses/agreement-accepted.json") },
      },
    },
    async (request) => {
      // The first acceptance is the one on record; accepting again changes nothing.
      const row = await ctx.db
        .updateTable("app_user")
        .set({ hippa_agreement_at: sql`coalesce(hippa_agreement_at, now())` })
        .where("id", "=", caller(request).id)
        .returning("hippa_agreement_at")
        .executeTakeFirstOrThrow();
      return { hippaAgreement: true, acceptedAt: (row.hippa_agreement_at as Date).toISOString() };
    },
  );

  const available = {
    ...gated,
    schema: { response: { 200: recordResponse("api/responses/available-sessions.json") } },
  };
  app.get("/api/questionnaires/session", available, async (request): Promise<AvailableSessions> => {
    const zone = await clinicTimeZone(ctx.db);
    const groups = await availableSessions(ctx.db, zone, caller(request).id, handedTo(request));
    return { groups, totalRecords: groups.reduce((n, g) => n + g.measures.length, 0) };
  });

  app.get(
    "/api/questionnaires/have-available-questionnaires/:ccauId",
    {
      ...gated,
      schema: {
        ...PARAMS,
        response: { 200: recordResponse("api/responses/questionnaire-availability.json"), ...NOT_FOUND },
      },
    },
    async (request) => {
      const { ccauId } = request.params as { ccauId: number };
      const user = caller(request);
      const handed = handedTo(request);
      if (handed !== undefined && handed !== ccauId) throw notFound(RESPONDENT_NOT_FOUND);
      await ownRespondentLink(ctx.db, user.id, ccauId);
      const groups = await availableSessions(ctx.db, await clinicTimeZone(ctx.db), user.id, ccauId);
      const count = groups.reduce((n, g) => n + g.measures.length, 0);
      return { available: count > 0, count };
    },
  );

  app.get(
    "/api/questionnaires/:clientMeasureId/page/:pageId",
    {
      ...gated,
      schema: { ...PARAMS, response: { 200: recordResponse("api/responses/session-page.json"), ...NOT_FOUND } },
    },
    async (request): Promise<SessionPage> => {
      const { clientMeasureId, pageId } = request.params as { clientMeasureId: number; pageId: string };
      const zone = await clinicTimeZone(ctx.db);
      const session = await ownSession(ctx.db, zone, caller(request).id, clientMeasureId, handedTo(request));
      const { definition: def, version } = await sessionDefinition(ctx.db, session);
      const page = findPage(def, pageId);
      if (!page) throw notFound("This page does not exist.");
      const { answers, lastSeq } = await loadAnswers(ctx.db, session.id);
      return {
        clientMeasureId: session.id,
        status: session.status,
        editable: session.status !== "submitted" && !session.expired && !session.notYetOpen,
        expired: session.expired,
        due_date: session.dueDate.toISOString(),
        lastSeq,
        answeredCount: Object.values(answers).filter(isAnswered).length,
        measure: {
          id: session.measureId,
          version,
          title: await respondentTitle(ctx.db, session.measureId),
          instructions: def.instructions.respondent ?? null,
          recall_period: def.recallPeriod,
          questionCount: def.questionCount,
        },
        ...pageView(def, page, answers),
      };
    },
  );

  app.put(
    "/api/questionnaires/:clientMeasureId/page/:pageId/question/:questionId",
    {
      // The respondent's hot path (issue 12): the privacy agreement is checked by the claim's one
      // statement (answer-claim.ts) instead of a preHandler statement of its own; same 403, same order.
      config: gated.config,
      schema: {
        ...PARAMS,
        body: { $ref: "api/answer-save.json" },
        response: { 200: recordResponse("api/responses/answer-saved.json"), ...CLOSED },
      },
    },
    async (request): Promise<AnswerSaved> => {
      const { clientMeasureId, pageId, questionId } = request.params as {
        clientMeasureId: number;
        pageId: string;
        questionId: string;
      };
      const body = request.body as { value: AnswerInput["value"]; seq: number };
      const userId = caller(request).id;
      return ctx.db.transaction().execute(async (trx): Promise<AnswerSaved> => {
        const session = await claimSessionForAnswer(trx, { userId, clientMeasureId, handedTo: handedTo(request) });
        assertWritable(session);
        const def = await claimedDefinition(trx, session);
        const input = { questionId, value: body.value, seq: body.seq };
        checkAnswers(def, [input], pageId);
        const { saved, answers, lastSeq } = await saveOneAnswer(trx, session, def, input, {
          administeredBy: administeredBy(request),
        });
        return {
          ...saved,
          status: "partial",
          lastSeq,
          answeredCount: Object.values(answers).filter(isAnswered).length,
          hiddenQuestionIds: hiddenQuestionIds(def, answers),
        };
      });
    },
  );

  for (const method of ["POST", "PUT"] as const) {
    app.route({
      method,
      url: "/api/questionnaires/:clientMeasureId",
      ...gated,
      schema: {
        ...PARAMS,
        body: { $ref: "api/page-save.json" },
        response: { 200: recordResponse("api/responses/page-saved.json"), ...CLOSED },
      },
      handler: async (request): Promise<PageSaved> => {
        const { clientMeasureId } = request.params as { clientMeasureId: number };
        const body = request.body as PageSaveBody;
        const user = caller(request);
        const zone = await clinicTimeZone(ctx.db);
        const inputs = body.questionAnswers ?? [];
        // Saved first, in their own transaction: answers given on a last page are kept even
        // when the submit that follows is refused for a skipped question.
        const saved = await ctx.db.transaction().execute(async (trx) => {
          await lockSession(trx, clientMeasureId);
          const session = await ownSession(trx, zone, user.id, clientMeasureId, handedTo(request));
          assertWritable(session);
          const { definition: def } = await definitionForAnswering(trx, session);
          checkAnswers(def, inputs, body.pageId);
          if (inputs.length === 0 && !body.last_answered_question) return [];
          return saveAnswers(trx, session, def, inputs, {
            lastAnsweredQuestion: body.last_answered_question,
            administeredBy: administeredBy(request),
          });
        });
        if (!body.completed) {
          const session = await ownSession(ctx.db, zone, user.id, clientMeasureId, handedTo(request));
          const { definition: def } = await sessionDefinition(ctx.db, session);
          const { answers, lastSeq } = await loadAnswers(ctx.db, clientMeasureId);
          const pageIndex = body.pageId ? def.pages.findIndex((p) => p.id === body.pageId) : -1;
          return {
            clientMeasureId,
            status: session.status,
            saved,
            lastSeq,
            answeredCount: Object.values(answers).filter(isAnswered).length,
            hiddenQuestionIds: hiddenQuestionIds(def, answers),
            nextPageId: pageIndex >= 0 ? (def.pages[pageIndex + 1]?.id ?? null) : null,
          };
        }
        return ctx.db.transaction().execute(async (trx): Promise<PageSaved> => {
          await lockSession(trx, clientMeasureId);
          const session = await ownSession(trx, zone, user.id, clientMeasureId, handedTo(request));
          assertWritable(session);
          const { definition: def } = await sessionDefinition(trx, session);
          const { answers } = await loadAnswers(trx, clientMeasureId);
          await submitSession(trx, session, def, answers, user.id, administeredBy(request));
          const done = await trx
            .selectFrom("client_measure")
            .select("completed_at")
            .where("id", "=", clientMeasureId)
            .executeTakeFirstOrThrow();
          return {
            clientMeasureId,
            status: "submitted",
            completed_at: (done.completed_at as Date).toISOString(),
            saved,
          };
        });
      },
    });
  }
}
