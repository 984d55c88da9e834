import { EXPORTS_SUBDIR } from "../../db/data-dir.ts";
import { RunFiles } from "../../files/run-files.ts";

/** Where export files live: DATA_DIR/exports (db/data-dir.ts keeps it private like the rest). */
export function exportFiles(dataDir: string): RunFiles {
  return new RunFiles(dataDir, EXPORTS_SUBDIR, "zip");
}
