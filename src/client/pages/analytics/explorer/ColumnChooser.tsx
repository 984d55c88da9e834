import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from "@mantine/core";
import type { ColumnDescriptor } from "../../../renderers/table-columns.ts";

export interface ColumnChooserProps {
  /** Every column of the table file, in its order. */
  all: readonly ColumnDescriptor[];
  /** The fields shown, in order. */
  shown: readonly string[];
  onChange: (fields: string[]) => void;
}

/**
 * Picks, orders and hides the records table's columns (issue 13 §1). Checkboxes show or hide a
 * column; the arrow buttons move a shown one, so the order is set by keyboard as well as by
 * pointer. The choice is part of the saved query.
 */
export function ColumnChooser({ all, shown, onChange }: ColumnChooserProps) {
  const header = (field: string) => all.find((c) => c.field === field)?.header ?? field;
  const move = (index: number, by: number) => {
    const next = [...shown];
    const [field] = next.splice(index, 1);
    next.splice(index + by, 0, field as string);
    onChange(next);
  };
  const hidden = all.filter((c) => !shown.includes(c.field));

  return (
    <Popover position="bottom-end" width={320} trapFocus withinPortal={false}>
      <Popover.Target>
        <Button variant="default" size="xs">
          Columns ({shown.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} mah={420} style={{ overflowY: "auto" }}>
          <Text size="sm" fw={600}>
            Shown, in order
          </Text>
          {shown.map((field, i) => (
            <Group key={field} gap={4} wrap="nowrap" justify="space-between">
              <Checkbox
                label={header(field)}
                checked
                disabled={shown.length === 1}
                onChange={() => onChange(shown.filter((f) => f !== field))}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${header(field)} earlier`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${header(field)} later`}
                  disabled={i === shown.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          ))}
          {hidden.length ? (
            <Text size="sm" fw={600} mt="xs">
              Hidden
            </Text>
          ) : null}
          {hidden.map((c) => (
            <Checkbox key={c.field} label={c.header} checked={false} onChange={() => onChange([...shown, c.field])} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
