import type { AnalyticsQuery } from "../../../generated/types/api/analytics-query.ts";
import { defaultBundle, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";

export const ANALYTICS_QUERY_SCHEMA = "api/analytics-query.json";

/** Required is everything: each optional field read with the schema's default filled in. */
export type FullQuery = Required<Omit<AnalyticsQuery, "age_custom" | "customRangeDate">> &
  Pick<AnalyticsQuery, "age_custom" | "customRangeDate">;

/**
 * The query as it selects records: every field at its value or the schema's default (the
 * validator fills none), and nothing that takes no effect. Programs are ignored while filtering
 * by location (and the other way round); custom bounds count only when the custom choice is
 * picked. The compiler reads this, and the hash is taken of it, so two queries that select the
 * same records have the same hash.
 */
export function effectiveQuery(query: AnalyticsQuery, bundle: SchemaBundle = defaultBundle): FullQuery {
  const properties = schemaById(bundle, ANALYTICS_QUERY_SCHEMA).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const value = (query as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
    else if (property.default !== undefined) out[key] = structuredClone(property.default);
  }
  const full = out as FullQuery;
  if (full.program_or_location_filter === "program") full.location_uuid = [];
  else full.program_uuid = [];
  if (!full.age.includes("custom")) delete full.age_custom;
  if (full.datePreset !== "custom") delete full.customRangeDate;
  return full;
}
