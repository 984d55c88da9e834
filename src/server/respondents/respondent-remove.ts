import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { appendHistory } from "../history/record-history.ts";
import { badRequest, notFound } from "../http/http-error.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { disableOpenMeasures } from "./link-measures.ts";
import { respondentEntity } from "./respondent-entity.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";

export type RemovalResult = "marked_deleted" | "removed";

/**
 * Removes a respondent from a chart's team (spec §4). Not the engine's delete: a link with
 * measures is marked deleted, keeping its results, with its schedules and unanswered measures
 * disabled so nothing more is sent; a link without is removed. The patient's own link stays.
 * 404 when there is no live link the caller may see ("fails if result absent"). History keeps
 * the record as it was, with how it went.
 */
export async function removeRespondent(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  ccauId: number,
): Promise<RemovalResult> {
  const store = entityStore(respondentEntity, bundle);
  return db.transaction().execute(async (trx) => {
    // The row first, then whether the caller may see it: two removals cannot both go ahead.
    await trx.selectFrom("cca_user").select("id").where("id", "=", ccauId).forUpdate().execute();
    const record = await store.read(trx, ccauId, user);
    if (!record) throw notFound(RESPONDENT_MESSAGES.notFound);
    if (record.relation_id === SELF_RELATION)
      throw badRequest([{ field: "", message: RESPONDENT_MESSAGES.patientNotRemovable }]);

    // client_measure belongs to the measures area; plain SQL keeps this module off its types.
    const measures = await sql<{ n: number }>`select count(*)::int as n from client_measure
      where ccau_id = ${ccauId}`.execute(trx);
    let result: RemovalResult;
    if (measures.rows[0].n > 0) {
      await trx
        .updateTable("cca_user")
        .set({ deleted_at: sql`now()`, version: sql`version + 1` })
        .where("id", "=", ccauId)
        .execute();
      await disableOpenMeasures(trx, [ccauId]);
      result = "marked_deleted";
    } else {
      await trx.deleteFrom("cca_user").where("id", "=", ccauId).execute();
      result = "removed";
    }
    await appendHistory(trx, {
      entity: respondentEntity.name,
      entityId: ccauId,
      data: { ...record, removed: result },
      changedBy: user.id,
    });
    return result;
  });
}
