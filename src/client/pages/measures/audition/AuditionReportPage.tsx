import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { Redirect } from "../../../app/Redirect.tsx";
import { measurePaths } from "../measure-paths.ts";
import { SessionReportView } from "../report/SessionReportView.tsx";
import { useAudition } from "./audition-state.ts";

/** The preview's report: what a clinician would read for these answers. Nothing was stored. */
export function AuditionReportPage() {
  const { state, update } = useAudition();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!state.report || !state.start) return <Redirect to={measurePaths.audition(state.measureId)} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        Report
      </Title>
      <Alert color="grape" variant="light">
        Preview for a respondent aged {state.start.age}. This report was not saved and no alert was sent.
      </Alert>
      <SessionReportView report={state.report} canAcknowledge={false} />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          onClick={() => {
            update({ report: null, pageIndex: 0 });
            navigate(measurePaths.auditionQuestionnaire(state.measureId));
          }}
        >
          Change answers
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            update({ report: null, answers: {}, pageIndex: 0 });
            navigate(measurePaths.auditionQuestionnaire(state.measureId));
          }}
        >
          Start over
        </Button>
      </Group>
    </Stack>
  );
}
