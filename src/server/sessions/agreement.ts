import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";

export const AGREEMENT_REQUIRED = "Please accept the privacy agreement before answering measures.";

/** A respondent answers and reads sessions only once they accepted the privacy agreement (spec §1). */
export async function assertAgreement(db: Kysely<Database>, userId: number): Promise<void> {
  const row = await db.selectFrom("app_user").select("hippa_agreement_at").where("id", "=", userId).executeTakeFirst();
  if (!row?.hippa_agreement_at) throw new HttpError(403, AGREEMENT_REQUIRED, "hippa_agreement_required");
}
