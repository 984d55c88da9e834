import type { Kysely } from "kysely";
import type { ClinicalSignificanceRequest } from "../../../../generated/types/api/clinical-significance-request.ts";
import type { ClinicalSignificance } from "../../../../generated/types/api/responses/clinical-significance.ts";
import { countCategories, emptyCounts } from "../../../shared/analytics/clinical-significance.ts";
import { parametersFor } from "../../../shared/analytics/significance-parameters.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../../shared/schema/bundle.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { currentDefinition } from "../../measures/definitions.ts";
import { pairedScores } from "./significance-pairs.ts";

const METHODS = "enums/significance-method.json";

/**
 * Clinical significance per instrument of the query (issue 13 §3; docs/analytics.md): paired
 * episodes by category under the method asked, with the parameters used and their published
 * references, or the reason an instrument is left out. Counts only.
 */
export async function clinicalSignificance(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  request: ClinicalSignificanceRequest,
): Promise<ClinicalSignificance> {
  const pairs = await pairedScores(db, bundle, user, request.query);
  const methodTitle =
    enumOptions(schemaById(bundle, METHODS)).find((o) => o.value === request.method)?.label ?? request.method;
  const instruments: ClinicalSignificance["instruments"] = [];
  for (const measureId of request.query.measure ?? []) {
    const version = await currentDefinition(db, measureId);
    if (!version) continue;
    const def = version.definition;
    const list = pairs.get(measureId) ?? [];
    const judged = parametersFor(def, request.method);
    const base = { measureId, abbreviation: def.abbreviation, name: def.name, pairs: list.length };
    if (judged.excluded) {
      instruments.push({
        ...base,
        excluded: true,
        reason: judged.reason,
        counts: { measure: def.abbreviation, ...emptyCounts() },
      });
    } else {
      instruments.push({
        ...base,
        excluded: false,
        parameters: judged.parameters,
        counts: { measure: def.abbreviation, ...countCategories(list, judged.classify) },
      });
    }
  }
  return { method: request.method, methodTitle, instruments };
}
