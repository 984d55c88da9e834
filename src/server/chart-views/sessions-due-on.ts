import type { Kysely } from "kysely";
import type { TeamSessionsDue } from "../../../generated/types/api/responses/team-sessions-due.ts";
import type { Database } from "../db/database-types.ts";
import type { VisibleChart } from "../respondents/respondent-access.ts";
import { dueInstant } from "../scheduling/generate-occurrences.ts";
import { sessionRows } from "../sessions/session-rows.ts";
import { teamLinks } from "./team-links.ts";

/**
 * GET measure-session/team/{ccaId}?session_due_date=: every session of the chart's live team due
 * on that calendar day (stored as the start of the day in UTC), withdrawn ones left out, with its
 * state, whether it can be answered now, and its score once submitted.
 */
export async function sessionsDueOn(
  db: Kysely<Database>,
  zone: string,
  chart: VisibleChart,
  day: string,
): Promise<TeamSessionsDue> {
  const links = await teamLinks(db, chart.ccaId);
  const byLink = new Map(links.map((l) => [l.ccauId, l]));
  const sessions = links.length
    ? await sessionRows(db, zone)
        .where("cm.ccau_id", "in", [...byLink.keys()])
        .where("cm.due_date", "=", dueInstant(day))
        .orderBy("cm.ccau_id")
        .orderBy("m.abbreviation")
        .orderBy("cm.id")
        .execute()
    : [];
  const rows = sessions.map((s) => {
    const link = byLink.get(s.ccau_id);
    return {
      clientMeasureId: s.id,
      ccauId: s.ccau_id,
      respondent: { name: link?.name ?? "", relation_id: link?.relationId ?? 0 },
      measureLibraryId: s.measure_pk,
      abbreviation: s.abbreviation,
      name: s.name,
      due_date: s.due_date.toISOString(),
      status: s.status,
      open: Boolean(s.open),
      completed_at: s.completed_at?.toISOString() ?? null,
      score: s.status === "submitted" ? s.total : null,
      severity: s.status === "submitted" ? s.severity : null,
    };
  });
  return { ccaId: chart.ccaId, session_due_date: day, rows, totalRecords: rows.length };
}
