import { isDeepStrictEqual } from "node:util";
import {
  NETWORK_PASSWORD,
  NETWORK_RESPONDENT_COUNT,
  networkRespondentUsername,
} from "../../src/server/seed/network/network-accounts.ts";
import { bearer, call, getJson, JSON_HEADERS } from "./api-client.ts";
import type { StoredAnswer } from "./database-probe.ts";
import type { ConnectionPlan } from "./load.ts";
import type { Scenario } from "./scenario.ts";

const CONNECTIONS = 100;
/** Respondents signed in at once while preparing: each sign-in is an argon2 verification. */
const SIGN_IN_CONCURRENCY = 4;

export const ALL_RESPONDENTS = Array.from({ length: NETWORK_RESPONDENT_COUNT }, (_, i) =>
  networkRespondentUsername(i + 1),
);

interface OpenSession {
  token: string;
  clientMeasureId: number;
  pageId: string;
  /** Answerable questions of the page, each with the value the bench gives it. */
  questions: { id: string; value: unknown }[];
  /** The next save number: above everything stored, so every save is applied. */
  seq: number;
}

interface AvailableSessions {
  groups: { measures: { clientMeasureId: number; firstPageId: string; lastSeq: number }[] }[];
}
interface SessionPage {
  questions: {
    id: string;
    readOnly: boolean;
    hidden: boolean;
    options: { value: unknown; score: number | null }[] | null;
  }[];
}

/** A respondent's one open questionnaire: sign in, accept the privacy agreement, read its first page. */
async function openSession(appUrl: string, username: string): Promise<OpenSession | null> {
  const { accessToken: token } = await call<{ accessToken: string }>(appUrl, {
    method: "POST",
    path: "/api/security/login",
    headers: JSON_HEADERS,
    body: JSON.stringify({ username, password: NETWORK_PASSWORD }),
  });
  const auth = { ...bearer(token), ...JSON_HEADERS };
  // What a respondent does before their first answer; accepting again changes nothing.
  await call(appUrl, {
    method: "POST",
    path: "/api/questionnaires/hippa-agreement",
    headers: auth,
    body: JSON.stringify({ hippaAgreement: true }),
  });
  const available = await getJson<AvailableSessions>(appUrl, "/api/questionnaires/session", token);
  const measure = available.groups.flatMap((g) => g.measures)[0];
  if (!measure) return null;
  const page = await getJson<SessionPage>(
    appUrl,
    `/api/questionnaires/${measure.clientMeasureId}/page/${encodeURIComponent(measure.firstPageId)}`,
    token,
  );
  // The lowest-scoring option: a save that never raises an item alert (PHQ-9 item 9), so the
  // bench measures the save and leaves the generated network's alerts as they were.
  const questions = page.questions
    .filter((q) => !q.readOnly && !q.hidden && q.options && q.options.length > 0)
    .map((q) => ({
      id: q.id,
      value: [...(q.options ?? [])].sort((a, b) => (a.score ?? 0) - (b.score ?? 0))[0].value,
    }));
  if (questions.length === 0) return null;
  return {
    token,
    clientMeasureId: measure.clientMeasureId,
    pageId: measure.firstPageId,
    questions,
    seq: measure.lastSeq + 1,
  };
}

async function openSessions(appUrl: string, usernames: string[]): Promise<OpenSession[]> {
  const sessions: OpenSession[] = [];
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const session = await openSession(appUrl, usernames[next++]);
      if (session) sessions.push(session);
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return sessions.sort((a, b) => a.clientMeasureId - b.clientMeasureId);
}

const keyOf = (clientMeasureId: number, questionId: string) => `${clientMeasureId}/${questionId}`;

/** The last acknowledged (2xx, applied) save of each session's question. */
export type Acknowledged = Map<string, { clientMeasureId: number; questionId: string; seq: number; value: unknown }>;

/**
 * Acknowledged answers the database does not hold. A later save of the same question (one the
 * load generator gave up waiting for) may have replaced it, so a stored higher seq counts as kept.
 */
export function countLost(acknowledged: Acknowledged, stored: StoredAnswer[]): number {
  const byKey = new Map(stored.map((s) => [keyOf(s.clientMeasureId, s.questionId), s]));
  let lost = 0;
  for (const [key, ack] of acknowledged) {
    const row = byKey.get(key);
    const kept = row && (row.seq > ack.seq || (row.seq === ack.seq && isDeepStrictEqual(row.value, ack.value)));
    if (!kept) lost++;
  }
  return lost;
}

/**
 * Answer save at 100 connections (issue 12 §2): connection i saves into sessions i, i+100, ...
 * only, so no two connections ever hold the same session's lock; each save is the session's next
 * number. Afterwards every acknowledged answer is read back from the database.
 */
export const answerSave: Scenario = {
  id: "answer-save",
  label: "answer save PUT /api/questionnaires/:cm/page/:page/question/:q",
  target: "answer-save",
  connections: CONNECTIONS,
  async prepare(ctx) {
    const usernames = ctx.samples.respondents;
    if (usernames.length === 0) return "no respondent accounts: run npm run generate";
    const sessions = await openSessions(ctx.appUrl, usernames);
    if (sessions.length === 0) return `none of ${usernames.length} respondent accounts has an open questionnaire`;
    const acknowledged: Acknowledged = new Map();
    let saves = 0;
    const connection = (index: number): ConnectionPlan => {
      const own = sessions.filter((_, k) => k % CONNECTIONS === index % CONNECTIONS);
      // Fewer sessions than connections: the extra connections share, which the note says.
      const mine = own.length > 0 ? own : [sessions[index % sessions.length]];
      let turn = 0;
      let inFlight: { session: OpenSession; questionId: string; seq: number; value: unknown } | null = null;
      return {
        next() {
          const session = mine[turn % mine.length];
          const question = session.questions[Math.floor(turn / mine.length) % session.questions.length];
          turn++;
          const seq = session.seq++;
          inFlight = { session, questionId: question.id, seq, value: question.value };
          return {
            method: "PUT",
            path: `/api/questionnaires/${session.clientMeasureId}/page/${encodeURIComponent(session.pageId)}/question/${encodeURIComponent(question.id)}`,
            headers: { ...bearer(session.token), ...JSON_HEADERS },
            body: JSON.stringify({ value: question.value, seq }),
          };
        },
        onResponse(status, body) {
          const sent = inFlight;
          inFlight = null;
          if (!sent || status < 200 || status > 299) return;
          const answer = JSON.parse(body) as { applied: boolean; seq: number; value: unknown };
          if (!answer.applied) return;
          saves++;
          const key = keyOf(sent.session.clientMeasureId, sent.questionId);
          const before = acknowledged.get(key);
          if (!before || before.seq < answer.seq)
            acknowledged.set(key, {
              clientMeasureId: sent.session.clientMeasureId,
              questionId: sent.questionId,
              seq: answer.seq,
              value: answer.value,
            });
        },
      };
    };
    const shared = sessions.length < CONNECTIONS ? ", some shared by two connections" : "";
    return {
      note: `${sessions.length.toLocaleString("en-US")} open sessions of as many respondents${shared}`,
      connection,
      async afterStop(probe) {
        const stored = await probe.storedAnswers(sessions.map((s) => s.clientMeasureId));
        const lost = countLost(acknowledged, stored);
        ctx.note(
          `Answer save: ${saves.toLocaleString("en-US")} saves acknowledged as applied; the last of each of ${acknowledged.size.toLocaleString("en-US")} questions read back from the database: ${lost} lost.`,
        );
        return { lost };
      },
    };
  },
};
