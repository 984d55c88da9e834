import { Alert } from "@mantine/core";
import { errorText } from "../../api/error-text.ts";
import { LoadMore } from "../../lists/LoadMore.tsx";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { chartPath } from "../chart-measures/chart-paths.ts";
import { measurePaths } from "../measures/measure-paths.ts";
import { type PatientsSource, type ProgramPatient, useProgramPatients } from "./program-list-api.ts";

type Row = ProgramPatient & Record<string, unknown>;

const noChange = () => {};

/** The patient's chart; a chart without the patient's own link opens from the patient's page. */
function chartHref(row: Row): string {
  const own = row.client_clinic_assignment_user_id;
  return own ? chartPath(row.access_control_id, own) : measurePaths.patient(row.id);
}

const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "patient" : "patients"}`;

export interface ProgramPatientsProps {
  source: PatientsSource;
  /** The table's accessible name: the program's name. */
  label: string;
}

/**
 * An opened accordion's patients: the first 20, newest admission first, and "Load more" for the
 * next 20 while any remain. Rows render through the schema table, so a phone shows them as cards.
 */
export function ProgramPatients({ source, label }: ProgramPatientsProps) {
  const list = useProgramPatients(source);
  const rows = (list.data?.pages.flatMap((page) => page.rows) ?? []) as Row[];
  const total = list.data?.pages[0]?.totalRecords ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  if (list.isError) {
    return (
      <Alert color="red" title="These patients could not be loaded">
        {errorText(list.error)}
      </Alert>
    );
  }
  return (
    <>
      <SchemaTable<Row>
        tableId={
          source === "no-program" ? "tables/no-program-patients.table.json" : "tables/program-patients.table.json"
        }
        label={label}
        rows={rows}
        totalRecords={total}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onSortChange={noChange}
        onPageChange={noChange}
        rowHref={chartHref}
        countLabel={plural}
        loading={list.isFetching}
        paging="more"
        emptyText={source === "no-program" ? "Every active patient is in a program." : "No patients in this program."}
      />
      <LoadMore
        more={hasNextPage}
        loading={isFetchingNextPage}
        shown={rows.length}
        total={total}
        onMore={() => void fetchNextPage()}
      />
    </>
  );
}
