import { Alert, Group, NativeSelect, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { writeListPosition } from "../../entities/list-state.ts";
import { useAddressSearch } from "../../lists/useAddressSearch.ts";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { readLibraryParams } from "./library-params.ts";
import { type LibraryRow, useLibraryList } from "./measure-api.ts";
import { respondentLabel } from "./measure-format.ts";
import { measurePaths } from "./measure-paths.ts";
import { StarToggle } from "./StarToggle.tsx";

const TABLE_ID = "tables/measure-library.table.json";
const RESPONDENTS = ["self", "parent", "teacher", "clinician"];

const rowHref = (row: LibraryRow) => measurePaths.detail(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "measure" : "measures"}`;
const noSort = () => {};

/** /clinician/measures: the measure library, searchable and filtered by condition, respondent and star. */
export function MeasureLibraryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readLibraryParams(searchParams);
  const list = useLibraryList(params);

  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((current) => writeListPosition(current, changes), { replace: true });

  const { searchText, setSearchText } = useAddressSearch(params.search, (search) => update({ search, page: 1 }));

  const starCell = useCallback(
    (row: LibraryRow) => <StarToggle id={row.id} abbreviation={row.abbreviation} starred={row.starred} />,
    [],
  );
  const conditions = list.data?.conditions ?? [];

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Measures</Title>
        <Text c="dimmed" size="sm">
          The measure library: every instrument the clinic can assign, with its licence, sources and scoring.
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label="Search measures"
          placeholder="Name, abbreviation or condition"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: "1 1 16rem", maxWidth: "24rem" }}
        />
        <NativeSelect
          label="Condition"
          value={params.condition}
          onChange={(event) => update({ condition: event.currentTarget.value, page: 1 })}
          data={[
            { value: "", label: "All conditions" },
            ...(params.condition && !conditions.includes(params.condition) ? [params.condition] : []),
            ...conditions,
          ]}
          style={{ flex: "0 1 16rem" }}
        />
        <NativeSelect
          label="Respondent"
          value={params.respondent}
          onChange={(event) => update({ respondent: event.currentTarget.value, page: 1 })}
          data={[
            { value: "", label: "Any respondent" },
            ...RESPONDENTS.map((r) => ({ value: r, label: respondentLabel(r) })),
          ]}
          style={{ flex: "0 1 12rem" }}
        />
        <Switch
          label="Starred only"
          checked={params.starred}
          onChange={(event) => update({ starred: event.currentTarget.checked ? "1" : undefined, page: 1 })}
          mb={8}
        />
      </Group>
      {list.isError && (
        <Alert color="red" title="The library could not be loaded">
          {errorText(list.error)}
        </Alert>
      )}
      <SchemaTable
        tableId={TABLE_ID}
        label="Measures"
        rows={list.data?.rows ?? EMPTY}
        totalRecords={list.data?.totalRecords ?? 0}
        page={params.page}
        pageSize={params.pageSize}
        onSortChange={noSort}
        onPageChange={(page) => update({ page })}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching}
        rowActions={starCell}
        actionsHeader="Starred"
      />
    </Stack>
  );
}

const EMPTY: LibraryRow[] = [];
