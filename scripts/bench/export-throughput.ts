import { readFileSync } from "node:fs";
import { UNASSIGNED_CLINICIAN } from "../../src/server/analytics/outcome-query.ts";
import { defaultBundle, schemaById } from "../../src/shared/schema/bundle.ts";
import type { DatabaseProbe } from "./database-probe.ts";
import { lookupIds } from "./explorer-comparison.ts";
import { formatMs } from "./report.ts";

/**
 * Issue 13 §6: an export of every scored record of every program (the largest file a director can
 * ask for) through the real route and the app's own pg-boss worker, while a second client keeps
 * asking for the patient list. Reported: records per second while generating (first poll that
 * saw it generating to Ready), the whole wait from the request, the server's resident memory above
 * what it held before the request (read from /proc every 100 ms), and the patient list's answers
 * meanwhile. Targets: ≥ 200,000 records/s and < 300 MB of growth while other requests are served.
 */

export const EXPORT_TARGET_ROWS_PER_SECOND = 200_000;
export const EXPORT_TARGET_RSS_MB = 300;
const POLL_MS = 100;
const TIMEOUT_MS = 30 * 60_000;
const WARM_MS = 3000;

export interface ExportRun {
  records: number;
  rowsPerSecond: number;
  totalSeconds: number;
  rssGrowthMb: number;
  rssBeforeMb: number;
  listAnswers: number;
  listNot200: number;
  listP50Ms: number;
  listMaxMs: number;
  failed?: string;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const enumValues = (id: string) =>
  ((schemaById(defaultBundle, id).oneOf ?? []) as { const: string }[]).map((o) => o.const);

export async function exportThroughput(
  appUrl: string,
  pid: number,
  token: string,
  probe: DatabaseProbe,
): Promise<ExportRun | string> {
  const ids = await lookupIds(probe);
  if (typeof ids === "string") return ids;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const query = {
    program_uuid: ids.programs.map((p) => p.uuid),
    clinicians: [...ids.clinicians, UNASSIGNED_CLINICIAN],
    clinical_teams: ids.teams,
    measure: ids.scorable,
    gender: enumValues("enums/gender.json"),
    age: enumValues("buckets/age-filter.json").filter((a) => a !== "custom"),
    datePreset: "all_time",
  };
  // Meanwhile, the patient list as a clinician's screen asks for it, one request at a time.
  const list: number[] = [];
  let listNot200 = 0;
  let exporting = true;
  const lister = (async () => {
    while (exporting) {
      const start = performance.now();
      const res = await fetch(`${appUrl}/api/patients?view=all&pageSize=25`, { headers }).catch(() => null);
      if (res) await res.arrayBuffer();
      list.push(performance.now() - start);
      if (res?.status !== 200) listNot200++;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();

  // The baseline is the server serving the list in its steady state (a few seconds of it), so the
  // growth is the export's, not the list's first requests warming their caches.
  await new Promise((r) => setTimeout(r, WARM_MS));
  list.length = 0;
  listNot200 = 0;
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    try {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    } catch {
      // the server is gone: the polls below say so
    }
  }, POLL_MS);

  try {
    const asked = performance.now();
    const res = await fetch(`${appUrl}/api/analytics/generate-export-file`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query, name: "Bench export" }),
    });
    if (res.status !== 202) return `the export route answered ${res.status}: ${await res.text()}`;
    const { id } = (await res.json()) as { id: number };
    let generatingSince: number | null = null;
    for (;;) {
      if (performance.now() - asked > TIMEOUT_MS) return "the export did not finish in 30 minutes";
      const poll = await fetch(`${appUrl}/api/analytics/export/user-status`, { headers });
      const row = ((await poll.json()) as { rows: Record<string, unknown>[] }).rows.find((r) => r.id === id);
      if (!row) return `export ${id} is not listed`;
      if (row.status === "in_process" && generatingSince === null) generatingSince = performance.now();
      if (row.status === "error") return `the export failed: ${String(row.error)}`;
      if (row.status === "completed") {
        const done = performance.now();
        const records = Number(row.rowsWritten);
        const generating = (done - (generatingSince ?? asked)) / 1000;
        const sorted = [...list].sort((a, b) => a - b);
        return {
          records,
          rowsPerSecond: records / generating,
          totalSeconds: (done - asked) / 1000,
          rssGrowthMb: rssPeak - rssBefore,
          rssBeforeMb: rssBefore,
          listAnswers: list.length,
          listNot200,
          listP50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
          listMaxMs: sorted.at(-1) ?? 0,
        };
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    exporting = false;
    clearInterval(sampler);
    await lister;
  }
}

export function formatExportSection(run: ExportRun | string): string {
  const head = [
    "#### Export throughput and memory (issue 13 §6)",
    "",
    `Every scored record of every program, all time, in the default columns, through POST /api/analytics/generate-export-file and the app's own queue worker, while a second client asked for the patient list every 200 ms. Records/s counts from the first poll that saw the export generating to Ready (polled every ${POLL_MS} ms); memory is the server process's resident set above what it held before the request, after ${WARM_MS / 1000} s of serving the list. Targets: ≥ ${EXPORT_TARGET_ROWS_PER_SECOND.toLocaleString("en-US")} records/s, < ${EXPORT_TARGET_RSS_MB} MB growth, the list answered meanwhile.`,
    "",
  ];
  if (typeof run === "string") return [...head, `FAILED: ${run}.`].join("\n");
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  return [
    ...head,
    "| records | records/s | whole wait (s) | RSS before (MB) | RSS growth (MB) | patient list meanwhile | target |",
    "| ---: | ---: | ---: | ---: | ---: | --- | --- |",
    `| ${run.records.toLocaleString("en-US")} | ${Math.round(run.rowsPerSecond).toLocaleString("en-US")} | ${run.totalSeconds.toFixed(1)} | ${run.rssBeforeMb.toFixed(0)} | ${run.rssGrowthMb.toFixed(0)} | ${run.listAnswers} answers, ${run.listNot200} not 200, p50 ${formatMs(run.listP50Ms)} ms, max ${formatMs(run.listMaxMs)} ms | throughput ${met(run.rowsPerSecond >= EXPORT_TARGET_ROWS_PER_SECOND)}, memory ${met(run.rssGrowthMb < EXPORT_TARGET_RSS_MB)} |`,
  ].join("\n");
}
