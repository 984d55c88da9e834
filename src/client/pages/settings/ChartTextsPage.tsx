import { Accordion, Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router-dom";
import type { ChartTextUpdate } from "../../../../generated/types/api/chart-text-update.ts";
import type { ChartText } from "../../../../generated/types/api/responses/chart-text.ts";
import type { ProgramOption } from "../../../../generated/types/api/responses/program-option.ts";
import { errorText } from "../../api/error-text.ts";
import { useRecordSave } from "../../entities/useRecordSave.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import {
  CHART_TEXT_PROGRAMS_KEY,
  CHART_TEXTS_KEY,
  chartTextPrograms,
  chartTexts,
  OUTCOME_CHARTS,
  type OutcomeChartDefault,
  resetChartText,
  saveChartText,
} from "./chart-texts-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const FORM_ID = "forms/chart-text.form.json";

/** One chart of one program: what the screen edits or resets. */
interface ChartOfProgram {
  program: ProgramOption;
  chart: OutcomeChartDefault;
  text: ChartText | undefined;
}

const programTitle = (p: ProgramOption) => (p.program_status === "inactive" ? `${p.name} (inactive)` : p.name);

function ownTextSummary(count: number): string {
  if (count === 0) return "All charts use their default title and caption";
  return count === 1 ? "1 chart with this program's text" : `${count} charts with this program's text`;
}

/** A line of the chart's card: the text the program shows, and the chart's own when it differs. */
function TextLine({ label, own, program }: { label: string; own: string; program: string | null | undefined }) {
  return (
    <div>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {program || own}
        {!program && (
          <Text span size="sm" c="dimmed">
            {" "}
            (default)
          </Text>
        )}
      </Text>
      {program && (
        <Text size="sm" c="dimmed" component="dd" m={0}>
          Default: {own}
        </Text>
      )}
    </div>
  );
}

interface ChartCardProps extends ChartOfProgram {
  onEdit: () => void;
  onReset: () => void;
}

