import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { DateField } from "../../dates/DateField.tsx";
import { type ListResponse, useServerList } from "../../entities/entity-api.ts";
import { PAGE_SIZE } from "../../entities/list-state.ts";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import {
  AUDIT_EVENTS,
  AUDIT_FILTERS,
  AUDIT_TABLE,
  type AuditFilters,
  type AuditRow,
  actionOptions,
  downloadAuditCsv,
  filterTitle,
} from "./audit-api.ts";

const ACTIONS = actionOptions();

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const field of AUDIT_FILTERS) {
    const value = params.get(field);
    if (value) filters[field] = value;
  }
  return filters;
}

/**
 * /settings/audit-log (audit.read, admins): the audit trail of PHI access, newest first,
 * filtered by user, patient MRN, action and date range, paged, and exported as CSV. Filters are
 * applied with a button, not per keystroke: every look at this page is itself an audit event.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFrom(params);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useServerList<ListResponse<AuditRow>>(AUDIT_EVENTS, AUDIT_EVENTS, {
    ...applied,
    page,
    pageSize: PAGE_SIZE,
  });

  const set = (field: keyof AuditFilters) => (value: string | null) =>
    setDraft((d) => ({ ...d, [field]: value ?? "" }));
  // An inverted range would quietly list nothing: say so on both fields instead, and apply nothing.
  const rangeError = draft.from && draft.to && draft.from > draft.to ? "From must be on or before To" : null;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    const next = new URLSearchParams();
    for (const [field, value] of Object.entries(draft)) if (value) next.set(field, value.trim());
    setParams(next, { replace: true });
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(applied);
    } catch (err) {
      setExportError((err as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Audit log</Title>
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          Export CSV
        </Button>
      </Group>
      <Text size="sm">
        Every opening, search, change and export of patient data, every sign-in and every refused attempt. Dates are UTC
        days.
      </Text>
      <form onSubmit={apply} aria-label="Audit log filters">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={filterTitle("username")}
            placeholder="Username"
            value={draft.username ?? ""}
            onChange={(e) => set("username")(e.currentTarget.value)}
          />
          <TextInput
            label={filterTitle("mrn")}
            placeholder="MRN"
            value={draft.mrn ?? ""}
            onChange={(e) => set("mrn")(e.currentTarget.value)}
          />
          <Select
            label={filterTitle("action")}
            placeholder="All actions"
            data={ACTIONS}
            value={draft.action ?? null}
            onChange={set("action")}
            searchable
            clearable
          />
          <DateField
            label={filterTitle("from")}
            value={draft.from ?? ""}
            onChange={(next) => set("from")(next)}
            error={rangeError ?? undefined}
          />
          <DateField
            label={filterTitle("to")}
            value={draft.to ?? ""}
            onChange={(next) => set("to")(next)}
            error={rangeError ? true : undefined}
          />
          <Button type="submit">Apply filters</Button>
        </Group>
      </form>
      {exportError && (
        <Alert color="red" title="The export failed">
          {exportError}
        </Alert>
      )}
      {list.isError && (
        <Alert color="red" title="The audit log could not be loaded">
          {list.error.message}
        </Alert>
      )}
      <SchemaTable<AuditRow>
        tableId={AUDIT_TABLE}
        label="Audit log"
        rows={list.data?.rows ?? []}
        totalRecords={list.data?.totalRecords ?? 0}
        totalAccuracy={list.data?.totalAccuracy ?? "exact"}
        page={page}
        pageSize={PAGE_SIZE}
        onSortChange={() => {}}
        onPageChange={(next) => {
          const copy = new URLSearchParams(params);
          if (next === 1) copy.delete("page");
          else copy.set("page", String(next));
          setParams(copy, { replace: true });
        }}
        countLabel={(n) => `${n.toLocaleString("en-US")} ${n === 1 ? "event" : "events"}`}
        loading={list.isFetching}
      />
    </Stack>
  );
}
