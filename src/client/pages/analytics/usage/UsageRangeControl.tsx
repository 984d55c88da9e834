import { Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { DateField } from "../../../dates/DateField.tsx";
import { daysProblem, intervalOptions, type UsageDays, type UsageInterval } from "./usage-range.ts";

export interface UsageRangeControlProps {
  days: UsageDays;
  onDaysChange: (days: UsageDays) => void;
  /** Omitted on screens that show one total for the range (Usage > Measures). */
  interval?: UsageInterval;
  onIntervalChange?: (interval: UsageInterval) => void;
}

/**
 * The dates a usage screen counts over (default: the last 30 days ending yesterday, spec §9) and,
 * for a series, how it is grouped. Dates are typed or picked (DateField); a range the server
 * would refuse is said here and not asked for.
 */
export function UsageRangeControl({ days, onDaysChange, interval, onIntervalChange }: UsageRangeControlProps) {
  const problem = daysProblem(days);
  const problemId = useId();
  const intervalLabelId = useId();
  const described = problem ? problemId : undefined;
  return (
    <Stack gap={4}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <DateField
          label="From"
          value={days.from}
          onChange={(from) => onDaysChange({ ...days, from })}
          aria-describedby={described}
          w={170}
        />
        <DateField
          label="To"
          value={days.to}
          onChange={(to) => onDaysChange({ ...days, to })}
          aria-describedby={described}
          w={170}
        />
        {interval && onIntervalChange && (
          <Stack gap={2}>
            <Text size="sm" fw={500} id={intervalLabelId}>
              Group by
            </Text>
            <SegmentedControl
              aria-labelledby={intervalLabelId}
              value={interval}
              onChange={(value) => onIntervalChange(value as UsageInterval)}
              data={intervalOptions()}
            />
          </Stack>
        )}
      </Group>
      {problem && (
        <Text size="sm" c="red.8" id={problemId} role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
