import type { Kysely } from "kysely";
import type { TeamLatestSessions } from "../../../generated/types/api/responses/team-latest-sessions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import type { VisibleChart } from "../respondents/respondent-access.ts";
import { measuresOverview } from "../sessions/overview.ts";
import { teamLinks } from "./team-links.ts";

/**
 * GET latest-session/team/{ccaId}: each respondent-measure of the chart's team with its latest
 * completed session (score, severity, alerts) and its next open session, read from the same
 * per-respondent overview the chart draws (overview.ts), so the two can never disagree.
 */
export async function teamLatestSessions(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  zone: string,
  chart: VisibleChart,
): Promise<TeamLatestSessions> {
  const rows: TeamLatestSessions["rows"] = [];
  for (const link of await teamLinks(db, chart.ccaId)) {
    for (const m of await measuresOverview(db, bundle, zone, link.ccauId)) {
      rows.push({
        ccauId: link.ccauId,
        respondent: { name: link.name, relation_id: link.relationId },
        measureLibraryId: m.measureLibraryId,
        measure_id: m.measure_id,
        abbreviation: m.abbreviation,
        name: m.name,
        sessions_completed: m.sessions_completed,
        latest: m.latest,
        next_due: m.next_due,
      });
    }
  }
  return { ccaId: chart.ccaId, patientId: chart.patientId, rows, totalRecords: rows.length };
}
