import { DOCUMENTS_SUBDIR } from "../db/data-dir.ts";
import { RunFiles } from "../files/run-files.ts";

/** Where PDF files live: DATA_DIR/documents (db/data-dir.ts keeps it private like the rest). */
export function documentFiles(dataDir: string): RunFiles {
  return new RunFiles(dataDir, DOCUMENTS_SUBDIR, "pdf");
}
