import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { toastSuccess } from "../../notifications/toast.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { programMeasureWords } from "./program-measure-words.ts";
import { type ProgramMeasure, programMeasures, programMeasuresKey, removeProgramMeasure } from "./programs-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** The measures a program assigns, each with its frequency, respondent and timing in words; add and remove. */
export function ProgramMeasuresPanel({ programId }: { programId: string }) {
  const client = useQueryClient();
  const measures = useQuery({
    queryKey: programMeasuresKey(programId),
    queryFn: ({ signal }) => programMeasures(programId, signal),
    meta: { errorToast: false },
  });
  const [removing, setRemoving] = useState<ProgramMeasure | null>(null);
  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: (m: ProgramMeasure) => removeProgramMeasure(programId, m.id),
    onSuccess: async () => {
      toastSuccess("Measure removed from the program");
      setRemoving(null);
      await client.invalidateQueries({ queryKey: ["entity", "programs"] });
    },
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="program-measures-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="program-measures-title">
          Measures
        </Title>
        <Button component={Link} to={settingsPaths.programAddMeasure(programId)} variant="light">
          Add measure
        </Button>
      </Group>
      {measures.isError && (
        <Alert color="red" role="alert">
          The program's measures could not be loaded.
        </Alert>
      )}
      {measures.data?.rows.length === 0 && <Text c="dimmed">This program assigns no measures yet.</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {measures.data?.rows.map((m) => (
          <Paper key={m.id} component="li" withBorder p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>
                  {m.abbreviation} — {m.name}
                </Text>
                <Text size="sm">{programMeasureWords(m)}</Text>
              </div>
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  remove.reset();
                  setRemoving(m);
                }}
                aria-label={`Remove ${m.abbreviation} (${programMeasureWords(m)})`}
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove measure"
        confirmLabel="Remove measure"
        danger
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <Text>
          {removing?.abbreviation} will no longer be assigned to patients admitted from now on. Measures already
          scheduled stay as they are.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
