import { readItem, STORAGE_KEYS, writeItem } from "../../local-store.ts";
import type { PaperSize } from "./documents-api.ts";

export const PAPER_SIZES: readonly { value: PaperSize; label: string }[] = [
  { value: "letter", label: "US Letter" },
  { value: "a4", label: "A4" },
];

/** The paper PDFs are made on in this browser: US Letter unless A4 was chosen (issue 14 §3). */
export function savedPaperSize(): PaperSize {
  return readItem(STORAGE_KEYS.pdfPaper) === "a4" ? "a4" : "letter";
}

export function savePaperSize(paper: PaperSize): void {
  writeItem(STORAGE_KEYS.pdfPaper, paper);
}
