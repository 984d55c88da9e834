import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { EXPORTS_SUBDIR } from "../../db/data-dir.ts";

/** Where export files live: DATA_DIR/exports (db/data-dir.ts keeps it private like the rest). */

export function exportsDir(dataDir: string): string {
  return path.join(dataDir, EXPORTS_SUBDIR);
}

/** The directory, made private (0700) when missing: the files hold PHI. */
export async function ensureExportsDir(dataDir: string): Promise<string> {
  const dir = exportsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * A run's file on disk: named by the row and the run, never by anything a person typed, so no
 * name can reach outside the directory. The name people see is the row's `filename`.
 */
export function exportFile(dataDir: string, id: number, runToken: string): string {
  return path.join(exportsDir(dataDir), `${id}-${runToken}.zip`);
}

export const partFile = (file: string) => `${file}.part`;

/** Removes a run's file (and a half-written one); a file already gone is fine. */
export async function removeExportFiles(dataDir: string, id: number, runToken: string | null): Promise<void> {
  if (!runToken) return;
  const file = exportFile(dataDir, id, runToken);
  await rm(file, { force: true });
  await rm(partFile(file), { force: true });
}

/** The ids the files in the directory belong to (`<id>-<run>.zip[.part]`), for the retention sweep. */
export async function filesOnDisk(dataDir: string): Promise<{ name: string; id: number }[]> {
  let names: string[];
  try {
    names = await readdir(exportsDir(dataDir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = /^([1-9][0-9]{0,15})-[0-9a-f-]{36}\.zip(\.part)?$/.exec(name);
    return match ? [{ name, id: Number(match[1]) }] : [];
  });
}
