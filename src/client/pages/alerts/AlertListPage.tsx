import { Alert, Anchor, Group, NativeSelect, Pagination, Stack, Text, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { allowedPatientViews, type PatientView } from "../../../shared/permissions.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { errorText } from "../../api/error-text.ts";
import { useSession } from "../../auth/useSession.ts";
import { useUiSettings } from "../../auth/useUiSettings.ts";
import { measurePaths } from "../measures/measure-paths.ts";
import { AlertNotice, noticeOf } from "./AlertNotice.tsx";
import { type AlertRow, type AlertSort, type AlertStatus, useAlertList } from "./alert-api.ts";

const PAGE_SIZE = 25;
const STATUSES: { value: AlertStatus; label: string }[] = enumOptions(
  schemaById(defaultBundle, "api/alert-list-query.json").properties?.status ?? {},
) as { value: AlertStatus; label: string }[];
const SORTS: { value: AlertSort; label: string }[] = enumOptions(
  schemaById(defaultBundle, "api/alert-list-query.json").properties?.sort ?? {},
) as { value: AlertSort; label: string }[];
const VIEW_LABELS = new Map(
  enumOptions(schemaById(defaultBundle, "enums/patient-view.json")).map((o) => [o.value, o.label]),
);

function isStatus(value: unknown): value is AlertStatus {
  return STATUSES.some((s) => s.value === value);
}

function isSort(value: unknown): value is AlertSort {
  return SORTS.some((s) => s.value === value);
}

/**
 * /clinician/alert-list: measure alerts of the charts the user may see, newest first. The status
 * filter lives in the address (?status=) only, so the list opens on Active every time it is reached
 * from the navigation or the badge (issue 9 §1: a remembered "Acknowledged" hid active suicide-risk
 * alerts after a fresh sign-in). The patients view is remembered per user (patientSelector).
 * Each alert shows in full, with its acknowledge button. Alerts past the clinic's escalation time
 * are marked Overdue and come first (the server's order); "Newest first" is the other order.
 */
export function AlertListPage() {
  const { user, can } = useSession();
  const { settings, setUiSettings } = useUiSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const views = allowedPatientViews(user?.permissions ?? []);
  const requested = searchParams.get("status");
  const status: AlertStatus = isStatus(requested) ? requested : "active";
  const requestedSort = searchParams.get("sort");
  const sort: AlertSort = isSort(requestedSort) ? requestedSort : "overdue";
  const savedView = settings.patientSelector as PatientView | undefined;
  const patientSelector = savedView && views.includes(savedView) ? savedView : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const list = useAlertList({ status, patientSelector, sort, page, pageSize: PAGE_SIZE });
  const view = patientSelector ?? list.data?.patientSelector;
  const canAcknowledge = can("patients.write");
  const pageCount = Math.max(1, Math.ceil((list.data?.totalRecords ?? 0) / PAGE_SIZE));

  const toPage = (next: number, nextStatus: AlertStatus = status, nextSort: AlertSort = sort) =>
    setSearchParams(
      {
        ...(nextStatus === "active" ? {} : { status: nextStatus }),
        ...(nextSort === "overdue" ? {} : { sort: nextSort }),
        ...(next === 1 ? {} : { page: String(next) }),
      },
      { replace: true },
    );

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Alerts</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Status"
          value={status}
          data={STATUSES}
          onChange={(event) => {
            const next = event.currentTarget.value;
            toPage(1, isStatus(next) ? next : "active");
          }}
          style={{ flex: "0 1 12rem" }}
        />
        <NativeSelect
          label="Order"
          value={sort}
          data={SORTS}
          onChange={(event) => {
            const next = event.currentTarget.value;
            toPage(1, status, isSort(next) ? next : "overdue");
          }}
          style={{ flex: "0 1 12rem" }}
        />
        {views.length > 1 && (
          <NativeSelect
            label="Patients"
            value={view ?? ""}
            data={[
              ...(view ? [] : [{ value: "", label: "Loading…", disabled: true }]),
              ...views.map((v) => ({ value: v, label: VIEW_LABELS.get(v) ?? v })),
            ]}
            onChange={(event) => {
              toPage(1);
              void setUiSettings({ patientSelector: event.currentTarget.value });
            }}
            style={{ flex: "0 1 14rem" }}
          />
        )}
      </Group>
      {list.isError && (
        <Alert color="red" title="The alerts could not be loaded">
          {errorText(list.error)}
        </Alert>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {list.data ? `${list.data.totalRecords} ${list.data.totalRecords === 1 ? "alert" : "alerts"}` : "Loading…"}
      </Text>
      <Stack gap="sm" aria-busy={list.isFetching || undefined}>
        {list.data?.rows.map((row) => (
          <AlertListItem key={row.id} row={row} canAcknowledge={canAcknowledge} />
        ))}
        {list.data && list.data.rows.length === 0 && (
          <Text c="dimmed" py="md">
            {status === "active" ? "No active alerts." : "No records match your selections"}
          </Text>
        )}
      </Stack>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page}
          onChange={toPage}
          size="sm"
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
        />
      )}
    </Stack>
  );
}

function AlertListItem({ row, canAcknowledge }: { row: AlertRow; canAcknowledge: boolean }) {
  return (
    <AlertNotice
      {...noticeOf(row)}
      canAcknowledge={canAcknowledge}
      context={
        <>
          <Anchor component={Link} to={measurePaths.patient(row.patientId)} c="inherit" fw={700} underline="always">
            {row.patient}
          </Anchor>
          {" · "}
          <Anchor
            component={Link}
            to={measurePaths.report(row.ccaId, row.ccauId, row.clientMeasureId)}
            c="inherit"
            underline="always"
          >
            {row.measure} session report
          </Anchor>
        </>
      }
    />
  );
}
