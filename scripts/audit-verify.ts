/**
 * npm run audit:verify — checks the audit trail's hash chain (issue 8 §2) on DATABASE_URL, or on
 * DATA_DIR's embedded database (stop the server first: PGlite allows one process per directory).
 * Prints how many rows are intact, or the first broken row and why; exits 1 when broken.
 */
import { verifyChain } from "../src/server/audit/audit-chain.ts";
import { loadConfig } from "../src/server/config.ts";
import { connectDatabase } from "../src/server/db/connect.ts";

const config = loadConfig();
const handle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? "DATABASE_URL" : `DATA_DIR ${config.dataDir}`;
try {
  const report = await verifyChain(handle.db);
  if (report.ok) {
    console.log(`Audit trail intact: ${report.checked} events checked (${where}).`);
  } else {
    console.error(
      `Audit trail BROKEN at event ${report.broken?.seq}: ${report.broken?.reason}. ${report.checked} events before it are intact (${where}).`,
    );
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`Audit trail could not be checked (${where}): ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await handle.close();
}
