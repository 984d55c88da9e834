import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The files a background job writes for a row (an export's zip, a document's PDF) in a private
 * directory under DATA_DIR. A file is named by its row and the run that wrote it, never by anything
 * a person typed, so no name can reach outside the directory; the name people see is the row's.
 * A run writes `<file>.part` and renames it when complete, so a half-written file is never served.
 */
export class RunFiles {
  readonly dir: string;

  constructor(
    dataDir: string,
    subdir: string,
    private readonly extension: string,
  ) {
    this.dir = path.join(dataDir, subdir);
  }

  /** The directory, made private (0700) when missing: the files hold PHI. */
  async ensureDir(): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    return this.dir;
  }

  file(id: number, runToken: string): string {
    return path.join(this.dir, `${id}-${runToken}.${this.extension}`);
  }

  /** Removes a run's file (and a half-written one); a file already gone is fine. */
  async remove(id: number, runToken: string | null): Promise<void> {
    if (!runToken) return;
    const file = this.file(id, runToken);
    await rm(file, { force: true });
    await rm(partFile(file), { force: true });
  }

  /** The files in the directory with the row each belongs to (`<id>-<run>.<ext>[.part]`). */
  async onDisk(): Promise<{ name: string; id: number; run: string }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const pattern = new RegExp(`^([1-9][0-9]{0,15})-([0-9a-f-]{36})\\.${this.extension}(\\.part)?$`);
    return names.flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ name, id: Number(match[1]), run: match[2] }] : [];
    });
  }

  /**
   * The retention sweep's second half: removes every file whose row is gone or belongs to another
   * run (its owner was deleted, a node stopped between the row and the file). Answers how many.
   */
  async removeOrphans(
    liveRuns: (ids: number[]) => Promise<{ id: number; run_token: string | null }[]>,
  ): Promise<number> {
    const onDisk = await this.onDisk();
    if (!onDisk.length) return 0;
    const kept = await liveRuns([...new Set(onDisk.map((f) => f.id))]);
    const live = new Set(kept.map((r) => `${r.id}-${r.run_token}`));
    let removed = 0;
    for (const file of onDisk) {
      if (live.has(`${file.id}-${file.run}`)) continue;
      await rm(path.join(this.dir, file.name), { force: true });
      removed++;
    }
    return removed;
  }
}

export const partFile = (file: string) => `${file}.part`;
