import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { type ChartSettings, useSaveChartSettings } from "./chart-settings-api.ts";

export interface ChartChoice {
  uuid: string;
  abbreviation: string;
  name: string;
}

/**
 * "Choose charts" (library/chart-settings): which measures' progress charts this user sees on a
 * patient's chart. The choice is theirs and applies to every chart they open; tables still list
 * every measure. Offered: the measures charted here, and any chosen before on other charts.
 */
export function ChartSettingsDialog(props: {
  opened: boolean;
  onClose: () => void;
  choices: readonly ChartChoice[];
  settings: ChartSettings | undefined;
}) {
  const { opened, onClose, settings } = props;
  const save = useSaveChartSettings();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setChosen(settings?.measure_uuids ?? []);
  }, [opened, settings]);
  const earlier = (settings?.measures ?? []).filter((m) => !props.choices.some((c) => c.uuid === m.uuid));
  const choices = [...props.choices, ...earlier];

  const submit = (uuids: string[]) =>
    save.mutate(uuids, {
      onSuccess: () => {
        toastSuccess(uuids.length === 0 ? "Every measure's chart is shown." : "Your chart choice is saved.");
        onClose();
      },
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Choose charts">
      <Stack gap="sm">
        <Checkbox.Group
          label="Show progress charts for"
          description="Applies to every patient chart you open. With none chosen, every measure's chart is shown."
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap={6} mt="xs">
            {choices.map((c) => (
              <Checkbox key={c.uuid} value={c.uuid} label={`${c.abbreviation} — ${c.name}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        {save.isError && (
          <Alert color="red" role="alert" title="The choice was not saved">
            {errorText(save.error)}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Only your own view changes; other clinicians keep theirs.
        </Text>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" onClick={() => submit([])} disabled={save.isPending}>
            Show every chart
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={() => submit(chosen)} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
