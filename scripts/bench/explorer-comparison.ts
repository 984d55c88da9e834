import { type RawBuilder, sql } from "kysely";
import { presetRange } from "../../src/server/analytics/analytics-dates.ts";
import { UNASSIGNED_CLINICIAN } from "../../src/server/analytics/outcome-query.ts";
import { clinicTimeZoneSql } from "../../src/server/sessions/availability.ts";
import { todayIn } from "../../src/shared/scheduling/due-dates.ts";
import { defaultBundle, schemaById } from "../../src/shared/schema/bundle.ts";
import type { DatabaseProbe } from "./database-probe.ts";
import { formatMs } from "./report.ts";

/**
 * Issue 13 §6: the outcomes explorer answering three queries a program director asks, next to
 * hand-written SQL for the same answer (its total and its first page of 25 records), in the same
 * run on the same database. The hand-written SQL is what an analyst would type knowing the data:
 * only the joins and conditions that query needs, window functions for pairs. Each side runs
 * WARMUP times unmeasured, then RUNS times, alternating, so both see the same caches; the medians
 * are compared. Both answers are checked equal (total and the first page's records) before any
 * figure is reported: a fast wrong answer is not a measurement.
 */

const WARMUP = 2;
const RUNS = 7;
const PAGE = 25;
export const EXPLORER_TARGET_MS = 1000;
export const EXPLORER_TARGET_RATIO = 1.5;

export interface Ids {
  zone: string;
  phq9: number;
  gad7: number;
  scorable: number[];
  programs: { id: number; uuid: string }[];
  /** The program with the most scored sessions. */
  busiestProgram: { id: number; uuid: string };
  /** The location with the most programs. */
  location: { id: number; uuid: string };
  clinicians: number[];
  teams: number[];
}

interface Answer {
  total: number;
  /** "record id/score type" of the first page, in order. */
  page: string[];
}

interface ComparedQuery {
  id: string;
  label: string;
  body: Record<string, unknown>;
  hand: (ids: Ids) => { count: RawBuilder<{ n: string }>; page: RawBuilder<{ id: string; score_type: string }> };
}

export interface ExplorerRow {
  id: string;
  label: string;
  records: number;
  explorerMs: number;
  handMs: number;
  failed?: string;
}

const enumValues = (id: string) =>
  ((schemaById(defaultBundle, id).oneOf ?? []) as { const: string }[]).map((o) => o.const);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Completion instants of clinic days from..to inclusive, as the explorer bounds them. */
function completedBetween(zone: string, from: string, to: string): RawBuilder<boolean> {
  return sql<boolean>`cm.completed_at >= (${from}::date::timestamp at time zone ${zone})
    and cm.completed_at < ((${to}::date + 1)::timestamp at time zone ${zone})`;
}

/** The first page's order and columns as the explorer shows them by default, over any FROM/WHERE. */
function handPage(from: RawBuilder<unknown>, where: RawBuilder<boolean>, zone: string, patientJoined = false) {
  const patient = patientJoined
    ? sql``
    : sql`join cca_user cu on cu.id = cm.ccau_id
      join client_clinic_assignment cca on cca.id = cu.cca_id
      join patient p on p.id = cca.patient_id`;
  return sql<{ id: string; score_type: string }>`select cm.id, ms.score_type, cm.completed_at, p.mrn, p.last_name,
      p.first_name, prog.name as program_name, m.abbreviation, ms.value::float8 as score, cu.relation_id,
      ((cm.completed_at at time zone ${zone})::date - acp.admission_date) as days_at_completion
    from ${from}
      ${patient}
      join measure m on m.id = cm.measure_id
      join program prog on prog.id = acp.program_id
    where ${where}
    order by cm.completed_at desc, cm.id desc, (ms.score_type = 'total_score'), ms.score_type
    limit ${PAGE}`;
}

