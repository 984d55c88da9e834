import { Stack, Text, Title } from "@mantine/core";
import { useParams, useSearchParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { useEntityRecord } from "../../entities/entity-api.ts";
import { useGeneralSettingsQuery } from "../../settings/useGeneralSettings.ts";
import { useAdmissions } from "../chart-measures/admissions-api.ts";
import { type RespondentOverview, useChartTeam, useRespondentOverviews } from "../chart-measures/chart-api.ts";
import { type ChartSettings, chartShown, useChartSettings } from "../chart-measures/chart-settings-api.ts";
import { MeasureProgressChart } from "../chart-measures/MeasureProgressChart.tsx";
import { type PatientRecord, patientEntity } from "../patients/patient-api.ts";
import { CurrentProgram } from "./CurrentProgram.tsx";
import { PatientBanner } from "./PatientBanner.tsx";
import { PrintPage } from "./PrintPage.tsx";
import { ProgressSessionsTable } from "./ProgressSessionsTable.tsx";
import { RESPONDENTS_PARAM } from "./print-paths.ts";
import { progressSessions, respondentWords } from "./progress-sessions.ts";

const ID = /^[1-9]\d{0,15}$/;

const NOT_FOUND = "This chart does not exist or you do not have access to it.";

/**
 * /assignment/:ccaId/:ccauId/pdf: the progress report of one respondent for paper (issue 14); with
 * ?respondents=all, of every respondent on the chart (the whole-chart report). Each measure's
 * scores over time as the chart page draws them (MeasureProgressChart: bands and cut-off), the
 * table of sessions, and the current program when the clinic uses programs. The charts are those
 * the requester chose to see under "Choose charts", as on their screen; the table lists every session.
 * Calls: the chart's team, the patient, each respondent's measures overview, the general settings,
 * the requester's chart choice and, with programs on, the patient's admissions.
 */
export function ProgressReportPrintPage() {
  const { ccaId = "", ccauId = "" } = useParams();
  const [params] = useSearchParams();
  const wholeChart = params.get(RESPONDENTS_PARAM) === "all";
  const valid = ID.test(ccaId) && ID.test(ccauId);
  const team = useChartTeam(valid ? Number(ccaId) : 0);
  const onChart = team.data?.rows.some((m) => m.ccauId === Number(ccauId)) ?? false;
  const members = onChart ? (team.data?.rows ?? []).filter((m) => wholeChart || m.ccauId === Number(ccauId)) : [];
  const overviews = useRespondentOverviews(members.map((m) => m.ccauId));
  const patientId = team.data?.patientId;
  const patient = useEntityRecord<PatientRecord>(patientEntity, String(patientId ?? ""), patientId !== undefined);
  const settings = useGeneralSettingsQuery();
  const programsEnabled = settings.data?.programs_enabled === true;
  const admissions = useAdmissions(patientId ?? 0, programsEnabled && patientId !== undefined);
  // Unreadable, it is no choice: every chart, as the chart page shows them then.
  const chartSettings = useChartSettings();
  const chosen = chartSettings.data?.measures.map((m) => m.abbreviation) ?? [];

  const failed =
    team.error ??
    patient.error ??
    overviews.find((o) => o.error)?.error ??
    (programsEnabled ? admissions.error : null) ??
    null;
  const error =
    !valid || (team.data && !onChart) || (failed instanceof ApiError && failed.status === 404)
      ? NOT_FOUND
      : failed
        ? errorText(failed)
        : null;
  const shown = overviews.map((o) => o.data).filter((o): o is RespondentOverview => o !== undefined);
  const loaded =
    onChart &&
    !!patient.data &&
    shown.length === members.length &&
    !settings.isLoading &&
    !chartSettings.isLoading &&
    (!programsEnabled || !!admissions.data);

  return (
    <PrintPage label="Progress report" loaded={loaded} error={error}>
      {patient.data && (
        <>
          <PatientBanner patient={patient.data} />
          <div>
            <Title order={1} size="h2">
              {wholeChart ? "Progress report: whole chart" : "Progress report"}
            </Title>
            <Text c="dimmed">
              {wholeChart
                ? `Every respondent on the chart (${shown.length})`
                : shown[0]
                  ? `Answered by ${respondentWords(shown[0])}`
                  : ""}
            </Text>
          </div>
          {chosen.length > 0 && (
            <Text size="sm">
              Charts: {chosen.join(", ")} only (chosen under “Choose charts”). The table lists every session.
            </Text>
          )}
          {programsEnabled && admissions.data && <CurrentProgram admissions={admissions.data.rows} />}
          {shown.map((overview) => (
            <RespondentProgress
              key={overview.ccauId}
              overview={overview}
              titled={wholeChart}
              chartSettings={chartSettings.data}
            />
          ))}
          <ProgressSessionsTable sessions={progressSessions(shown)} />
        </>
      )}
    </PrintPage>
  );
}

/** One respondent's charts: every measure with a progress chart the requester sees, as the chart page draws it. */
function RespondentProgress({
  overview,
  titled,
  chartSettings,
}: {
  overview: RespondentOverview;
  titled: boolean;
  chartSettings: ChartSettings | undefined;
}) {
  const scored = overview.rows.filter((m) => m.progress_chart.show_chart);
  const charted = scored.filter((m) => chartShown(chartSettings, m.uuid));
  const titleId = `progress-${overview.ccauId}`;
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="xs">
        {titled ? respondentWords(overview) : "Scores over time"}
      </Title>
      {charted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {scored.length === 0
            ? "No scored session to chart yet."
            : "None of the charts chosen under “Choose charts” has scores from this respondent."}
        </Text>
      ) : (
        <Stack gap="lg">
          {charted.map((m) => (
            <MeasureProgressChart
              key={m.measureLibraryId}
              measure={m}
              ccaId={overview.ccaId}
              ccauId={overview.ccauId}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
