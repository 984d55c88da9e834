import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, Outlet, useParams } from "react-router-dom";
import { useLibraryEntry } from "../measure-api.ts";
import { measurePaths } from "../measure-paths.ts";
import type { AuditionContext, AuditionState } from "./audition-state.ts";

/**
 * /measures/audition/:measureId: the preview's frame. Its children (the age, questionnaire and
 * report steps) share one state; a new measure id starts afresh.
 */
export function AuditionPage() {
  const { measureId = "" } = useParams();
  return <AuditionFrame key={measureId} measureId={measureId} />;
}

function AuditionFrame({ measureId }: { measureId: string }) {
  const valid = /^[1-9]\d{0,15}$/.test(measureId);
  const entry = useLibraryEntry(valid ? measureId : "0");
  const [state, setState] = useState<AuditionState>({
    measureId,
    start: null,
    answers: {},
    report: null,
    pageIndex: 0,
  });
  const context: AuditionContext = { state, update: (patch) => setState((s) => ({ ...s, ...patch })) };
  const title = entry.data ? `${entry.data.abbreviation}: ${entry.data.name}` : "Measure preview";
  return (
    <Stack gap="md" maw={760}>
      {valid && (
        <Anchor component={Link} to={measurePaths.detail(measureId)} size="sm">
          ← Measure details
        </Anchor>
      )}
      <div>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Badge color="grape" variant="light">
            Preview
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Answer as a respondent would and see the report a clinician would see. Nothing is saved to any chart.
        </Text>
      </div>
      <Outlet context={context} />
    </Stack>
  );
}
