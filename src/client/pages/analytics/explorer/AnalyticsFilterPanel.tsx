import { Button, Checkbox, Group, MultiSelect, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { useEffect, useMemo } from "react";
import type { AnalyticsQuery } from "../../../../../generated/types/api/analytics-query.ts";
import { defaultBundle } from "../../../../shared/schema/bundle.ts";
import { DateField } from "../../../dates/DateField.tsx";
import { type FilterOption, useLocations, usePrograms, useScopedOptions } from "./explorer-api.ts";
import { type FilterField, filterPanelDefinition, isShown, type OptionSource, queryDefaults } from "./filter-fields.ts";

export interface AnalyticsFilterPanelProps {
  query: AnalyticsQuery;
  onChange: (query: AnalyticsQuery) => void;
  /** The server's field errors of the last run, shown under their fields. */
  errors: Record<string, string>;
}

type Values = Record<string, unknown>;

/** Fields that change what the clinicians and teams offered are (spec §4 Analytics filters). */
const SCOPE_FIELDS = ["program_or_location_filter", "program_uuid", "location_uuid"];

function useOptions(
  query: AnalyticsQuery,
): Record<OptionSource, { data: FilterOption[]; loading: boolean; failed: boolean }> {
  const programs = usePrograms();
  const locations = useLocations();
  const scoped = useScopedOptions(query);
  const of = (data: FilterOption[] | undefined, q: { isPending: boolean; isError: boolean }) => ({
    data: data ?? [],
    loading: q.isPending,
    failed: q.isError,
  });
  return {
    programs: of(
      programs.data?.map((p) => ({ ...p, label: p.location ? `${p.label} · ${p.location}` : p.label })),
      programs,
    ),
    locations: of(locations.data, locations),
    clinicians: of(scoped.data?.clinicians, scoped),
    teams: of(scoped.data?.clinical_teams, scoped),
    measures: of(scoped.data?.measures, scoped),
  };
}

/**
 * The outcomes explorer's filters, drawn from api/analytics-query.json and its form file
 * (filter-fields.ts): a select per single choice, checkboxes per list of codes, a searchable
 * picker with "Select all" per list of records, and bounds for the custom ranges. Pickers keep
 * values as the server wants them (uuids, ids); people see names.
 */
export function AnalyticsFilterPanel({ query, onChange, errors }: AnalyticsFilterPanelProps) {
  const definition = useMemo(() => filterPanelDefinition(defaultBundle), []);
  const defaults = useMemo(() => queryDefaults(defaultBundle), []);
  const options = useOptions(query);
  const values = { ...defaults, ...query } as Values;
  const set = (field: string, value: unknown) => {
    const next = { ...query, [field]: value } as Values;
    // A new scope offers other clinicians and teams: they are picked afresh (below).
    if (SCOPE_FIELDS.includes(field)) {
      delete next.clinicians;
      delete next.clinical_teams;
    }
    onChange(next as AnalyticsQuery);
  };
  // Every clinician of the scope (Unassigned too) starts picked, so a new query leaves no chart
  // out; the analyst narrows from there.
  const clinicianChoices = options.clinicians;
  useEffect(() => {
    if (query.clinicians === undefined && !clinicianChoices.loading && clinicianChoices.data.length) {
      onChange({ ...query, clinicians: clinicianChoices.data.map((o) => Number(o.value)), clinical_teams: [] });
    }
  }, [query, clinicianChoices, onChange]);

  return (
    <Stack gap="sm" component="fieldset" className="analytics-filters" aria-describedby="analytics-filters-help">
      <Text component="legend" fw={600}>
        Filters
      </Text>
      <Text id="analytics-filters-help" size="sm" c="dimmed">
        Pick who and what to include, then run the query.
      </Text>
      {definition.fields
        .filter((f) => isShown(definition.showWhen[f.field], values, defaults))
        .map((f) => (
          <FilterInput
            key={f.field}
            field={f}
            value={values[f.field]}
            error={errors[f.field]}
            options={f.kind === "picker" ? options[f.source] : undefined}
            onChange={(v) => set(f.field, v)}
          />
        ))}
    </Stack>
  );
}

interface FilterInputProps {
  field: FilterField;
  value: unknown;
  error?: string;
  options?: { data: FilterOption[]; loading: boolean; failed: boolean };
  onChange: (value: unknown) => void;
}

function FilterInput({ field, value, error, options, onChange }: FilterInputProps) {
  const id = `analytics-${field.field}`;
  switch (field.kind) {
    case "choice": {
      const index = field.options.findIndex((o) => o.value === value);
      return (
        <NativeSelect
          id={id}
          label={field.label}
          description={field.help}
          error={error}
          value={String(Math.max(index, 0))}
          onChange={(e) => onChange(field.options[Number(e.currentTarget.value)]?.value)}
          data={field.options.map((o, i) => ({ value: String(i), label: o.label }))}
        />
      );
    }
    case "codes": {
      const picked = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Checkbox.Group
          id={id}
          label={field.label}
          description={field.help}
          error={error}
          value={picked}
          onChange={onChange}
        >
          <Group gap="xs" mt={4}>
            {field.options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    case "picker": {
      const list = options ?? { data: [], loading: true, failed: false };
      const picked = (Array.isArray(value) ? value : []).map(String);
      const data = list.data.map((o) => ({ value: String(o.value), label: o.label }));
      const typed = (v: string) => list.data.find((o) => String(o.value) === v)?.value ?? v;
      return (
        <Stack gap={4}>
          <MultiSelect
            id={id}
            label={field.label}
            description={field.help}
            error={error ?? (list.failed ? "There was a problem loading this data" : undefined)}
            data={data}
            value={picked}
            onChange={(next) => onChange(next.map(typed))}
            searchable
            clearable
            hidePickedOptions
            comboboxProps={{ keepMounted: false }}
            placeholder={picked.length ? undefined : list.loading ? "Loading…" : "None picked"}
            nothingFoundMessage="No matches"
          />
          <Group gap="xs">
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => onChange(list.data.map((o) => o.value))}
              disabled={list.data.length === 0}
              aria-label={`Select all ${field.label.toLowerCase()}`}
            >
              Select all ({list.data.length})
            </Button>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => onChange([])}
              disabled={picked.length === 0}
              aria-label={`Clear ${field.label.toLowerCase()}`}
            >
              Clear
            </Button>
          </Group>
        </Stack>
      );
    }
    case "range": {
      const range = (value ?? {}) as Record<string, unknown>;
      const setBound = (key: string, v: unknown) => onChange({ ...range, [key]: v });
      return (
        <Stack gap={4} role="group" aria-labelledby={`${id}-label`}>
          <Text id={`${id}-label`} size="sm" fw={500}>
            {field.label}
          </Text>
          <Group grow>
            {field.bounds.map((b) =>
              b.type === "date" ? (
                <DateField
                  key={b.field}
                  label={b.label}
                  value={String(range[b.field] ?? "")}
                  onChange={(v) => setBound(b.field, v || undefined)}
                />
              ) : (
                <NumberInput
                  key={b.field}
                  label={b.label}
                  min={0}
                  max={120}
                  allowDecimal={false}
                  value={typeof range[b.field] === "number" ? (range[b.field] as number) : ""}
                  onChange={(v) => setBound(b.field, typeof v === "number" ? v : undefined)}
                />
              ),
            )}
          </Group>
          {error ? (
            <Text size="sm" c="red.8">
              {error}
            </Text>
          ) : null}
        </Stack>
      );
    }
  }
}