function queries(ids: Ids, today: string): ComparedQuery[] {
  // Every clinician (Unassigned too), team, gender and age bucket: what "Select all" sends.
  const everyone = {
    clinicians: [...ids.clinicians, UNASSIGNED_CLINICIAN],
    clinical_teams: ids.teams,
    gender: enumValues("enums/gender.json"),
    age: enumValues("buckets/age-filter.json").filter((a) => a !== "custom"),
  };
  const lastYear = presetRange({ datePreset: "last_year" }, today);
  const ytd = presetRange({ datePreset: "year_to_date" }, today);
  if (!lastYear || !ytd) throw new Error("date presets gave no range");
  return [
    {
      id: "board",
      label: "every program, PHQ-9, last year (a board report)",
      body: {
        program_uuid: ids.programs.map((p) => p.uuid),
        ...everyone,
        measure: [ids.phq9],
        datePreset: "last_year",
      },
      hand: ({ zone, phq9, programs }) => {
        const from = sql`client_measure cm
          join measure_score ms on ms.client_measure_id = cm.id
          join access_control_program acp on acp.id = cm.access_control_program_id`;
        const where = sql<boolean>`cm.status = 'submitted' and cm.measure_id = ${phq9}
          and acp.program_id = any(${programs.map((p) => p.id)}::bigint[])
          and ${completedBetween(zone, lastYear.from, lastYear.to)}`;
        return { count: sql`select count(*) as n from ${from} where ${where}`, page: handPage(from, where, zone) };
      },
    },
    {
      id: "paired",
      label: "the busiest program, every scored measure, first and last of each episode, all time",
      body: {
        program_uuid: [ids.busiestProgram.uuid],
        ...everyone,
        measure: ids.scorable,
        results_to_include: "episode_paired",
        datePreset: "all_time",
      },
      hand: ({ zone, scorable, busiestProgram }) => {
        const from = sql`(select cm.*, count(*) over w as n, row_number() over w as rn
            from client_measure cm join access_control_program a on a.id = cm.access_control_program_id
            where cm.status = 'submitted' and a.program_id = ${busiestProgram.id}
              and cm.measure_id = any(${scorable}::bigint[])
            window w as (partition by cm.access_control_program_id, cm.ccau_id, cm.measure_id
              order by cm.completed_at, cm.id rows between unbounded preceding and unbounded following)) cm
          join measure_score ms on ms.client_measure_id = cm.id
          join access_control_program acp on acp.id = cm.access_control_program_id`;
        const where = sql<boolean>`cm.n >= 2 and (cm.rn = 1 or cm.rn = cm.n)`;
        return { count: sql`select count(*) as n from ${from} where ${where}`, page: handPage(from, where, zone) };
      },
    },
    {
      id: "location",
      label: "one location, GAD-7, women 18 to 35, discharged episodes, year to date",
      body: {
        program_or_location_filter: "location",
        location_uuid: [ids.location.uuid],
        ...everyone,
        measure: [ids.gad7],
        gender: ["f"],
        age: ["18-25", "26-35"],
        program_discharge: "discharged",
        datePreset: "year_to_date",
      },
      hand: ({ zone, gad7, location }) => {
        // Gender and age need the patient: the chain to it is part of this FROM.
        const from = sql`client_measure cm
          join measure_score ms on ms.client_measure_id = cm.id
          join access_control_program acp on acp.id = cm.access_control_program_id
          join program pr on pr.id = acp.program_id
          join cca_user cu on cu.id = cm.ccau_id
          join client_clinic_assignment cca on cca.id = cu.cca_id
          join patient p on p.id = cca.patient_id`;
        const where = sql<boolean>`cm.status = 'submitted' and cm.measure_id = ${gad7} and pr.location_id = ${location.id}
          and p.gender = 'f' and acp.discharge_date is not null
          and date_part('year', age((cm.completed_at at time zone ${zone})::date, p.birth_date)) between 18 and 35
          and ${completedBetween(zone, ytd.from, ytd.to)}`;
        return {
          count: sql`select count(*) as n from ${from} where ${where}`,
          page: handPage(from, where, zone, true),
        };
      },
    },
  ];
}

