import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { programVisible } from "../programs/program-visibility.ts";
import { programsEnabled } from "../programs/programs-enabled.ts";
import { UNASSIGNED_CLINICIAN } from "./outcome-query.ts";

export interface NamedOption {
  value: string | number;
  label: string;
}

/** The filter panel's program choices (GET analytics/programs): the caller's programs, by name. */
export async function analyticsPrograms(db: Kysely<Database>, bundle: SchemaBundle, user: RequestUser) {
  if (!(await programsEnabled(db, bundle))) return [];
  const rows = await sql<{ uuid: string; name: string; location: string | null; status: string }>`
    select p.uuid, p.name, l.name as location, p.status from program p left join location l on l.id = p.location_id
    where ${programVisible(user, "p.id")} order by lower(p.name), p.id`.execute(db);
  return rows.rows.map((r) => ({
    value: r.uuid,
    label: r.status === "active" ? r.name : `${r.name} (inactive)`,
    location: r.location,
  }));
}

/** The location choices (GET analytics/locations), with "No location" for records outside any program. */
export async function analyticsLocations(db: Kysely<Database>): Promise<NamedOption[]> {
  const rows = await db.selectFrom("location").select(["uuid", "name"]).orderBy(sql`lower(name)`).execute();
  return [...rows.map((r) => ({ value: r.uuid, label: r.name })), { value: "none", label: "No location" }];
}

export interface ScopeRequest {
  program_or_location_filter?: "program" | "location";
  program_uuid?: string[];
  location_uuid?: string[];
  scorableFilter?: boolean;
}

/** The episodes' programs in scope, as a condition on a program id column. */
function programsInScope(scope: ScopeRequest, programId: string): RawBuilder<SqlBool> {
  const id = sql.ref(programId);
  if ((scope.program_or_location_filter ?? "program") === "program") {
    return sql<SqlBool>`${id} in (select p.id from program p where p.uuid = any(${scope.program_uuid ?? []}::uuid[]))`;
  }
  const uuids = (scope.location_uuid ?? []).filter((u) => u !== "none");
  return sql<SqlBool>`${id} in (select p.id from program p join location l on l.id = p.location_id
    where l.uuid = any(${uuids}::uuid[]))`;
}

const withoutPrograms = (scope: ScopeRequest) =>
  scope.program_or_location_filter === "location" && (scope.location_uuid ?? []).includes("none");

/**
 * The choices that depend on the programs (spec §4 Analytics filters): clinicians (Unassigned
 * first, then by name), clinician teams and measures. Clinicians and teams are those of the
 * programs and those assigned to the charts admitted to them, so "select all" never leaves a
 * record out. Measures are the programs' own measures, not auto-completed ones, scorable ones
 * only for the scores list; every library measure when the programs list none or the scope
 * includes records outside programs.
 */
export async function scopedOptions(db: Kysely<Database>, scope: ScopeRequest) {
  const outside = withoutPrograms(scope);
  const inScope = programsInScope(scope, "acp.program_id");
  const chartsInScope = outside
    ? sql`select cca.id from client_clinic_assignment cca`
    : sql`select acp.cca_id from access_control_program acp where ${inScope}`;

  const clinicians = await sql<{ id: number; name: string }>`
    select u.id, u.first_name || ' ' || u.last_name as name from app_user u
    where u.id in (select cc.clinician_id from cca_clinician cc where cc.cca_id in (${chartsInScope}))
       or u.id in (select pc.clinician_id from program_clinician pc where ${programsInScope(scope, "pc.program_id")})
    order by lower(u.last_name), lower(u.first_name), u.id`.execute(db);
  const teams = await sql<{ id: number; name: string }>`
    select t.id, t.name from clinician_team t
    where t.id in (select ct.team_id from cca_team ct where ct.cca_id in (${chartsInScope}))
       or t.id in (select pt.team_id from program_clinician_team pt where ${programsInScope(scope, "pt.program_id")})
    order by lower(t.name), t.id`.execute(db);

  const scorable = scope.scorableFilter !== false;
  const programMeasures = outside
    ? { rows: [] }
    : await sql<{ id: number; name: string }>`
    select distinct m.id, m.abbreviation as name from program_measure pm join measure m on m.id = pm.measure_id
    where ${programsInScope(scope, "pm.program_id")} and not pm.auto_complete ${scorable ? sql`and m.scorable` : sql``}
    order by m.abbreviation`.execute(db);
  const measures = programMeasures.rows.length
    ? programMeasures.rows
    : (
        await sql<{ id: number; name: string }>`select m.id, m.abbreviation as name from measure m
          where m.in_library ${scorable ? sql`and m.scorable` : sql``} order by m.abbreviation`.execute(db)
      ).rows;

  return {
    clinicians: [
      { value: UNASSIGNED_CLINICIAN, label: "Unassigned" },
      ...clinicians.rows.map((r) => ({ value: Number(r.id), label: r.name })),
    ],
    clinical_teams: teams.rows.map((r) => ({ value: Number(r.id), label: r.name })),
    measures: measures.map((r) => ({ value: Number(r.id), label: r.name })),
  };
}
