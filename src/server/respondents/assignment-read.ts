import type { Kysely } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { notFound } from "../http/http-error.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { visibleLink } from "./respondent-access.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";
import { enumLabel } from "./team-read.ts";

/**
 * One link with its chart (GET /api/assignments/{ccauId}): whose chart, who answers, and whether
 * the link was removed. Removed links answer too, since their results stay readable; a link on a
 * chart the caller may not see answers 404 like a missing one.
 */
export async function assignmentOf(db: Kysely<Database>, bundle: SchemaBundle, user: RequestUser, ccauId: number) {
  const link = await visibleLink(db, user, ccauId);
  if (!link) throw notFound(RESPONDENT_MESSAGES.notFound);
  const row = await db
    .selectFrom(["patient as p", "app_user as u"])
    .select(["p.first_name", "p.last_name", "p.mrn", "u.first_name as r_first", "u.last_name as r_last"])
    .where("p.id", "=", link.patientId)
    .where("u.id", "=", link.userId)
    .executeTakeFirstOrThrow();
  return {
    ccauId: link.ccauId,
    ccaId: link.ccaId,
    patientId: link.patientId,
    userId: link.userId,
    full_name: `${row.first_name} ${row.last_name}`,
    mrn: row.mrn,
    relation_id: link.relationId,
    relation: enumLabel(bundle, "enums/relation.json", link.relationId),
    respondent_type: link.respondentType,
    respondent_full_name: `${row.r_first} ${row.r_last}`,
    isPatient: link.relationId === SELF_RELATION,
    removed: link.deletedAt !== null,
    removed_at: link.deletedAt ? new Date(link.deletedAt).toISOString() : null,
  };
}
