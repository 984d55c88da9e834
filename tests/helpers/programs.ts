import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";

/** Turns the clinic's programs on or off (general setting programs_enabled). */
export async function setProgramsEnabled(db: Kysely<Database>, on: boolean): Promise<void> {
  await sql`insert into general_setting (key, value) values ('programs_enabled', ${JSON.stringify(on)}::jsonb)
    on conflict (key) do update set value = excluded.value`.execute(db);
}

export interface ProgramMeasureSpec {
  measureId: number;
  frequency: number;
  respondentKind?: string;
  timing?: "admission" | "discharge";
}

/**
 * Inserts a program with its clinicians, teams and measures directly (the program settings
 * routes are another branch's): for setting up admission tests, not for testing programs.
 */
export async function insertProgram(
  db: Kysely<Database>,
  opts: {
    name: string;
    status?: "active" | "inactive";
    clinicians?: number[];
    teams?: number[];
    measures?: ProgramMeasureSpec[];
  },
): Promise<number> {
  const { id } = await db
    .insertInto("program")
    .values({ name: opts.name, status: opts.status ?? "active" })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const clinician of opts.clinicians ?? [])
    await db.insertInto("program_clinician").values({ program_id: id, clinician_id: clinician }).execute();
  for (const team of opts.teams ?? [])
    await db.insertInto("program_clinician_team").values({ program_id: id, team_id: team }).execute();
  for (const m of opts.measures ?? []) {
    await db
      .insertInto("program_measure")
      .values({
        program_id: id,
        measure_id: m.measureId,
        frequency: m.frequency,
        respondent_kind: m.respondentKind ?? "patient",
        timing: m.timing ?? "admission",
      })
      .execute();
  }
  return id;
}
