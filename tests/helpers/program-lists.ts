import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";

let programCounter = 0;

/**
 * A program written straight to its table (the program routes are the programs engineer's), with
 * the clinicians and teams on it. `createdAt` places it in the "newest first" order.
 */
export async function insertProgram(
  db: Kysely<Database>,
  opts: { name?: string; clinicians?: number[]; teams?: number[]; createdAt?: string } = {},
): Promise<{ id: number; uuid: string; name: string }> {
  programCounter += 1;
  const name = opts.name ?? `Program ${programCounter} ${Date.now().toString(36)}`;
  const row = await db
    .insertInto("program")
    .values({ name, ...(opts.createdAt ? { created_at: sql`${opts.createdAt}::timestamptz` } : {}) })
    .returning(["id", "uuid"])
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  for (const clinician_id of opts.clinicians ?? []) {
    await db.insertInto("program_clinician").values({ program_id: id, clinician_id }).execute();
  }
  for (const team_id of opts.teams ?? []) {
    await db.insertInto("program_clinician_team").values({ program_id: id, team_id }).execute();
  }
  return { id, uuid: String(row.uuid), name };
}

/**
 * An admission (access_control_program row) of a chart to a program. `createdAt` is when it was
 * recorded, which orders the program's list; `dischargeStatus` pending or final discharges it.
 */
export async function admit(
  db: Kysely<Database>,
  ccaId: number,
  programId: number,
  opts: { admissionDate?: string; createdAt?: string; dischargeStatus?: "pending" | "final" } = {},
): Promise<number> {
  const admission = opts.admissionDate ?? new Date().toISOString().slice(0, 10);
  const row = await db
    .insertInto("access_control_program")
    .values({
      cca_id: ccaId,
      program_id: programId,
      admission_date: admission,
      ...(opts.dischargeStatus ? { discharge_status: opts.dischargeStatus, discharge_date: admission } : {}),
      ...(opts.createdAt ? { created_at: sql`${opts.createdAt}::timestamptz` } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Discharges an admission: pending (waiting for discharge measures) or final. */
export async function discharge(db: Kysely<Database>, admissionId: number, status: "pending" | "final"): Promise<void> {
  await db
    .updateTable("access_control_program")
    .set({ discharge_status: status, discharge_date: sql`admission_date`, disposition: "transferred" })
    .where("id", "=", admissionId)
    .execute();
}

/** Turns general settings programs_enabled on or off. */
export async function setProgramsEnabled(db: Kysely<Database>, enabled: boolean): Promise<void> {
  await db
    .insertInto("general_setting")
    .values({ key: "programs_enabled", value: sql`${JSON.stringify(enabled)}::jsonb` })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: sql`excluded.value` }))
    .execute();
}

/** An ISO moment `minutes` from a fixed start, so rows are recorded in a known order. */
export function minute(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 1, 9, 0) + minutes * 60_000).toISOString();
}
