import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StartupError } from "../startup-error.ts";

/**
 * The embedded database's directory (DATA_DIR) holds PHI: the PGlite files, WAL included, and the
 * token secret. It must be a directory this server made, writable, and private to the server's
 * user: DATA_DIR and its directories 0700, its files 0600 (issue 8 §4, §7).
 *
 * PGlite creates its files 0666 whatever the umask (its file system layer sets the mode itself), so
 * modes are enforced by chmod: at start, after the database opens, and every minute while it runs
 * (keepDataDirPrivate). Between two sweeps a new file may be 0666, but it sits in a 0700 directory
 * no other user can enter, which is what actually keeps them out; the sweep keeps a copied or
 * backed-up tree private too.
 */
export const PGLITE_SUBDIR = "pglite";
export const TOKEN_SECRET_FILE = "token-secret";
/** What this server keeps in DATA_DIR; dot files (.gitkeep) and a volume's lost+found are tolerated. */
/** Outcomes explorer exports (analytics/exports/export-files.ts), kept 7 days. */
export const EXPORTS_SUBDIR = "exports";
/** PDF documents (documents/document-files.ts), kept DOCUMENT_RETENTION_HOURS. */
export const DOCUMENTS_SUBDIR = "documents";
const OWN_ENTRIES = new Set([PGLITE_SUBDIR, TOKEN_SECRET_FILE, EXPORTS_SUBDIR, DOCUMENTS_SUBDIR, "lost+found"]);

const where = (dataDir: string) => `DATA_DIR (${dataDir})`;
const reason = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.syscall ?? "access"} failed` : String((e as Error)?.message ?? e);
};

/**
 * Checks DATA_DIR before anything is written to it: creates it (0700) when missing, refuses a file,
 * a read-only directory, or a directory of someone else's files, each with one sentence saying what
 * to do. Then makes what is there private. (Damaged files and another PostgreSQL version's files
 * are found by PGlite when it opens them: openFailure.)
 */
export function prepareDataDir(dataDir: string): void {
  if (existsSync(dataDir)) {
    if (!lstatSync(dataDir).isDirectory())
      throw new StartupError(
        `${where(dataDir)} is not a directory. Set DATA_DIR to a directory for the server's data (it is created when missing).`,
      );
  } else {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StartupError(
        `${where(dataDir)} cannot be created (${reason(err)}). Create it for the server's user, or set DATA_DIR to a writable place.`,
      );
    }
  }
  assertWritable(dataDir);
  assertOwnDirectory(dataDir);
  makePrivate(dataDir);
  assertPrivate(dataDir);
}

function assertWritable(dataDir: string): void {
  // access(W_OK) says yes to root on a read-only mount; only a write tells the truth.
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, "", { mode: 0o600 });
    rmSync(probe);
  } catch (err) {
    throw new StartupError(
      `${where(dataDir)} is not writable (${reason(err)}). Give the server's user write access to it (owner, mode 700), or set DATA_DIR to a writable directory.`,
    );
  }
}

function assertOwnDirectory(dataDir: string): void {
  const foreign = readdirSync(dataDir).filter((name) => !name.startsWith(".") && !OWN_ENTRIES.has(name));
  if (foreign.length)
    throw new StartupError(
      `${where(dataDir)} holds files this server did not create (${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", ..." : ""}), so it is not its data directory. Set DATA_DIR to an empty directory or to the one the server created.`,
    );
  const db = path.join(dataDir, PGLITE_SUBDIR);
  if (!existsSync(db)) return;
  if (!lstatSync(db).isDirectory())
    throw new StartupError(
      `${where(dataDir)}: ${PGLITE_SUBDIR} is not a directory, so it is not an embedded database. Move it away, or set DATA_DIR to the directory the server created.`,
    );
  const entries = readdirSync(db);
  if (entries.length === 0) return;
  const versionFile = path.join(db, "PG_VERSION");
  if (!existsSync(versionFile))
    throw new StartupError(
      `${where(dataDir)}: ${PGLITE_SUBDIR}/ is not a PGlite database (no PG_VERSION). Move it away to start with an empty database, or set DATA_DIR to the directory the server created.`,
    );
}

/** Every path of the tree whose mode lets anyone but the owner in: directories 0700, files 0600. */
function* exposed(root: string): Generator<{ file: string; mode: number; dir: boolean }> {
  const stack = [root];
  while (stack.length) {
    const current = stack.pop() as string;
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(current);
    } catch {
      continue; // removed between the listing and now (a WAL segment recycled)
    }
    if (stat.isSymbolicLink()) continue;
    const dir = stat.isDirectory();
    if ((stat.mode & 0o077) !== 0) yield { file: current, mode: stat.mode & 0o777, dir };
    if (dir) {
      // The root is DATA_DIR: only what this server keeps there is walked, never a stranger's files.
      const names = current === root ? readdirSync(current).filter((n) => OWN_ENTRIES.has(n)) : readdirSync(current);
      for (const name of names) stack.push(path.join(current, name));
    }
  }
}

/** chmod 0700 / 0600 wherever group or others have any access. Errors are left to assertPrivate. */
export function makePrivate(dataDir: string): void {
  for (const { file, dir } of exposed(dataDir)) {
    try {
      chmodSync(file, dir ? 0o700 : 0o600);
    } catch {
      // assertPrivate reports what could not be changed
    }
  }
}

/** Refuses to run while anything in DATA_DIR is open to other users (chmod failed: not the owner). */
export function assertPrivate(dataDir: string): void {
  for (const { file, mode } of exposed(dataDir)) {
    throw new StartupError(
      `${where(dataDir)} is not private: ${path.relative(dataDir, file) || "DATA_DIR itself"} has mode ${mode.toString(8).padStart(4, "0")} and cannot be changed to owner-only. Run the server as the owner of DATA_DIR, or chmod -R go-rwx it.`,
    );
  }
}

/** Sweeps DATA_DIR back to owner-only every `intervalMs` while the database is open; returns the stop. */
export function keepDataDirPrivate(dataDir: string, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    try {
      makePrivate(dataDir);
    } catch {
      // a sweep that fails is retried next time; the start-up check already proved the modes can be set
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The one line for a database in DATA_DIR that PGlite could not open (damaged files, usually). */
export function openFailure(dataDir: string, err: unknown): StartupError {
  const e = err as Error;
  const cause = `${e?.name ?? "Error"}: ${String(e?.message ?? e).slice(0, 120)}`;
  return new StartupError(
    `${where(dataDir)}: the embedded database in ${PGLITE_SUBDIR}/ could not be opened (${cause}); its files may be damaged or made by another PGlite version. Restore ${PGLITE_SUBDIR}/ from a backup, or move it away to start with an empty database.`,
  );
}
