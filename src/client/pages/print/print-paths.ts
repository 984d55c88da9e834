/**
 * The print pages (spec §2 Patient chart, PDF pages; issue 14): what the server's headless
 * Chromium renders into PDFs, and an on-screen print view for a signed-in clinician.
 */
export const printPaths = {
  /** One session's report: /assignment/{ccaId}/{ccauId}/measures/{clientMeasureId}/pdf. */
  session: (ccaId: number, ccauId: number, clientMeasureId: number) =>
    `/assignment/${ccaId}/${ccauId}/measures/${clientMeasureId}/pdf`,
  /** The progress report of one respondent, or with wholeChart of every respondent on the chart. */
  progress: (ccaId: number, ccauId: number, wholeChart = false) =>
    `/assignment/${ccaId}/${ccauId}/pdf${wholeChart ? `?${RESPONDENTS_PARAM}=all` : ""}`,
};

/** `?respondents=all`: the progress report covers every respondent on the chart (the whole-chart report). */
export const RESPONDENTS_PARAM = "respondents";

const PRINT_PATH = /^\/assignment\/[^/]+\/[^/]+(\/measures\/[^/]+)?\/pdf\/?$/;

/** True for the address of a print page (the only pages a pdf-key signs in on). */
export function isPrintPath(pathname: string): boolean {
  return PRINT_PATH.test(pathname);
}
