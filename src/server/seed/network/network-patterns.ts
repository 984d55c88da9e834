import { type Kysely, sql } from "kysely";
import { questionsById } from "../../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../../shared/measures/types.ts";
import { type AnswerValue, type ScoreResult, scoreSession } from "../../../shared/scoring/index.ts";
import type { Database } from "../../db/database-types.ts";
import { contentHash } from "../../measures/library-sync.ts";
import { scoreRows } from "../../sessions/submit-session.ts";
import { answersFor, type SeedMeasure } from "../demo-sessions.ts";
import { bulkInsert } from "./network-bulk.ts";
import { stream } from "./network-random.ts";

/**
 * The answer sets a network's sessions are made of. A million sessions cannot each be scored by
 * the engine in reasonable time, but they need not be: a PHQ-9 session aiming at a total of 14,
 * with or without the suicide-risk item, is one of a few ways of answering. The catalogue holds
 * PATTERN_VARIANTS answer sets for every measure, total and risk, each scored once by the real
 * engine (scoreSession), so every stored total, severity, score_result and alert is exactly what
 * the app computes from the stored answers. The sessions then point at a pattern and SQL copies
 * its rows (temporary tables, dropped at commit).
 */
export const PATTERN_VARIANTS = 8;
const MAX_REDRAWS = 200;

export interface AnswerPattern {
  id: number;
  measureId: number;
  /** In the definition's question order: the order a respondent answers them. */
  answers: { questionId: string; value: AnswerValue }[];
  result: ScoreResult;
}

interface MeasureLayout {
  offset: number;
  min: number;
  max: number;
  /** 2 when the measure has an item alert (answers with and without it), else 1. */
  riskKinds: number;
}

type DrawnPattern = Omit<AnswerPattern, "id" | "measureId">;

/** Drawn patterns by seed and definition content: a process generating several networks (tests) draws them once. */
const drawn = new Map<string, DrawnPattern[]>();

/** One measure's patterns, in catalogue order: by total, then without and with the risk answer, then variant. */
function measurePatterns(seed: number, def: MeasureDefinition): DrawnPattern[] {
  const key = `${seed}:${contentHash(def)}`;
  const known = drawn.get(key);
  if (known) return known;
  const range = def.scoring?.range as { min: number; max: number };
  const riskKinds = def.alerts.some((a) => a.questionId) ? 2 : 1;
  const order = [...questionsById(def).keys()];
  const random = stream(seed, "patterns", def.id);
  const out: DrawnPattern[] = [];
  for (let total = range.min; total <= range.max; total++) {
    for (let risk = 0; risk < riskKinds; risk++) {
      for (let variant = 0; variant < PATTERN_VARIANTS; variant++) {
        let answers = answersFor(random, def, total, risk === 1);
        let result = scoreSession(def, answers);
        // answersFor spreads a total over every item, the risk item too: without the risk answer,
        // draw again until it stays 0 (totals above 24 cannot: then it is the answer given).
        for (let retry = 0; risk === 0 && result.alerts.length > 0 && retry < MAX_REDRAWS; retry++) {
          answers = answersFor(random, def, total, false);
          result = scoreSession(def, answers);
        }
        if (!result.scorable) throw new Error(`${def.id} pattern for total ${total} is not scorable`);
        out.push({
          answers: order.flatMap((q) => {
            const value = answers[q];
            return value === undefined || value === null ? [] : [{ questionId: q, value }];
          }),
          result,
        });
      }
    }
  }
  drawn.set(key, out);
  return out;
}

export class PatternCatalogue {
  private readonly patterns: AnswerPattern[] = [];
  private readonly layout = new Map<number, MeasureLayout>();

  constructor(seed: number, measures: readonly SeedMeasure[]) {
    for (const measure of measures) {
      const { def } = measure;
      // One pattern serves every patient only when the score does not depend on who answers.
      if (def.cutoff?.bySex) throw new Error(`${def.id} has sex-specific cut-offs: the catalogue scores patterns once`);
      const range = def.scoring?.range;
      if (!range) throw new Error(`${def.id} has no score range`);
      const riskKinds = def.alerts.some((a) => a.questionId) ? 2 : 1;
      this.layout.set(measure.id, { offset: this.patterns.length, min: range.min, max: range.max, riskKinds });
      for (const drawn of measurePatterns(seed, def)) {
        this.patterns.push({ id: this.patterns.length + 1, measureId: measure.id, ...drawn });
      }
    }
  }

