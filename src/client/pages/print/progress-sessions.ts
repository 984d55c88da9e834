import type { RespondentOverview } from "../chart-measures/chart-api.ts";
import { relationLabel } from "../measures/measure-format.ts";

/** One answered session in a progress report's table. */
export interface ProgressSession {
  clientMeasureId: number;
  date: string;
  respondent: string;
  instrument: string;
  total: number | null;
  band: string | null;
}

/** "Jordan Rivera", or "Maria Rivera (Mother)": the respondent as the table names them. */
export function respondentWords(overview: Pick<RespondentOverview, "respondent">): string {
  const relation = relationLabel(overview.respondent.relation_id);
  return relation ? `${overview.respondent.name} (${relation})` : overview.respondent.name;
}

/**
 * Every session the respondents' progress charts draw (spec §3 progress_chart), of every measure
 * (scored or not), oldest first: the progress report's table reads as the history the charts show.
 */
export function progressSessions(overviews: readonly RespondentOverview[]): ProgressSession[] {
  const rows: ProgressSession[] = [];
  for (const overview of overviews) {
    const respondent = respondentWords(overview);
    for (const measure of overview.rows) {
      for (const point of measure.progress_chart.sessions_progress_results) {
        rows.push({
          clientMeasureId: point.clientMeasureId,
          date: point.date,
          respondent,
          instrument: measure.abbreviation,
          total: point.score,
          band: point.severity,
        });
      }
    }
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.clientMeasureId - b.clientMeasureId);
}
