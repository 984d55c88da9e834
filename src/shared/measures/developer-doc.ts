import type { MeasureDefinition } from "./types.ts";

/**
 * docs/measures.md, written from the definitions: where each definition's texts and rules were
 * read, what could not be verified and what the product does instead, the notes of the sources.
 * This is for developers; clinicians read the library page, which never shows any of it.
 * Web addresses in the sources are left out (docs name no internet hosts); the definition file
 * keeps them.
 */
export function measuresDeveloperDoc(defs: readonly MeasureDefinition[]): string {
  const lines = [
    "# Measure definitions: provenance and what is not verified",
    "",
    "_Generated from measures/*.json by `npx tsx scripts/measures-doc.ts`; do not edit by hand",
    "(tests/shared/measures/developer-doc.test.ts fails when it is out of date)._",
    "",
    "For developers and content reviewers. The clinician's library page shows what each instrument",
    "measures, its questions, scoring, bands, cut-off, reliable change, alert rules, licence in words",
    "and published references; it never shows what follows here, and the API does not send it",
    "(schemas/api/responses/library-detail.json has no place for it). Values listed as not verified",
    "drive no scoring, band or alert.",
    "",
  ];
  for (const def of [...defs].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation))) {
    lines.push(`## ${def.abbreviation} — ${def.name}`, "");
    lines.push(`- File: \`measures/${def.id}.json\`, definition version ${def.version}`);
    lines.push(`- Respondent-facing title: ${def.respondentTitle}`);
    lines.push(`- Licence status: \`${def.license.status}\`; ships by default: ${def.shipByDefault ? "yes" : "no"}`);
    lines.push("", "**Licence text as quoted by the sources**", "", `> ${clean(def.license.text)}`);
    if (def.license.note) lines.push("", `Distribution note: ${clean(def.license.note)}`);
    lines.push("", "**Sources** (where each text and rule was read)", "");
    for (const source of def.source) lines.push(`- ${clean(source)}`);
    if (def.unverified.length) {
      lines.push("", "**Not verified** (and what the product does instead)", "");
      for (const u of def.unverified) lines.push(`- \`${u.field}\`: ${clean(u.note)}`);
    }
    const rules: string[] = [];
    if (def.scoring) rules.push(`Scoring as the source states it: ${clean(def.scoring.description)}`);
    if (def.scoring?.missing.note) rules.push(`Missing items: ${clean(def.scoring.missing.note)}`);
    for (const note of def.scoring?.notes ?? []) rules.push(`Scoring note: ${clean(note)}`);
    if (def.instructions.note) rules.push(`Instructions: ${clean(def.instructions.note)}`);
    if (!def.instructions.verified) rules.push("Instructions: the instruction wording is not verified.");
    if (def.rci) rules.push(`Reliable change basis: ${clean(def.rci.basis)}`);
    if (def.loinc?.verified === "secondary")
      rules.push("LOINC: codes seen only in third-party code; not sent to clinicians.");
    if (def.loinc?.note) rules.push(`LOINC: ${clean(def.loinc.note)}`);
    for (const q of def.pages.flatMap((p) => p.questions)) {
      if (q.note) rules.push(`Question \`${q.id}\`: ${clean(q.note)}`);
    }
    for (const alert of def.alerts) if (alert.basis) rules.push(`Alert \`${alert.id}\` basis: ${clean(alert.basis)}`);
    for (const note of def.notes ?? []) rules.push(`${note.topic}: ${clean(note.text)}`);
    if (rules.length) {
      lines.push("", "**Notes from the sources**", "");
      for (const rule of rules) lines.push(`- ${rule}`);
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A web address becomes "[web page]": docs name no internet hosts. One line per entry. */
function clean(text: string): string {
  return text
    .replace(
      /\b(?:https?:\/\/)?(?:[a-z0-9-]+\.)+(?:com|org|net|gov|edu|int|uk|io|de|au|ca|nz)(?:\.[a-z]{2})?\b(?:\/[^\s),;'"”]*)?/gi,
      "[web page]",
    )
    .replace(/\s*\n\s*/g, " ");
}
