import { Text, Title } from "@mantine/core";
import { formatCalendarDate } from "../../dates/clinic-dates.ts";
import type { Admission } from "../chart-measures/admissions-api.ts";

/**
 * The episode of care the report falls in (docs/programs-episodes.md): every admission not yet
 * discharged; when there is none, the last one, said to be over.
 */
export function CurrentProgram({ admissions }: { admissions: readonly Admission[] }) {
  const open = admissions.filter((a) => a.status !== "discharged");
  const latest = [...admissions].sort((a, b) => b.admission_date.localeCompare(a.admission_date))[0];
  const shown = open.length > 0 ? open : latest ? [latest] : [];
  return (
    <section aria-labelledby="current-program" className="print-block">
      <Title order={2} size="h3" id="current-program" mb="xs">
        Program
      </Title>
      {shown.length === 0 && <Text size="sm">Not in a program.</Text>}
      {open.length === 0 && latest && <Text size="sm">Not in a program now. The last one:</Text>}
      {shown.map((a) => (
        <Text size="sm" key={a.accessControlProgramId}>
          {a.program.name}: admitted {formatCalendarDate(a.admission_date)}
          {a.discharge_date ? `, discharged ${formatCalendarDate(a.discharge_date)}` : ""}
          {a.disposition_label ? ` (${a.disposition_label})` : ""} · {a.status_label}
        </Text>
      ))}
    </section>
  );
}
