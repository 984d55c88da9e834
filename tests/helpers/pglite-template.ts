import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { connectDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";

const MIGRATIONS_DIR = path.resolve("src/server/db/migrations");
const TEMPLATE_DIR = path.resolve(".tmp/pglite-templates");

/**
 * A dump of a freshly migrated PGlite cluster, for test apps to start from. Creating an empty
 * cluster (initdb inside WASM) costs about 2 s, loading a dump about 0.5 s, and the suite builds
 * well over a hundred apps. The file is named after the migrations' contents, so a changed or new
 * migration makes a new template; workers that race to build it write the same bytes, renamed into
 * place atomically. createTestApp still runs migrate() after loading, so the result is exactly what
 * the app does at start (the template only means there is nothing left to apply).
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(TEMPLATE_DIR, `${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const handle = await connectDatabase({ dataDir: "./data/test-unused", memory: true });
    await migrate(handle.db);
    const dump = await (handle.dump as () => Promise<Blob>)();
    await handle.close();
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Unique per worker thread, not only per process: the test workers are threads of one process
    // (vitest.config.ts), and two of them writing one partial file lost the race's rename.
    const partial = `${file}.${process.pid}.${threadId}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  }
}

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest("hex").slice(0, 16);
}
