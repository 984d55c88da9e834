import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { AnalyticsQuery } from "../../../../generated/types/api/analytics-query.ts";
import type { OutcomeChartId } from "../../../../generated/types/api/outcome-chart-id.ts";
import type { OutcomeChart } from "../../../../generated/types/api/responses/outcome-chart.ts";
import { type ChartBand, type ChartCutoff, chartBands, chartCutoff } from "../../../shared/charts/chart-measures.ts";
import { meanInterval, round2 } from "../../../shared/charts/confidence.ts";
import type { MeasureDefinition } from "../../../shared/measures/types.ts";
import { type SchemaBundle, schemaById } from "../../../shared/schema/bundle.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { badRequest } from "../../http/http-error.ts";
import { currentDefinition } from "../../measures/definitions.ts";
import { effectiveQuery } from "../effective-query.ts";
import { takenAt } from "../outcome-columns.ts";
import { type CompiledOutcomeQuery, compileOutcomeQueryFor } from "../outcome-query.ts";
import { queryHash } from "../query-hash.ts";
import { chartTextOverride } from "./chart-texts.ts";

type Row = OutcomeChart["rows"][number];

export const ONE_MEASURE_MESSAGE = "This chart shows one measure at a time. Select one measure.";
export const SCORES_ONLY_MESSAGE = "Charts draw scores. Choose Results: Scores.";

/** The chart file of a chart id. */
export const chartSchemaId = (chartId: OutcomeChartId) => `charts/outcomes-${chartId}.json`;

interface XChart {
  title: string;
  caption: string;
  oneMeasure?: boolean;
}

/**
 * A program is inpatient when its type's care setting says so (enums/care-setting.json); a program
 * with no type is outpatient (docs/analytics.md Charts).
 */
const INPATIENT = sql<boolean>`coalesce((select t.care_setting = 'inpatient' from program_type t
  where t.id = prog.program_type_id), false)`;

/**
 * The query's records as the charts read them: total scores of sessions in an episode, with the
 * days since admission (clinic calendar days), when in the episode it was taken, and the setting.
 * It is the explorer's compiled query (filters, pairing and the caller's chart visibility alike).
 */
function records(compiled: CompiledOutcomeQuery, zone: string): RawBuilder<unknown> {
  return sql`select cm.id, cm.access_control_program_id as episode_id, cm.ccau_id, cm.measure_id, cm.completed_at,
      ms.value::float8 as score,
      ((cm.completed_at at time zone ${zone})::date - acp.admission_date) as days,
      ${takenAt} as taken_at,
      ${INPATIENT} as inpatient
    from ${compiled.from}
    where ${compiled.where} and ms.score_type = 'total_score' and acp.id is not null`;
}

/** `score <direction> value`, the direction from a fixed list (never text of a request). */
function clinical(score: RawBuilder<unknown>, cutoff: ChartCutoff): RawBuilder<SqlBool> {
  const op = { ">=": sql`>=`, ">": sql`>`, "<=": sql`<=`, "<": sql`<` }[cutoff.direction];
  return sql<SqlBool>`(${score} ${op} ${cutoff.value}::float8)`;
}

/** The band index of a score, as SQL: each band runs up to the next one's minimum (chart-measures.ts bandIndex). */
function bandCase(score: RawBuilder<unknown>, bands: readonly ChartBand[]): RawBuilder<number | null> {
  const whens = bands.map((band, i) => {
    const next = bands[i + 1];
    const upper = next ? sql`${score} < ${next.min}::float8` : sql`${score} <= ${band.max}::float8`;
    return sql`when ${score} >= ${band.min}::float8 and ${upper} then ${i}::int`;
  });
  return sql<number | null>`(case ${sql.join(whens, sql` `)} end)`;
}

