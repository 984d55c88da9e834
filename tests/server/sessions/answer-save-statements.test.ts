import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncMeasureLibrary } from "../../../src/server/measures/library-sync.ts";
import { type ChartWithRespondent, chartWithRespondent, dueDate, measureId, schedule } from "../../helpers/measures.ts";
import { signedInUser } from "../../helpers/patients.ts";
import { createTestApp, DATABASES, type TestApp } from "../../helpers/test-app.ts";

/** The kind of a statement as its first word (begin, select, with, insert, update, commit), or "definition read". */
const kind = (sql: string) =>
  /select "definition" from "measure_version"/.test(sql) ? "definition read" : sql.trim().split(/\s/)[0].toLowerCase();

/**
 * A request's statements without the pipeline's: each statement the refused request ran (the access
 * check before the handler, the audit row after it) is taken off once, wherever it falls.
 */
function withoutPipeline(statements: readonly string[], pipeline: readonly string[]): string[] {
  const left = [...statements];
  for (const sql of pipeline) {
    const at = left.indexOf(sql);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/**
 * The answer save is a respondent's hot path (issue 12: 100 clients on 1,000 open sessions), so
 * its statements are pinned: one more round trip per save fails here, not on a busy clinic day.
 * A save is a transaction of two statements: the claim (agreement, ownership, lock, whether it is
 * still answerable, the definition's version; answer-claim.ts) and the write (the answer, the
 * session's state, and the answers before it; one-answer-save.ts). The access hook's statements
 * and the audit row's are the request pipeline's, not the route's: they are measured with a request
 * the body schema refuses before the handler runs, and taken off.
 */
describe.each(DATABASES)("statements of one answer save on $name", (database) => {
  let t: TestApp;
  let jordan: ChartWithRespondent;
  let cm: number;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await createTestApp(database, { onQuery: (sql) => recording?.push(sql) });
    await syncMeasureLibrary(t.db);
    const c = await signedInUser(t.db, { username: "clin", roles: ["clinician"] });
    jordan = await chartWithRespondent(t.app, t.db, c.headers, {
      first_name: "Jordan",
      last_name: "Counted",
      birth_date: "1990-01-01",
      clinicians: [c.id],
    });
    const phq9 = await measureId(t.db, "phq-9");
    cm = (await schedule(t.app, c.headers, { ccauId: jordan.ccauId, measureId: phq9, dueDate: dueDate(2) }))
      .clientMeasure.id;
  });
  afterAll(async () => t.close());

  /** The statements one save request runs; buffered audit events are written beforehand, so none of theirs. */
  async function statementsOf(question: string, payload: Record<string, unknown>) {
    await t.app.auditTrail.flush();
    recording = [];
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/questionnaires/${cm}/page/p1/question/${question}`,
      headers: jordan.respondent,
      payload,
    });
    const sql = recording;
    recording = null;
    return { status: res.statusCode, body: res.json(), sql };
  }

  it("runs a transaction of two statements, three when the answer raises an alert", async () => {
    const pipeline = await statementsOf("q1", { value: 1 });
    expect(pipeline.status).toBe(400);
    const routeOnly = async (question: string, value: number, seq: number) => {
      const save = await statementsOf(question, { value, seq });
      expect(save.status).toBe(200);
      return { body: save.body, kinds: withoutPipeline(save.sql, pipeline.sql).map(kind) };
    };

    // A definition this process has not seen yet is read once, then kept (its version never changes).
    const first = await routeOnly("q1", 2, 1);
    expect(first.kinds.filter((k) => k !== "definition read")).toEqual(["begin", "select", "with", "commit"]);
    expect(first.body).toMatchObject({ applied: true, status: "partial", lastSeq: 1, answeredCount: 1 });

    const save = await routeOnly("q2", 3, 2);
    expect(save.kinds).toEqual(["begin", "select", "with", "commit"]);
    expect(save.body).toMatchObject({ applied: true, lastSeq: 2, answeredCount: 2 });

    // A stale save (an older seq) costs the same and says what is stored.
    const stale = await routeOnly("q2", 1, 1);
    expect(stale.kinds).toEqual(["begin", "select", "with", "commit"]);
    expect(stale.body).toMatchObject({ applied: false, value: 3, seq: 2, lastSeq: 2 });

    // Item 9 above 0 raises the suicide-risk alert in the same transaction.
    const risk = await routeOnly("q9", 1, 3);
    expect(risk.kinds).toEqual(["begin", "select", "with", "insert", "commit"]);
  });
});
