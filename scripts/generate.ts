/**
 * npm run generate -- [--patients 100000] [--measures 1000000] [--seed 1] [--database URL] [--data-dir DIR]
 *
 * Fills an empty database with a synthetic clinic network (issue 12; docs/generate.md): the
 * PostgreSQL server of --database (else DATABASE_URL), or the embedded database in --data-dir
 * (else DATA_DIR, default ./data; stop the server first: PGlite allows one process per directory).
 * Migrates first, as the server does at start. Refuses, exit 1, a database that has patients.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connectDatabase } from "../src/server/db/connect.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { syncMeasureLibrary } from "../src/server/measures/library-sync.ts";
import { generateNetwork, NetworkNotEmptyError } from "../src/server/seed/network/generate-network.ts";

const USAGE =
  "Usage: npm run generate -- [--patients 100000] [--measures 1000000] [--seed 1] [--database URL] [--data-dir DIR]";

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    console.error(`--${name} must be a whole number, 0 or more (got "${raw}").\n${USAGE}`);
    process.exit(1);
  }
  return Number(raw);
}

let args: ReturnType<typeof parseArgs>["values"];
try {
  ({ values: args } = parseArgs({
    options: {
      patients: { type: "string" },
      measures: { type: "string" },
      seed: { type: "string" },
      database: { type: "string" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(1);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const patients = wholeNumber("patients", args.patients as string | undefined, 100_000);
const measures = wholeNumber("measures", args.measures as string | undefined, 1_000_000);
const seed = wholeNumber("seed", args.seed as string | undefined, 1);
const databaseUrl = (args.database as string | undefined) || process.env.DATABASE_URL || undefined;
const dataDir = path.resolve((args["data-dir"] as string | undefined) || process.env.DATA_DIR || "./data");
// Never print a URL's password.
const where = databaseUrl
  ? `PostgreSQL ${new URL(databaseUrl).pathname.slice(1) || "(default database)"}`
  : `PGlite in ${dataDir}`;

const started = performance.now();
console.log(
  `Generating ${patients.toLocaleString("en-US")} patients and ${measures.toLocaleString("en-US")} scored sessions (seed ${seed}) into ${where}`,
);
const handle = await connectDatabase({ databaseUrl, dataDir });
try {
  await migrate(handle.db);
  await syncMeasureLibrary(handle.db);
  const summary = await generateNetwork(handle.db, {
    patients,
    measures,
    seed,
    log: (line) => console.log(line),
  });
  const size = await sql<{ size: string }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(
    handle.db,
  );
  const n = (x: number) => x.toLocaleString("en-US");
  console.log(
    [
      "",
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Database size: ${size.rows[0].size}.`,
      `  ${n(summary.patients)} patients, ${n(summary.respondents)} other respondents, ${n(summary.schedules)} schedules`,
      `  ${n(summary.sessions)} sessions (${n(summary.scored)} scored), ${n(summary.answers)} answers, ${n(summary.alerts)} alerts`,
      "Phases:",
      ...summary.phases.map((p) => `  ${p.phase.padEnd(48)} ${(p.ms / 1000).toFixed(1).padStart(8)} s`),
    ].join("\n"),
  );
} catch (err) {
  if (err instanceof NetworkNotEmptyError) {
    console.error(`${err.message} (${where}). Use a new database, or another --data-dir.`);
  } else {
    console.error(`Generation failed; nothing was written (${where}): ${(err as Error).stack ?? err}`);
  }
  process.exitCode = 1;
} finally {
  await handle.close();
}
