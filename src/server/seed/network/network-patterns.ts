import { type Kysely, sql } from "kysely";
import type { Gender } from "../../../../generated/types/enums/gender.ts";
import { questionsById } from "../../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../../shared/measures/types.ts";
import {
  type Answers,
  type AnswerValue,
  type ScoreResult,
  scoreSession,
  visibleQuestions,
} from "../../../shared/scoring/index.ts";
import type { Database } from "../../db/database-types.ts";
import { contentHash } from "../../measures/library-sync.ts";
import { scoreRows } from "../../sessions/submit-session.ts";
import type { SeedMeasure } from "../demo-sessions.ts";
import { bulkInsert } from "./network-bulk.ts";
import { type Random, stream } from "./network-random.ts";

/**
 * The answer sets a network's sessions are made of. A million sessions cannot each be scored by
 * the engine in reasonable time, but they need not be: a PHQ-9 session aiming at a total of 14,
 * with or without the suicide-risk item, is one of a few ways of answering. The catalogue holds
 * up to PATTERN_VARIANTS answer sets for every measure, total and risk (and, for a measure with
 * sex-specific cut-offs such as the AUDIT-C, for each way the patient's gender reads them), each
 * scored once by the real engine (scoreSession), so every stored total, severity, score_result
 * and alert is exactly what the app computes from the stored answers. The sessions then point at
 * a pattern and SQL copies its rows (temporary tables, dropped at commit).
 *
 * Answers are drawn for a target total over each item's own option scores (0-3, 1-5, 0/2/4,
 * reverse-scored items alike), then the questions the measure's branching hides are dropped (a
 * respondent never sees them: AUDIT items 2-8 after "Never") and the engine scores what is left.
 * A pattern is filed under the total the engine gives, not the one aimed at; a total no draw
 * reached is served by its nearest neighbour.
 */
export const PATTERN_VARIANTS = 8;
const DRAWS = PATTERN_VARIANTS + 4;

export interface AnswerPattern {
  id: number;
  measureId: number;
  /** In the definition's question order: the order a respondent answers them. */
  answers: { questionId: string; value: AnswerValue }[];
  result: ScoreResult;
}

/** How a patient's gender reads a sex-specific cut-off (thresholds.ts): male, female, or neither. */
export type SexClass = "m" | "f" | "u";
const SEX_CLASSES: readonly SexClass[] = ["m", "f", "u"];
const GENDER_OF: Record<SexClass, Gender> = { m: "m", f: "f", u: "u" };
export const sexClass = (gender: string): SexClass => (gender === "m" || gender === "f" ? gender : "u");

interface MeasureLayout {
  min: number;
  max: number;
  /** By sex class ("" when the measure's score does not depend on it), total - min, then risk: pattern ids. */
  slots: Map<string, number[][][]>;
}

type DrawnAnswers = { questionId: string; value: AnswerValue }[];

/** Drawn answer sets by seed and definition content: a process generating several networks (tests) draws them once. */
const drawn = new Map<string, DrawnAnswers[]>();

interface Item {
  id: string;
  /** The item's options: value and score, lowest score first. */
  options: { value: AnswerValue; score: number }[];
}

const itemCache = new WeakMap<MeasureDefinition, Item[]>();

function itemsOf(def: MeasureDefinition): Item[] {
  const known = itemCache.get(def);
  if (known) return known;
  const questions = questionsById(def);
  const items = (def.scoring?.items ?? []).map((id) => {
    const options = (questions.get(id)?.options ?? [])
      .filter((o) => typeof o.score === "number")
      .map((o) => ({ value: o.value as AnswerValue, score: o.score as number }))
      .sort((a, b) => a.score - b.score);
    if (options.length === 0) throw new Error(`${def.id} ${id} has no scored options`);
    return { id, options };
  });
  itemCache.set(def, items);
  return items;
}

/**
 * Scores for `items` adding up to `target` (or the nearest total they can make), each item near
 * an even share, drawn from `random`. Exact over any option scores: a table of the totals the
 * remaining items can still make keeps every choice completable.
 */
function spreadOver(random: Random, items: Item[], target: number): number[] {
  const n = items.length;
  const top = items.reduce((sum, item) => sum + (item.options.at(-1)?.score ?? 0), 0);
  // reach[k][t]: whether items k.. can make the total t.
  const reach: Uint8Array[] = Array.from({ length: n + 1 }, () => new Uint8Array(top + 1));
  reach[n][0] = 1;
  for (let k = n - 1; k >= 0; k--) {
    const next = reach[k + 1];
    for (let t = 0; t <= top; t++) {
      if (!next[t]) continue;
      for (const o of items[k].options) if (t + o.score <= top) reach[k][t + o.score] = 1;
    }
  }
  let goal = Math.max(0, Math.min(top, target));
  for (let d = 0; !reach[0][goal]; d++) {
    if (goal - d >= 0 && reach[0][goal - d]) goal -= d;
    else if (goal + d <= top && reach[0][goal + d]) goal += d;
  }
  const out: number[] = [];
  let rest = goal;
  for (let k = 0; k < n; k++) {
    const share = rest / (n - k) + (random() - 0.5) * 3;
    let pick: Item["options"][number] | null = null;
    for (const o of items[k].options) {
      if (rest - o.score < 0 || !reach[k + 1][rest - o.score]) continue;
      if (!pick || Math.abs(o.score - share) < Math.abs(pick.score - share)) pick = o;
    }
    const chosen = pick as Item["options"][number];
    out.push(chosen.score);
    rest -= chosen.score;
  }
  return out;
}

