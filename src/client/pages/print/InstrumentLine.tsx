import { Text } from "@mantine/core";
import type { ReportMeasure } from "../../../shared/api/measure-reports.ts";
import { measureDefinition } from "../../../shared/measures/library.ts";
import { definitionVersionLabel, licenseStatusLabel } from "../measures/measure-words.ts";

/**
 * The instrument a report is about, as a printed copy must name it: name, abbreviation,
 * definition version, and its licence (a copy handed out is a reproduction of the instrument).
 */
export function InstrumentLine({ measure }: { measure: ReportMeasure }) {
  const license = measureDefinition(measure.measure_id)?.license;
  return (
    <div className="print-block">
      <Text size="sm">
        {measure.name} ({measure.abbreviation}) · {definitionVersionLabel(measure.version)}
      </Text>
      <Text size="xs">
        Licence:{" "}
        {license ? `${licenseStatusLabel(license.status)}. ${license.summary}` : "not recorded for this measure."}
      </Text>
    </div>
  );
}
