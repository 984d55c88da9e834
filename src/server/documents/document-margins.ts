/** What every page's header and footer say (issue 14 §1). */
export interface MarginFacts {
  clinicName: string;
  patientName: string;
  mrn: string | null;
  generatedAt: Date;
  /** The clinic's time zone (general settings): "generated at" is read in the clinic. */
  timeZone: string;
}

export const CONFIDENTIAL = "Confidential: contains protected health information";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** "Nov 26, 2026, 3:04 PM EST" in the clinic's zone. */
export function generatedAtText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}

// Chromium prints the templates outside the page's own styles, at a default size of 0: each
// carries its own. The classes pageNumber and totalPages are filled in by Chromium.
const STYLE = "font-family: Arial, Helvetica, sans-serif; font-size: 8pt; color: #222; width: 100%; margin: 0 14mm;";

/** Chromium's header and footer templates: clinic and patient above, page n of m and the confidentiality line below. */
export function marginTemplates(facts: MarginFacts): { headerTemplate: string; footerTemplate: string } {
  const patient = facts.mrn ? `${facts.patientName} (MRN ${facts.mrn})` : facts.patientName;
  const headerTemplate = `<div style="${STYLE} display: flex; justify-content: space-between;">
  <span>${escapeHtml(facts.clinicName)}</span><span>${escapeHtml(patient)}</span></div>`;
  const footerTemplate = `<div style="${STYLE} display: flex; justify-content: space-between;">
  <span>${escapeHtml(CONFIDENTIAL)}</span>
  <span>Generated ${escapeHtml(generatedAtText(facts.generatedAt, facts.timeZone))}</span>
  <span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
  return { headerTemplate, footerTemplate };
}