function ChartCard({ program, chart, text, onEdit, onReset }: ChartCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {chart.name}
        </Title>
        <Stack gap="xs" component="dl" m={0}>
          <TextLine label="Title" own={chart.title} program={text?.title} />
          <TextLine label="Caption" own={chart.caption} program={text?.caption} />
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={onEdit} aria-label={`Edit ${chart.name} for ${program.name}`}>
            Edit
          </Button>
          {text && (
            <Button
              variant="subtle"
              color="red"
              onClick={onReset}
              aria-label={`Reset to default: ${chart.name} for ${program.name}`}
            >
              Reset to default
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The form of one chart's text for one program, in a dialog; blank fields keep the chart's own. */
/** The last target shown, so a closing dialog keeps its words while it fades out. */
function useLastShown(target: ChartOfProgram | null): ChartOfProgram | null {
  const [last, setLast] = useState(target);
  if (target && target !== last) setLast(target);
  return target ?? last;
}

const targetKey = (t: ChartOfProgram) => `${t.program.id}-${t.chart.id}-${t.text?.updated_at ?? "default"}`;

function EditDialog({ editing, onClose }: { editing: ChartOfProgram | null; onClose: () => void }) {
  const client = useQueryClient();
  const shown = useLastShown(editing);
  const save = useRecordSave({
    save: (body) => {
      if (!editing) throw new Error("No chart is being edited.");
      return saveChartText(editing.program.id, editing.chart.id, body as ChartTextUpdate);
    },
    success: "Chart text saved",
    failure: "The chart text could not be saved",
    onSaved: async () => {
      onClose();
      await client.invalidateQueries({ queryKey: CHART_TEXTS_KEY });
      // The outcomes explorer draws the new text the next time it asks.
      await client.invalidateQueries({ queryKey: ["analytics", "chart"] });
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={save.saving ? () => {} : close}
      title={shown ? `${shown.chart.name}: ${shown.program.name}` : ""}
      size="lg"
    >
      {shown && (
        <Stack gap="md">
          <Stack gap={4} component="dl" m={0}>
            <Text size="sm" fw={600} component="dt">
              Default title
            </Text>
            <Text size="sm" component="dd" m={0}>
              {shown.chart.title}
            </Text>
            <Text size="sm" fw={600} component="dt">
              Default caption
            </Text>
            <Text size="sm" component="dd" m={0}>
              {shown.chart.caption}
            </Text>
          </Stack>
          <SchemaForm
            key={targetKey(shown)}
            formId={FORM_ID}
            formData={{ title: shown.text?.title ?? null, caption: shown.text?.caption ?? null }}
            onSubmit={save.submit}
            serverErrors={save.fieldErrors}
            submitLabel="Save chart text"
            submitting={save.saving}
          >
            <Button variant="default" onClick={close} disabled={save.saving}>
              Cancel
            </Button>
          </SchemaForm>
        </Stack>
      )}
    </Modal>
  );
}

function ResetDialog({ resetting, onClose }: { resetting: ChartOfProgram | null; onClose: () => void }) {
  const client = useQueryClient();
  const shown = useLastShown(resetting);
  const reset = useMutation({
    meta: { errorToast: false },
    mutationFn: (target: ChartOfProgram) => resetChartText(target.program.id, target.chart.id),
    onSuccess: async () => {
      toastSuccess("Chart text reset to the default");
      onClose();
      await client.invalidateQueries({ queryKey: CHART_TEXTS_KEY });
      await client.invalidateQueries({ queryKey: ["analytics", "chart"] });
    },
  });
  return (
    <ConfirmDialog
      opened={resetting !== null}
      title="Reset to default"
      confirmLabel="Reset to default"
      danger
      busy={reset.isPending}
      error={reset.error ? errorText(reset.error) : null}
      onConfirm={() => resetting && reset.mutate(resetting)}
      onClose={() => {
        reset.reset();
        onClose();
      }}
    >
      {shown && (
        <Text>
          {`For ${shown.program.name}, ${shown.chart.name} will show its default title and caption again. This program's own text is removed.`}
        </Text>
      )}
    </ConfirmDialog>
  );
}

/**
 * /settings/chart-texts: the titles and captions of the outcomes explorer's charts, per program
 * (issue 13 §2, spec §9; docs/analytics.md Charts). Each program lists every outcomes chart with
 * its own title and caption (schemas/charts/outcomes-*.json) and the program's text if any; an
 * admin edits it (forms/chart-text.form.json over api/chart-text-update.json) or resets it.
 */
export function ChartTextsPage() {
  const programs = useQuery({
    queryKey: CHART_TEXT_PROGRAMS_KEY,
    queryFn: ({ signal }) => chartTextPrograms(signal),
    meta: { errorToast: false },
  });
  const texts = useQuery({
    queryKey: CHART_TEXTS_KEY,
    queryFn: ({ signal }) => chartTexts(signal),
    meta: { errorToast: false },
  });
  const [editing, setEditing] = useState<ChartOfProgram | null>(null);
  const [resetting, setResetting] = useState<ChartOfProgram | null>(null);

  const failed = programs.error ?? texts.error;
  const retry = () => {
    if (programs.isError) void programs.refetch();
    if (texts.isError) void texts.refetch();
  };

  let body: ReactNode;
  if (failed) {
    body = (
      <Alert color="red" role="alert" title="The chart titles could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(failed)}</Text>
          <Button variant="default" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!programs.data || !texts.data) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Loading chart titles" />
      </Center>
    );
  } else if (programs.data.length === 0) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          No programs yet
        </Title>
        <Text>Chart titles and captions are set per program. Add a program first.</Text>
        <Button component={Link} to={settingsPaths.programAdd}>
          Add a program
        </Button>
      </Stack>
    );
  } else {
    const allTexts = texts.data;
    // A clinic with one program sees its charts at once.
    body = (
      <Accordion
        multiple
        variant="separated"
        order={2}
        defaultValue={programs.data.length === 1 ? [String(programs.data[0]?.id)] : []}
      >
        {programs.data.map((program) => {
          const own = allTexts.filter((t) => t.program_id === program.id);
          return (
            <Accordion.Item key={program.id} value={String(program.id)}>
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>{programTitle(program)}</Text>
                  <Text size="sm" c="dimmed">
                    {ownTextSummary(own.length)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {OUTCOME_CHARTS.map((chart) => {
                    const target = { program, chart, text: own.find((t) => t.chart_id === chart.id) };
                    return (
                      <ChartCard
                        key={chart.id}
                        {...target}
                        onEdit={() => setEditing(target)}
                        onReset={() => setResetting(target)}
                      />
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1}>Chart titles</Title>
        <Text c="dimmed" size="sm">
          The titles and captions of the outcomes explorer's charts. A program's own text shows when a query is run for
          that program alone; otherwise the chart's default shows.
        </Text>
      </div>
      {body}
      <EditDialog editing={editing} onClose={() => setEditing(null)} />
      <ResetDialog resetting={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
