/**
 * The respondent area's addresses (spec §2 Respondent area). Reading of
 * /session/measure/{measureId}/page/{pageId}: the `measureId` segment carries the
 * clientMeasureId, the one assigned measure being answered (the API's questionnaires/
 * {clientMeasureId}); a catalogue measure id could not tell two sessions of PHQ-9 apart.
 */
export const sessionPaths = {
  list: "/session",
  none: "/no-sessions",
  sent: "/session/results-sent",
  page: (clientMeasureId: number | string, pageId: string) =>
    `/session/measure/${clientMeasureId}/page/${encodeURIComponent(pageId)}`,
};
