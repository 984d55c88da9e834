import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import type { QuestionView } from "../../renderers/questions/question-types.ts";
import { setAgreementAccepted } from "./agreement-state.ts";
import { AnswerSaver } from "./answer-saver.ts";
import { type AnswerSaved, isAgreementRequired, type SessionPage, saveAnswer } from "./session-api.ts";

/** Typed answers wait this long for the next keystroke before they are sent. */
export const TYPING_DELAY_MS = 700;

const TYPED: ReadonlySet<QuestionView["type"]> = new Set(["text", "textarea", "number"]);

/** Writes that the server refuses for good: the session was submitted or is past its due day. */
export function isSessionClosed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export interface AnswerSaving {
  saver: AnswerSaver<AnswerSaved>;
  /** Saves waiting or under way. */
  pending: number;
  /** Questions whose last save failed, with the reason shown at the question. */
  failed: Readonly<Record<string, string>>;
  /** Set when the server closed the session to writes; the page turns read-only and says why. */
  closedReason: string | null;
  /** The server's branching verdict after the latest save (for questions on other pages). */
  serverHidden: ReadonlySet<string>;
  /** Whether any save succeeded on this page (for "All answers saved"). */
  savedOnce: boolean;
  save: (question: QuestionView, value: QuestionView["value"]) => void;
  retryFailed: (answers: Readonly<Record<string, QuestionView["value"]>>) => void;
  close: (reason: string) => void;
}

/** Per-question saving for one questionnaire page (AnswerSaver wired to the page's state). */
export function useAnswerSaving(page: SessionPage): AnswerSaving {
  const [pending, setPending] = useState(0);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const [closedReason, setClosedReason] = useState<string | null>(null);
  const [serverHidden, setServerHidden] = useState<ReadonlySet<string>>(
    () => new Set(page.questions.filter((q) => q.hidden).map((q) => q.id)),
  );
  const [savedOnce, setSavedOnce] = useState(false);

  const saverRef = useRef<AnswerSaver<AnswerSaved> | null>(null);
  saverRef.current ??= new AnswerSaver<AnswerSaved>({
    initialSeq: page.lastSeq,
    send: (call) => saveAnswer({ clientMeasureId: page.clientMeasureId, pageId: page.pageId, ...call }),
    onPendingChange: setPending,
    onSaved: (questionId, result) => {
      saverRef.current?.observeSeq(result.lastSeq);
      setServerHidden(new Set(result.hiddenQuestionIds));
      setSavedOnce(true);
      setFailed(({ [questionId]: _gone, ...rest }) => rest);
    },
    onFailed: (questionId, error) => {
      if (isAgreementRequired(error)) return setAgreementAccepted(false);
      if (isSessionClosed(error)) {
        saverRef.current?.cancelAll();
        return setClosedReason(errorText(error));
      }
      const own = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === questionId) : undefined;
      setFailed((current) => ({ ...current, [questionId]: own?.message ?? `Not saved: ${errorText(error)}` }));
    },
  });
  const saver = saverRef.current;

  // Leaving the page sends what is still waiting; closing the tab with saves under way asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.pendingCount > 0) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      void saver.flush();
    };
  }, [saver]);

  return useMemo(
    () => ({
      saver,
      pending,
      failed,
      closedReason,
      serverHidden,
      savedOnce,
      save: (question, value) => {
        if (closedReason) return;
        saver.save(question.id, value, TYPED.has(question.type) ? TYPING_DELAY_MS : 0);
      },
      retryFailed: (answers) => {
        for (const id of Object.keys(failed)) saver.save(id, answers[id] ?? null);
      },
      close: (reason) => {
        saver.cancelAll();
        setClosedReason(reason);
      },
    }),
    [saver, pending, failed, closedReason, serverHidden, savedOnce],
  );
}
