import type { Kysely } from "kysely";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { Database } from "../db/database-types.ts";
import { type DefinitionVersion, definitionByHash, definitionVersion } from "../measures/definitions.ts";
import type { ClaimedSession } from "./answer-claim.ts";
import type { SessionRow } from "./session-store.ts";

/** The definition version a session is answered, scored and reported with. */
export async function sessionDefinition(db: Kysely<Database>, session: SessionRow): Promise<DefinitionVersion> {
  const versionId = session.versionId ?? session.currentVersionId;
  if (versionId === null) throw new Error(`measure ${session.measureId} has no stored definition`);
  return definitionVersion(db, versionId);
}

/**
 * A session nobody has answered yet moves to the newest definition before its first answer:
 * a wording fixed since scheduling reaches the respondent, and once answering starts the
 * version is fixed for good (one patient's series never mixes versions within a session).
 */
export async function definitionForAnswering(trx: Kysely<Database>, session: SessionRow): Promise<DefinitionVersion> {
  if (
    session.status === "not_started" &&
    session.currentVersionId !== null &&
    session.versionId !== session.currentVersionId
  ) {
    await trx
      .updateTable("client_measure")
      .set({ measure_version_id: session.currentVersionId })
      .where("id", "=", session.id)
      .where("status", "=", "not_started")
      .execute();
    session.versionId = session.currentVersionId;
  }
  return sessionDefinition(trx, session);
}

/**
 * The definition a claimed session (answer-claim.ts) is answered with. The claim already chose the
 * version (the newest one while nobody has answered) and read its content hash: a definition this
 * process has seen costs no statement. saveOneAnswer pins the version with the first answer.
 */
export function claimedDefinition(trx: Kysely<Database>, session: ClaimedSession): Promise<MeasureDefinition> {
  const { answeringVersionId: versionId, answeringContentHash: hash } = session;
  if (versionId === null || hash === null) throw new Error(`measure ${session.measureId} has no stored definition`);
  return definitionByHash(trx, versionId, hash);
}
