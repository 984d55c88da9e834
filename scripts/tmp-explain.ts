import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { compileOutcomeQuery } from "../src/server/analytics/outcome-query.ts";
import { effectiveQuery } from "../src/server/analytics/effective-query.ts";
import { outcomeColumns } from "../src/server/analytics/outcome-columns.ts";
import { defaultBundle } from "../src/shared/schema/bundle.ts";

const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:5432/mbc_bench" }) }) });
const loc = (await sql<any>`select l.id, l.uuid from location l join program p on p.location_id = l.id group by l.id order by count(*) desc, l.id limit 1`.execute(db)).rows[0];
const gad = (await sql<any>`select id from measure where abbreviation='GAD-7'`.execute(db)).rows[0].id;
const clin = (await sql<any>`select distinct clinician_id as id from cca_clinician`.execute(db)).rows.map((r: any) => Number(r.id));
const teams = (await sql<any>`select id from clinician_team`.execute(db)).rows.map((r: any) => Number(r.id));
const q = effectiveQuery({ program_or_location_filter: "location", location_uuid: [loc.uuid], clinicians: [...clin, 800000000000], clinical_teams: teams, measure: [Number(gad)], gender: ["f"], age: ["18-25", "26-35"], program_discharge: "discharged", datePreset: "year_to_date" } as any, defaultBundle);
const user = { id: 1, permissions: ["patients.viewAll", "analytics.outcomes"], roles: ["director"] } as any;
const c = compileOutcomeQuery(defaultBundle, user, q, "America/New_York", "2026-11-26");
const mode = process.argv[2] ?? "count";
const cols = outcomeColumns("America/New_York");
await sql`set jit = off`.execute(db);
const stmt = mode === "count" ? sql`explain (analyze, buffers) select count(*) from ${c.from} where ${c.where}` :
  sql`explain (analyze, buffers) select ${cols.completed_at}, ${cols.taken_at} as t, ${cols.score} from ${c.from} where ${c.where} order by cm.completed_at desc nulls last, cm.id desc limit 25`;
const r = await stmt.execute(db);
for (const row of r.rows as any[]) console.log(row["QUERY PLAN"]);
await db.destroy();
if (mode === "sql") {
  const compiled = sql`select count(*) from ${c.from} where ${c.where}`.compile(db);
  console.log(compiled.sql);
  console.log(JSON.stringify(compiled.parameters));
}
