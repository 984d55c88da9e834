import type { Kysely } from "kysely";
import type { ChartSettings } from "../../../generated/types/api/responses/chart-settings.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest } from "../http/http-error.ts";

export const UNKNOWN_MEASURE = "A chosen measure is not in the library.";

/** The measures whose charts the user is shown on a patient's chart, in their order; none: all. */
export async function readChartSettings(db: Kysely<Database>, userId: number): Promise<ChartSettings> {
  const rows = await db
    .selectFrom("chart_measure_setting as s")
    .innerJoin("measure as m", "m.id", "s.measure_id")
    .select(["m.id", "m.uuid", "m.abbreviation", "m.name"])
    .where("s.user_id", "=", userId)
    .orderBy("s.position")
    .execute();
  return {
    measure_uuids: rows.map((r) => r.uuid),
    measures: rows.map((r) => ({ measureLibraryId: r.id, uuid: r.uuid, abbreviation: r.abbreviation, name: r.name })),
  };
}

/** Replaces the user's chart measures with these (library uuids, in order); an unknown uuid is a 400. */
export async function saveChartSettings(
  db: Kysely<Database>,
  userId: number,
  uuids: readonly string[],
): Promise<ChartSettings> {
  await db.transaction().execute(async (trx) => {
    const found = uuids.length
      ? await trx
          .selectFrom("measure")
          .select(["id", "uuid"])
          .where("uuid", "in", [...uuids])
          .execute()
      : [];
    const idOf = new Map(found.map((m) => [m.uuid, m.id]));
    if (uuids.some((u) => !idOf.has(u))) throw badRequest([{ field: "measure_uuids", message: UNKNOWN_MEASURE }]);
    await trx.deleteFrom("chart_measure_setting").where("user_id", "=", userId).execute();
    if (uuids.length)
      await trx
        .insertInto("chart_measure_setting")
        .values(uuids.map((u, position) => ({ user_id: userId, measure_id: idOf.get(u) as number, position })))
        .execute();
  });
  return readChartSettings(db, userId);
}