/** One session's answers aiming at `target`, with or without the measure's suicide-risk answer. */
function drawAnswers(random: Random, def: MeasureDefinition, target: number, risk: boolean): Answers {
  const items = itemsOf(def);
  const riskItem = def.alerts.find((a) => a.questionId)?.questionId;
  const answers: Record<string, AnswerValue> = {};
  const range = def.scoring?.range as { min: number; max: number };
  let rest = target;
  let spread = items;
  if (riskItem) {
    const item = items.find((i) => i.id === riskItem) as Item;
    // The risk answer: the lowest option without it, one or two steps up with it.
    const option = risk
      ? item.options[Math.min(item.options.length - 1, target - range.min >= 0.65 * (range.max - range.min) ? 2 : 1)]
      : item.options[0];
    answers[riskItem] = option.value;
    rest -= option.score;
    spread = items.filter((i) => i.id !== riskItem);
  }
  // Items in a random order, so the even share does not always favour the first ones.
  const order = spread.map((item) => ({ item, key: random() })).sort((a, b) => a.key - b.key);
  const scores = spreadOver(
    random,
    order.map((o) => o.item),
    rest,
  );
  order.forEach(({ item }, k) => {
    answers[item.id] = (item.options.find((o) => o.score === scores[k]) as Item["options"][number]).value;
  });
  // Unscored choice questions (PHQ-9's difficulty item): asked of anyone who checked off a problem.
  const share = (target - range.min) / Math.max(1, range.max - range.min);
  const scoredItems = new Set<string>(def.scoring?.items ?? []);
  for (const q of questionsById(def).values()) {
    if (q.id in answers || !q.options?.length || scoredItems.has(q.id)) continue;
    if (target > range.min)
      answers[q.id] = q.options[Math.min(q.options.length - 1, Math.floor(share * q.options.length))]
        .value as AnswerValue;
  }
  // What the respondent never saw is not answered.
  const visible = new Set(visibleQuestions(def, answers).map((q) => q.id));
  for (const id of Object.keys(answers)) if (!visible.has(id)) delete answers[id];
  return answers;
}

/** One measure's drawn answer sets, in order: by target total, then without and with the risk answer, then draw. */
function measureAnswers(seed: number, def: MeasureDefinition): DrawnAnswers[] {
  const key = `${seed}:${contentHash(def)}`;
  const known = drawn.get(key);
  if (known) return known;
  const range = def.scoring?.range as { min: number; max: number };
  const riskKinds = def.alerts.some((a) => a.questionId) ? 2 : 1;
  const order = [...questionsById(def).keys()];
  const random = stream(seed, "patterns", def.id);
  const out: DrawnAnswers[] = [];
  for (let total = range.min; total <= range.max; total++) {
    for (let risk = 0; risk < riskKinds; risk++) {
      for (let k = 0; k < DRAWS; k++) {
        const answers = drawAnswers(random, def, total, risk === 1);
        out.push(
          order.flatMap((q) => {
            const value = answers[q];
            return value === undefined || value === null ? [] : [{ questionId: q, value }];
          }),
        );
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
      const range = def.scoring?.range;
      if (!range) throw new Error(`${def.id} has no score range`);
      const classes: readonly (SexClass | "")[] = def.cutoff?.bySex ? SEX_CLASSES : [""];
      const slots = new Map<string, number[][][]>();
      const sets = measureAnswers(seed, def);
      for (const sex of classes) {
        const filed = Array.from({ length: range.max - range.min + 1 }, () => [[], []] as number[][]);
        for (const set of sets) {
          const answers = Object.fromEntries(set.map((a) => [a.questionId, a.value]));
          const result = scoreSession(def, answers, sex ? { gender: GENDER_OF[sex] } : {});
          if (!result.scorable || result.total === undefined) {
            throw new Error(`${def.id} pattern ${JSON.stringify(answers)} is not scorable`);
          }
          const slot = filed[result.total - range.min][result.alerts.length > 0 ? 1 : 0];
          if (slot.length >= PATTERN_VARIANTS) continue;
          const id = this.patterns.length + 1;
          this.patterns.push({ id, measureId: measure.id, answers: set, result });
          slot.push(id);
        }
        slots.set(sex, filed);
      }
      this.layout.set(measure.id, { min: range.min, max: range.max, slots });
    }
  }

  /**
   * A pattern of a measure scoring `total` (clamped to the range; the nearest total drawn when
   * none scored exactly that), with or without the risk answer, for a patient of `gender`.
   */
  pick(measureId: number, total: number, risk: boolean, variant: number, gender = "u"): AnswerPattern {
    const m = this.layout.get(measureId);
    if (!m) throw new Error(`measure ${measureId} is not in the catalogue`);
    const filed = m.slots.get("") ?? (m.slots.get(sexClass(gender)) as number[][][]);
    const t = Math.max(m.min, Math.min(m.max, Math.round(total))) - m.min;
    for (const r of risk ? [1, 0] : [0, 1]) {
      for (let d = 0; d < filed.length; d++) {
        for (const at of [t - d, t + d]) {
          const slot = filed[at]?.[r];
          if (slot?.length) return this.patterns[slot[variant % slot.length] - 1];
        }
      }
    }
    throw new Error(`measure ${measureId} has no patterns`);
  }

  /** Whether submitting the pattern raises an alert (PHQ-9 item 9 or CORE-10 item 6 above 0). */
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