export async function lookupIds(probe: DatabaseProbe): Promise<Ids | string> {
  const rows = <T>(q: RawBuilder<T>) => probe.query(q);
  const [settings] = await rows(sql<{ zone: string }>`select ${clinicTimeZoneSql} as zone`);
  const measures = await rows(sql<{ id: string; abbreviation: string; scorable: boolean }>`
    select id, abbreviation, scorable from measure`);
  const idOf = (abbr: string) => Number(measures.find((m) => m.abbreviation === abbr)?.id ?? 0);
  const programs = await rows(sql<{ id: string; uuid: string; scored: string }>`
    select p.id, p.uuid, (select count(*) from access_control_program a join client_measure cm
      on cm.access_control_program_id = a.id and cm.status = 'submitted' where a.program_id = p.id) as scored
    from program p order by 3 desc, p.id`);
  const [location] = await rows(sql<{ id: string; uuid: string }>`
    select l.id, l.uuid from location l join program p on p.location_id = l.id
    group by l.id order by count(*) desc, l.id limit 1`);
  if (!programs.length) return "the database has no programs (npm run generate makes them)";
  if (!location) return "no program has a location";
  if (!idOf("PHQ-9") || !idOf("GAD-7")) return "PHQ-9 or GAD-7 is missing from the library";
  const clinicians = await rows(sql<{ id: string }>`select distinct clinician_id as id from cca_clinician`);
  const teams = await rows(sql<{ id: string }>`select id from clinician_team`);
  return {
    zone: settings.zone,
    phq9: idOf("PHQ-9"),
    gad7: idOf("GAD-7"),
    scorable: measures.filter((m) => m.scorable).map((m) => Number(m.id)),
    programs: programs.map((p) => ({ id: Number(p.id), uuid: p.uuid })),
    busiestProgram: { id: Number(programs[0].id), uuid: programs[0].uuid },
    location: { id: Number(location.id), uuid: location.uuid },
    clinicians: clinicians.map((c) => Number(c.id)),
    teams: teams.map((t) => Number(t.id)),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

/**
 * Runs the comparison against a running app (its URL and a director's token) and the same
 * PostgreSQL database through the probe.
 */
export async function compareExplorer(
  appUrl: string,
  token: string,
  probe: DatabaseProbe,
): Promise<ExplorerRow[] | string> {
  const ids = await lookupIds(probe);
  if (typeof ids === "string") return ids;
  const today = todayIn(ids.zone);
  const out: ExplorerRow[] = [];
  for (const q of queries(ids, today)) {
    const hand = q.hand(ids);
    const viaExplorer = async (): Promise<Answer> => {
      const res = await fetch(`${appUrl}/api/analytics/outcomes-explorer`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ query: q.body, page: 1, pageSize: PAGE, sort: "completed_at", order: "desc" }),
      });
      if (res.status !== 200) throw new Error(`the explorer answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { totalRecords: number; rows: { record_id: number; score_type: string }[] };
      return { total: body.totalRecords, page: body.rows.map((r) => `${r.record_id}/${r.score_type}`) };
    };
    const byHand = async (): Promise<Answer> => {
      const [count] = await probe.query(hand.count);
      const page = await probe.query(hand.page);
      return { total: Number(count.n), page: page.map((r) => `${r.id}/${r.score_type}`) };
    };
    try {
      const first = { explorer: await viaExplorer(), hand: await byHand() };
      if (first.explorer.total !== first.hand.total)
        throw new Error(`totals differ: explorer ${first.explorer.total}, hand-written ${first.hand.total}`);
      // The explorer shows score types in words; compare the records' order by id.
      const idsOf = (a: Answer) => a.page.map((k) => k.split("/")[0]).join(",");
      if (idsOf(first.explorer) !== idsOf(first.hand)) throw new Error("the first pages differ");
      for (let i = 0; i < WARMUP; i++) await Promise.all([viaExplorer(), byHand()].map((p) => p.catch(() => null)));
      const explorerMs: number[] = [];
      const handMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        explorerMs.push((await timed(viaExplorer)).ms);
        handMs.push((await timed(byHand)).ms);
      }
      out.push({
        id: q.id,
        label: q.label,
        records: first.hand.total,
        explorerMs: median(explorerMs),
        handMs: median(handMs),
      });
    } catch (err) {
      out.push({ id: q.id, label: q.label, records: 0, explorerMs: 0, handMs: 0, failed: (err as Error).message });
    }
  }
  return out;
}

/** The markdown section of the report. */
export function formatExplorerSection(rows: ExplorerRow[] | string): string {
  const head = [
    "#### Outcomes explorer next to hand-written SQL (issue 13 §6)",
    "",
    `Median of ${RUNS} runs each (after ${WARMUP} unmeasured), one request at a time: the explorer's POST /api/analytics/outcomes-explorer as the director (total + first page of ${PAGE}, in words) against the same total and page by hand-written SQL over the same PostgreSQL server. Targets: median < ${EXPLORER_TARGET_MS} ms and ≤ ${EXPLORER_TARGET_RATIO}× the hand-written SQL.`,
    "",
  ];
  if (typeof rows === "string") return [...head, `Not run: ${rows}.`].join("\n");
  const table = [
    "| query | records | explorer (ms) | hand-written (ms) | ratio | target |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      if (r.failed) return `| ${r.label} | | | | | FAILED: ${r.failed} |`;
      const ratio = r.explorerMs / Math.max(r.handMs, 0.1);
      const met = r.explorerMs < EXPLORER_TARGET_MS && ratio <= EXPLORER_TARGET_RATIO;
      return `| ${r.label} | ${r.records.toLocaleString("en-US")} | ${formatMs(r.explorerMs)} | ${formatMs(r.handMs)} | ${ratio.toFixed(2)}× | ${met ? "met" : "**not met**"} |`;
    }),
  ];
  return [...head, ...table].join("\n");
}
