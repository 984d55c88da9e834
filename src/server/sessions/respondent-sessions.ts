import { type Kysely, sql } from "kysely";
import type { RespondentGroup } from "../../shared/api/respondent-sessions.ts";
import { resumePageId } from "../../shared/scoring/resume-page.ts";
import type { Database } from "../db/database-types.ts";
import { definitionVersion } from "../measures/definitions.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { isOpen } from "./availability.ts";
import { respondentTitleOf } from "./respondent-title.ts";
import { loadAnswers } from "./session-store.ts";

/**
 * What a respondent can answer now (spec §2 /session): their sessions that are not started or
 * partial and whose due day is not over, grouped per respondent link, their own chart first.
 */
export async function availableSessions(
  db: Kysely<Database>,
  zone: string,
  userId: number,
  ccauId?: number,
): Promise<RespondentGroup[]> {
  const rows = await db
    .selectFrom("client_measure as cm")
    .innerJoin("cca_user as cu", "cu.id", "cm.ccau_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .innerJoin("measure as m", "m.id", "cm.measure_id")
    .select([
      "cm.id",
      "cm.ccau_id",
      "cu.cca_id",
      "cu.relation_id",
      "p.first_name",
      "p.last_name",
      "m.id as measure_pk",
      respondentTitleOf("m").as("title"),
      "cm.status",
      "cm.due_date",
      sql<number>`coalesce(cm.measure_version_id, m.current_version_id)`.as("version_id"),
      sql<number>`(select count(*)::int from answer a where a.client_measure_id = cm.id and a.value is not null)`.as(
        "answered",
      ),
      sql<number>`(select coalesce(max(a.client_seq), 0) from answer a where a.client_measure_id = cm.id)`.as(
        "last_seq",
      ),
    ])
    .where("cu.user_id", "=", userId)
    .where("cu.deleted_at", "is", null)
    .$if(ccauId !== undefined, (q) => q.where("cu.id", "=", ccauId as number))
    .where(isOpen(zone))
    .orderBy(sql`(cu.relation_id = ${SELF_RELATION})`, "desc")
    .orderBy("cu.id")
    .orderBy("cm.due_date")
    .orderBy("m.abbreviation")
    .execute();

  const groups = new Map<number, RespondentGroup>();
  for (const row of rows) {
    const { definition: def } = await definitionVersion(db, Number(row.version_id));
    // A started session resumes at its first unanswered question's page; a new one at the start.
    const resume =
      row.status === "partial" ? resumePageId(def, (await loadAnswers(db, row.id)).answers) : def.pages[0].id;
    let group = groups.get(row.ccau_id);
    if (!group) {
      group = {
        ccauId: row.ccau_id,
        ccaId: row.cca_id,
        relation_id: row.relation_id,
        self: row.relation_id === SELF_RELATION,
        patient: {
          first_name: row.first_name,
          last_name: row.last_name,
          full_name: `${row.first_name} ${row.last_name}`,
        },
        measures: [],
      };
      groups.set(row.ccau_id, group);
    }
    group.measures.push({
      clientMeasureId: row.id,
      measureId: row.measure_pk,
      title: row.title,
      status: row.status as "not_started" | "partial",
      due_date: row.due_date.toISOString(),
      firstPageId: def.pages[0].id,
      resumePageId: resume,
      answeredCount: Number(row.answered),
      questionCount: def.questionCount,
      lastSeq: Number(row.last_seq),
    });
  }
  return [...groups.values()];
}
