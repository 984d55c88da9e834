import { sql } from "kysely";
import type { AnalyticsQuery } from "../../../generated/types/api/analytics-query.ts";
import type { EntityDefinition } from "../entities/entity-definition.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { queryHash } from "./query-hash.ts";

export const SAVED_QUERY_NOT_FOUND = "The saved query does not exist.";
/** Spec §5: a duplicate name offers replace or choose another (the client offers both on this code). */
export const SAVED_QUERY_NAME_TAKEN = "A saved query already has this name. Replace it, or choose another name.";

/**
 * A saved outcomes explorer query (entities/saved-query.json; docs/analytics.md). Shared by
 * everyone with the explorer, listed favorites first, then by name (spec §3). Its hash is worked
 * out on every read from the definition itself, so it can never disagree with it.
 */
export const savedQueryEntity: EntityDefinition = {
  name: "saved_query",
  schemaId: "entities/saved-query.json",
  tableId: "tables/saved-queries.table.json",
  notFound: SAVED_QUERY_NOT_FOUND,
  computed: {
    owner_name: sql<string | null>`(select u.first_name || ' ' || u.last_name from app_user u where u.id = e.owner_id)`,
  },
  tieBreak: [sql`lower(e.name)`],
  notNull: ["name", "favorite"],
  finish(record) {
    const query = record.query as AnalyticsQuery;
    const columns = Array.isArray(record.columns) ? (record.columns as string[]) : [];
    return { ...record, columns, hash: queryHash({ query, columns }) };
  },
  hooks: {
    unique: [{ index: "saved_query_name_key", field: "name", message: SAVED_QUERY_NAME_TAKEN }],
    async check({ db, id, values }) {
      let taken = db
        .selectFrom("saved_query" as never)
        .select(sql`1`.as("one"))
        .where(sql`lower(name)`, "=", String(values.columns.name).toLowerCase());
      if (id !== null) taken = taken.where(sql.ref("id"), "<>", id);
      return (await taken.executeTakeFirst()) ? [{ field: "name", message: SAVED_QUERY_NAME_TAKEN }] : [];
    },
    // jsonb columns take JSON text: the driver would send a JS array as a PostgreSQL array.
    async beforeWrite({ values }) {
      values.columns.query = JSON.stringify(values.columns.query);
      values.columns.columns = JSON.stringify(values.columns.columns ?? []);
    },
    async insertColumns({ user }) {
      return { owner_id: user.id };
    },
    async rejection(errors, { db, values }) {
      if (!errors.some((e) => e.message === SAVED_QUERY_NAME_TAKEN)) return badRequest(errors);
      // The client offers to replace the query of that name: it needs its id.
      const existing = (await db
        .selectFrom("saved_query" as never)
        .select(sql<number>`id`.as("id"))
        .where(sql`lower(name)`, "=", String(values.columns.name).toLowerCase())
        .executeTakeFirst()) as { id: number } | undefined;
      return new HttpError(409, SAVED_QUERY_NAME_TAKEN, "duplicate_name", errors, { existingId: existing?.id ?? null });
    },
  },
};