// People read "≥ 10", not the definition's operator code.
const SYMBOLS: Record<ChartCutoff["direction"], string> = { ">=": "≥", ">": ">", "<=": "≤", "<": "<" };
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const plural = (n: number, one: string, other: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;

interface ChartInput {
  db: Kysely<Database>;
  recs: RawBuilder<unknown>;
  measures: { id: number; name: string; definition: MeasureDefinition | undefined }[];
}

interface ChartOutput {
  rows: Row[];
  notes: string[];
}

/** Mean total score by week of treatment (floor(days since admission / 7)), with a t-based 95% CI. */
async function scoreOverTime({ db, recs }: ChartInput): Promise<ChartOutput> {
  const result = await sql<{ week: number; n: number; mean: number; sd: number | null }>`with rec as (${recs}),
    weekly as (
      select distinct on (episode_id, ccau_id, week) episode_id, ccau_id, week, score
      from (select rec.*, (days / 7)::int as week from rec where days >= 0) w
      order by episode_id, ccau_id, week, completed_at desc, id desc)
    select week, count(*)::int as n, avg(score)::float8 as mean, stddev_samp(score)::float8 as sd
    from weekly group by week order by week`.execute(db);
  const rows = result.rows.map((r) => {
    const n = Number(r.n);
    const ci = meanInterval(n, Number(r.mean), num(r.sd));
    return {
      week: Number(r.week),
      n,
      mean: round2(ci.mean),
      sd: round2(ci.sd),
      ci_low: round2(ci.low),
      ci_high: round2(ci.high),
    };
  });
  const notes = rows.some((r) => r.n === 1) ? ["A week with a single episode has no confidence interval."] : [];
  return { rows, notes };
}

/** Paired admission and discharge scores per measure and setting. */
async function admissionDischarge({ db, recs, measures }: ChartInput): Promise<ChartOutput> {
  const result = await sql<Record<string, unknown>>`with rec as (${recs}),
    per as (
      select measure_id, inpatient, episode_id, ccau_id,
        max(score) filter (where taken_at = 'admission') as adm,
        (array_agg(score order by completed_at desc, id desc) filter (where taken_at = 'discharge'))[1] as dis
      from rec group by measure_id, inpatient, episode_id, ccau_id)
    select measure_id, inpatient,
      count(*) filter (where adm is not null and dis is not null)::int as pairs,
      count(*) filter (where adm is null or dis is null)::int as unpaired,
      avg(adm) filter (where dis is not null)::float8 as adm_mean,
      stddev_samp(adm) filter (where dis is not null)::float8 as adm_sd,
      avg(dis) filter (where adm is not null)::float8 as dis_mean,
      stddev_samp(dis) filter (where adm is not null)::float8 as dis_sd
    from per group by measure_id, inpatient order by measure_id, inpatient desc`.execute(db);
  const names = new Map(measures.map((m) => [m.id, m.name]));
  const rows: Row[] = [];
  let unpaired = 0;
  for (const r of result.rows) {
    unpaired += Number(r.unpaired);
    const pairs = Number(r.pairs);
    if (pairs === 0) continue;
    const adm = meanInterval(pairs, Number(r.adm_mean), num(r.adm_sd));
    const dis = meanInterval(pairs, Number(r.dis_mean), num(r.dis_sd));
    const name = names.get(Number(r.measure_id)) ?? String(r.measure_id);
    const setting = r.inpatient ? "inpatient" : "outpatient";
    rows.push({
      group: `${name}, ${setting === "inpatient" ? "Inpatient" : "Outpatient"}`,
      measure_id: Number(r.measure_id),
      measure_name: name,
      setting,
      pairs,
      admission_mean: round2(adm.mean),
      admission_ci_low: round2(adm.low),
      admission_ci_high: round2(adm.high),
      discharge_mean: round2(dis.mean),
      discharge_ci_low: round2(dis.low),
      discharge_ci_high: round2(dis.high),
      mean_change: round2(dis.mean - adm.mean),
    });
  }
  const notes: string[] = [];
  if (unpaired > 0) {
    notes.push(
      `${plural(unpaired, "episode has", "episodes have")} an admission or a discharge score but not both, and ${unpaired === 1 ? "is" : "are"} not drawn.`,
    );
  }
  return { rows, notes };
}

/**
 * Of the episodes whose admission score was in the clinical range, the week each first scored out
 * of it; the share out of it by each week counts every such episode, those not there yet included.
 */
async function weeksToCutoff({ db, recs, measures }: ChartInput): Promise<ChartOutput> {
  const measure = measures[0] as ChartInput["measures"][number];
  const cutoff = chartCutoff(measure.name, measure.definition);
  if (!cutoff.ok) return { rows: [], notes: [cutoff.reason] };
  const score = sql`score`;
  const result = await sql<{ eligible: boolean; reached: number | null; n: number }>`with rec as (${recs}),
    per as (
      select episode_id, ccau_id,
        max(score) filter (where taken_at = 'admission') as adm,
        min(days / 7) filter (where taken_at <> 'admission' and days >= 0 and not ${clinical(score, cutoff.value)}) as reached
      from rec group by episode_id, ccau_id)
    select ${clinical(sql`adm`, cutoff.value)} as eligible, reached::int as reached, count(*)::int as n
    from per where adm is not null group by 1, 2`.execute(db);
  let eligible = 0;
  let started = 0;
  let notYet = 0;
  const byWeek = new Map<number, number>();
  for (const r of result.rows) {
    const n = Number(r.n);
    if (!r.eligible) {
      started += n;
      continue;
    }
    eligible += n;
    if (r.reached === null) notYet += n;
    else byWeek.set(Number(r.reached), (byWeek.get(Number(r.reached)) ?? 0) + n);
  }
  const last = Math.max(-1, ...byWeek.keys());
  const rows: Row[] = [];
  let cumulative = 0;
  for (let week = 0; week <= last; week++) {
    const episodes = byWeek.get(week) ?? 0;
    cumulative += episodes;
    rows.push({ week, episodes, cumulative_percent: percent(cumulative, eligible) });
  }
  const notes: string[] = [];
  const { value, direction } = cutoff.value;
  notes.push(
    `${plural(eligible, "episode", "episodes")} started in the clinical range (${SYMBOLS[direction]} ${value}); ${plural(notYet, "has", "have")} not scored below the cut-off among these records.`,
  );
  if (started > 0) {
    notes.push(
      `${plural(started, "episode", "episodes")} started below the cut-off and ${started === 1 ? "is" : "are"} not counted.`,
    );
  }
  return { rows, notes };
}

/** Episodes per verified severity band at admission and at their latest score. */
async function severityBands({ db, recs, measures }: ChartInput): Promise<ChartOutput> {
  const measure = measures[0] as ChartInput["measures"][number];
  const bands = chartBands(measure.name, measure.definition);
  if (!bands.ok) return { rows: [], notes: [bands.reason] };
  const result = await sql<{ phase: string; band: number | null; n: number }>`with rec as (${recs}),
    per as (
      select episode_id, ccau_id,
        max(score) filter (where taken_at = 'admission') as adm,
        (array_agg(score order by completed_at desc, id desc))[1] as latest
      from rec group by episode_id, ccau_id)
    select 'admission' as phase, ${bandCase(sql`adm`, bands.value)} as band, count(*)::int as n
      from per where adm is not null group by 2
    union all
    select 'latest' as phase, ${bandCase(sql`latest`, bands.value)} as band, count(*)::int as n
      from per where adm is not null group by 2`.execute(db);
  const counts = bands.value.map(() => ({ admission: 0, latest: 0 }));
  let total = 0;
  for (const r of result.rows) {
    const n = Number(r.n);
    if (r.phase === "admission") total += n;
    if (r.band === null) continue;
    const slot = counts[Number(r.band)];
    if (slot) slot[r.phase === "admission" ? "admission" : "latest"] += n;
  }
  const rows: Row[] = bands.value.map((band, i) => {
    const c = counts[i] as { admission: number; latest: number };
    return {
      band: band.label,
      admission: c.admission,
      latest: c.latest,
      admission_percent: percent(c.admission, total),
      latest_percent: percent(c.latest, total),
    };
  });
  const notes = [`${plural(total, "episode has", "episodes have")} an admission score among these records.`];
  return { rows: total > 0 ? rows : [], notes };
}

const CHARTS: Record<OutcomeChartId, (input: ChartInput) => Promise<ChartOutput>> = {
  "score-over-time": scoreOverTime,
  "admission-discharge": admissionDischarge,
  "weeks-to-cutoff": weeksToCutoff,
  "severity-bands": severityBands,
};

/**
 * One outcomes chart for a query (POST /api/analytics/charts/{chartId}; issue 13 §2): the
 * aggregates are computed in SQL over the explorer's compiled query, so the chart counts exactly
 * the records the records table lists, and never a chart the caller may not see.
 */
export async function outcomeChart(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  chartId: OutcomeChartId,
  body: AnalyticsQuery,
): Promise<OutcomeChart> {
  const xChart = schemaById(bundle, chartSchemaId(chartId))["x-chart"] as XChart;
  const query = effectiveQuery(body, bundle);
  if (!query.scorableFilter) throw badRequest([{ field: "scorableFilter", message: SCORES_ONLY_MESSAGE }]);
  if (xChart.oneMeasure && query.measure.length !== 1) {
    throw badRequest([{ field: "measure", message: ONE_MEASURE_MESSAGE }]);
  }
  const { compiled, zone } = await compileOutcomeQueryFor(db, bundle, user, query);
  const names = await db
    .selectFrom("measure")
    .select(["id", "abbreviation"])
    .where("id", "in", query.measure)
    .execute();
  const measures = [];
  for (const m of names.sort((a, b) => a.abbreviation.localeCompare(b.abbreviation))) {
    measures.push({ id: m.id, name: m.abbreviation, definition: (await currentDefinition(db, m.id))?.definition });
  }
  const output = await CHARTS[chartId]({ db, recs: records(compiled, zone), measures });

  const oneProgram = query.program_or_location_filter === "program" && query.program_uuid.length === 1;
  const override = oneProgram ? await chartTextOverride(db, query.program_uuid[0] as string, chartId) : null;
  const measure = measures.length === 1 ? measures[0] : undefined;
  const range = measure?.definition?.scoring?.range;
  return {
    chartId,
    title: override?.title ?? xChart.title,
    caption: override?.caption ?? xChart.caption,
    hash: queryHash({ query: body, columns: [] }),
    measureName: measure?.name ?? null,
    scoreRange:
      chartId !== "weeks-to-cutoff" && chartId !== "severity-bands" && range
        ? { min: range.min, max: range.max }
        : null,
    rows: output.rows,
    notes: output.notes,
  };
}