  /** The pattern of a measure aiming at `total` (clamped to the range), with or without the risk answer. */
  pick(measureId: number, total: number, risk: boolean, variant: number): AnswerPattern {
    const m = this.layout.get(measureId);
    if (!m) throw new Error(`measure ${measureId} is not in the catalogue`);
    const t = Math.max(m.min, Math.min(m.max, Math.round(total)));
    const r = risk && m.riskKinds === 2 ? 1 : 0;
    return this.patterns[m.offset + ((t - m.min) * m.riskKinds + r) * PATTERN_VARIANTS + (variant % PATTERN_VARIANTS)];
  }

  /** Whether submitting the pattern raises an alert (PHQ-9 item 9 answered above 0). */
  raisesAlert(id: number): boolean {
    return this.patterns[id - 1].result.alerts.length > 0;
  }

  get size(): number {
    return this.patterns.length;
  }

  /**
   * Loads the catalogue into temporary tables of the caller's transaction (ON COMMIT DROP):
   * network_pattern (severity, score_result), network_pattern_answer (pos, question, value),
   * network_pattern_score (measure_score rows) and network_pattern_alert (alert rows).
   */
  async load(db: Kysely<Database>): Promise<void> {
    await sql`create temporary table network_pattern (id int primary key, severity text, score_result jsonb not null)
      on commit drop`.execute(db);
    await sql`create temporary table network_pattern_answer (pattern_id int not null, pos int not null,
      question_id text not null, value jsonb not null, primary key (pattern_id, pos)) on commit drop`.execute(db);
    await sql`create temporary table network_pattern_score (pattern_id int not null, score_type text not null,
      value numeric not null, primary key (pattern_id, score_type)) on commit drop`.execute(db);
    await sql`create temporary table network_pattern_alert (pattern_id int not null, rule_id text not null,
      level text not null, question_id text, scale text, message text not null) on commit drop`.execute(db);
    const p = this.patterns;
    const temp = (name: string) => name as keyof Database & string;
    await bulkInsert(db, temp("network_pattern"), {
      id: { type: "int", values: p.map((x) => x.id) },
      severity: { type: "text", values: p.map((x) => x.result.severity?.label ?? null) },
      score_result: { type: "jsonb", values: p.map((x) => JSON.stringify(x.result)) },
    });
    const answers = p.flatMap((x) => x.answers.map((a, k) => ({ id: x.id, pos: k + 1, ...a })));
    await bulkInsert(db, temp("network_pattern_answer"), {
      pattern_id: { type: "int", values: answers.map((a) => a.id) },
      pos: { type: "int", values: answers.map((a) => a.pos) },
      question_id: { type: "text", values: answers.map((a) => a.questionId) },
      value: { type: "jsonb", values: answers.map((a) => JSON.stringify(a.value)) },
    });
    const scores = p.flatMap((x) => scoreRows(x.id, x.result));
    await bulkInsert(db, temp("network_pattern_score"), {
      pattern_id: { type: "int", values: scores.map((s) => s.client_measure_id) },
      score_type: { type: "text", values: scores.map((s) => s.score_type) },
      value: { type: "numeric", values: scores.map((s) => s.value) },
    });
    const alerts = p.flatMap((x) => x.result.alerts.map((alert) => ({ patternId: x.id, alert })));
    await bulkInsert(db, temp("network_pattern_alert"), {
      pattern_id: { type: "int", values: alerts.map((a) => a.patternId) },
      rule_id: { type: "text", values: alerts.map((a) => a.alert.id) },
      level: { type: "text", values: alerts.map((a) => a.alert.level) },
      question_id: { type: "text", values: alerts.map((a) => a.alert.questionId ?? null) },
      scale: { type: "text", values: alerts.map((a) => a.alert.scale ?? null) },
      message: { type: "text", values: alerts.map((a) => a.alert.message) },
    });
    await sql`analyze network_pattern, network_pattern_answer, network_pattern_score, network_pattern_alert`.execute(
      db,
    );
  }
}
