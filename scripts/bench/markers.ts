/**
 * docs/benchmarks.md keeps hand-written analysis around the figures of the last run; a run
 * replaces only what lies between these two markers.
 */
export const BEGIN_MARKER = "<!-- bench:begin — written by `npm run bench`; text outside these markers is kept -->";
export const END_MARKER = "<!-- bench:end -->";

const BEGIN_PREFIX = "<!-- bench:begin";

/**
 * The document with the text between the markers replaced by `section`. A document without
 * markers keeps all it has and gets the section, between new markers, at its end. Refuses a
 * document whose markers are damaged (one without the other, or out of order) rather than
 * guess which hand-written text may be overwritten.
 */
export function replaceBetweenMarkers(
  doc: string,
  section: string,
  markers: { begin: string; beginPrefix: string; end: string } = {
    begin: BEGIN_MARKER,
    beginPrefix: BEGIN_PREFIX,
    end: END_MARKER,
  },
): string {
  const { begin: BEGIN, beginPrefix: PREFIX, end: END } = markers;
  const body = `${BEGIN}\n${section.trim()}\n${END}`;
  const begin = doc.indexOf(PREFIX);
  const end = doc.indexOf(END);
  if (begin === -1 && end === -1) {
    const kept = doc.trimEnd();
    return `${kept ? `${kept}\n\n` : ""}${body}\n`;
  }
  if (begin === -1 || end === -1 || end < begin || doc.indexOf(PREFIX, begin + 1) !== -1)
    throw new Error("The benchmark markers in the report are damaged: fix them by hand (one begin, then one end).");
  return doc.slice(0, begin) + body + doc.slice(end + END.length);
}

/** The explorer stage's figures (issue 13 §6), in the report and in the README ("the README shows the latest output"). */
export const ANALYTICS_MARKERS = {
  begin: "<!-- bench-analytics:begin — written by `npm run bench`; text outside these markers is kept -->",
  beginPrefix: "<!-- bench-analytics:begin",
  end: "<!-- bench-analytics:end -->",
};

/** The export stage's figures (issue 13 §6), after the explorer's, in the report and the README. */
export const EXPORT_MARKERS = {
  begin: "<!-- bench-export:begin — written by `npm run bench`; text outside these markers is kept -->",
  beginPrefix: "<!-- bench-export:begin",
  end: "<!-- bench-export:end -->",
};

/** The PDF stage's figure (issue 14 §4), in the report and in the README's documents section. */
export const DOCUMENT_MARKERS = {
  begin: "<!-- bench-documents:begin — written by `npm run bench`; text outside these markers is kept -->",
  beginPrefix: "<!-- bench-documents:begin",
  end: "<!-- bench-documents:end -->",
};
