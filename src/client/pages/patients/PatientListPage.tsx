import { Alert, Button, Group, NativeSelect, Stack, TextInput, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { allowedPatientViews, type PatientView } from "../../../shared/permissions.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { useAddressSearch } from "../../lists/useAddressSearch.ts";
import { toastError } from "../../notifications/toast.ts";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { tableDefaults } from "../../renderers/table-columns.ts";
import { readListParams, writeListParams } from "./list-params.ts";
import { usePatientPermissions } from "./PatientPermissions.tsx";
import { type PatientRecord, savePatientsView, usePatientList } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";

const TABLE_ID = "tables/patients.table.json";

const viewLabels = new Map(
  enumOptions(schemaById(defaultBundle, "enums/patient-view.json")).map((o) => [o.value, o.label]),
);

const rowHref = (row: PatientRecord) => patientPaths.view(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "patient" : "patients"}`;

/** /clinician/patients: search, view selector, the patients table and its pager. */
export function PatientListPage() {
  const permissions = usePatientPermissions();
  const views = allowedPatientViews(permissions);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, tableDefaults(defaultBundle, TABLE_ID));
  const list = usePatientList(params);

  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((current) => writeListParams(current, changes), { replace: true });

  const { searchText, setSearchText } = useAddressSearch(params.search, (search) => update({ search, page: 1 }));

  // The server answers with the view it used (saved choice or role default) when none was asked.
  const view: PatientView | undefined = params.view ?? list.data?.view;

  const chooseView = (next: PatientView) => {
    update({ view: next, page: 1 });
    savePatientsView(next).catch((error) => toastError(error, "Your choice of view could not be saved"));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Patients</Title>
        {permissions.includes("patients.write") && (
          <Button component={Link} to={patientPaths.add}>
            Add patient
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          aria-label="Search patients"
          placeholder="Search by name or MRN"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: "1 1 16rem", maxWidth: "28rem" }}
        />
        {views.length > 0 && (
          <NativeSelect
            label="View"
            value={view ?? ""}
            onChange={(event) => chooseView(event.currentTarget.value as PatientView)}
            data={[
              ...(view ? [] : [{ value: "", label: "Loading…", disabled: true }]),
              ...views.map((v) => ({ value: v, label: viewLabels.get(v) ?? v })),
            ]}
            style={{ flex: "0 1 14rem" }}
          />
        )}
      </Group>
      {list.isError && (
        <Alert color="red" title="The patients could not be loaded">
          {list.error.message}
        </Alert>
      )}
      <SchemaTable
        tableId={TABLE_ID}
        label="Patients"
        rows={list.data?.rows ?? EMPTY_ROWS}
        totalRecords={list.data?.totalRecords ?? 0}
        page={params.page}
        pageSize={params.pageSize}
        sort={params.sort}
        order={params.order}
        onSortChange={(sort, order) => update({ sort, order, page: 1 })}
        onPageChange={(page) => update({ page })}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching}
      />
    </Stack>
  );
}

const EMPTY_ROWS: PatientRecord[] = [];
