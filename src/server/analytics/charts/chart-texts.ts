import { type Kysely, sql } from "kysely";
import type { ChartText } from "../../../../generated/types/api/responses/chart-text.ts";
import type { Database } from "../../db/database-types.ts";
import { HttpError } from "../../http/http-error.ts";

/**
 * Titles and captions of the outcomes charts overridden per program and chart id (spec §9;
 * migration 0026). Admins set them (PUT/DELETE /api/analytics/chart-texts/...); the chart route
 * answers the program's text when exactly one program is selected.
 */
export async function chartTextOverride(
  db: Kysely<Database>,
  programUuid: string,
  chartId: string,
): Promise<{ title: string | null; caption: string | null } | null> {
  const result = await sql<{ title: string | null; caption: string | null }>`select ct.title, ct.caption
    from chart_text ct join program p on p.id = ct.program_id
    where p.uuid = ${programUuid}::uuid and ct.chart_id = ${chartId}`.execute(db);
  return result.rows[0] ?? null;
}

const SELECT = sql`select ct.program_id, p.name as program_name, ct.chart_id, ct.title, ct.caption,
  ct.updated_at from chart_text ct join program p on p.id = ct.program_id`;

const shaped = (r: Record<string, unknown>): ChartText => ({
  program_id: Number(r.program_id),
  program_name: String(r.program_name),
  chart_id: r.chart_id as ChartText["chart_id"],
  title: (r.title as string | null) ?? null,
  caption: (r.caption as string | null) ?? null,
  updated_at: new Date(r.updated_at as string).toISOString(),
});

export async function listChartTexts(db: Kysely<Database>): Promise<ChartText[]> {
  const result = await sql<Record<string, unknown>>`${SELECT} order by lower(p.name), ct.chart_id`.execute(db);
  return result.rows.map(shaped);
}

const PROGRAM_NOT_FOUND = "The program does not exist.";

/** Sets a program's title and caption of a chart; both null removes the override. */
export async function putChartText(
  db: Kysely<Database>,
  userId: number,
  programId: number,
  chartId: string,
  text: { title?: string | null; caption?: string | null },
): Promise<ChartText | null> {
  const program = await db.selectFrom("program").select("id").where("id", "=", programId).executeTakeFirst();
  if (!program) throw new HttpError(404, PROGRAM_NOT_FOUND, "not_found");
  const title = text.title?.trim() || null;
  const caption = text.caption?.trim() || null;
  if (title === null && caption === null) {
    await deleteChartText(db, programId, chartId);
    return null;
  }
  await sql`insert into chart_text (program_id, chart_id, title, caption, updated_by)
    values (${programId}, ${chartId}, ${title}, ${caption}, ${userId})
    on conflict (program_id, chart_id) do update set title = excluded.title, caption = excluded.caption,
      updated_by = excluded.updated_by, updated_at = now()`.execute(db);
  const result = await sql<Record<string, unknown>>`${SELECT}
    where ct.program_id = ${programId} and ct.chart_id = ${chartId}`.execute(db);
  return shaped(result.rows[0] as Record<string, unknown>);
}

export async function deleteChartText(db: Kysely<Database>, programId: number, chartId: string): Promise<void> {
  await sql`delete from chart_text where program_id = ${programId} and chart_id = ${chartId}`.execute(db);
}
