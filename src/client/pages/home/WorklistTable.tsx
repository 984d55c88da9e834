import { Alert } from "@mantine/core";
import { useEffect, useRef } from "react";
import { errorText } from "../../api/error-text.ts";
import { LoadMore } from "../../lists/LoadMore.tsx";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { measurePaths } from "../measures/measure-paths.ts";
import { type WorklistRow as ServedRow, useWorklist } from "./worklist-api.ts";
import type { WorklistRange } from "./worklist-ranges.ts";

type WorklistRow = ServedRow & Record<string, unknown>;

const noChange = () => {};

/** A row's links: its patient's chart, or the result's session report (opening it marks it seen). */
function rowHref(row: WorklistRow, link: string): string {
  if (link === "report") return measurePaths.report(row.ccaId, row.ccauId, row.id);
  return measurePaths.patient(row.patientId);
}

export interface WorklistTableProps {
  range: WorklistRange;
  tableId: string;
  /** The table's accessible name, e.g. "Due today". */
  label: string;
  /** "3 measures due", "1 new result". */
  countLabel: (n: number) => string;
  /** What the tab says when nothing is listed: "Nothing is due today." */
  emptyText: string;
}

/**
 * One worklist, scroll-loaded: the next page comes when the end of the list scrolls into view,
 * and the "Load more" button does the same for keyboards, screen readers and anyone who prefers
 * it (the button stays while more rows remain). Rows render through the schema table, so a
 * phone shows them as cards.
 */
export function WorklistTable({ range, tableId, label, countLabel, emptyText }: WorklistTableProps) {
  const list = useWorklist(range);
  const rows = (list.data?.pages.flatMap((page) => page.rows) ?? []) as WorklistRow[];
  const total = list.data?.pages[0]?.totalRecords ?? 0;
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isError) {
    return (
      <Alert color="red" title="This list could not be loaded">
        {errorText(list.error)}
      </Alert>
    );
  }
  return (
    <>
      <SchemaTable<WorklistRow>
        tableId={tableId}
        label={label}
        rows={rows}
        totalRecords={total}
        totalAccuracy={list.data?.pages[0]?.totalAccuracy}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onSortChange={noChange}
        onPageChange={noChange}
        rowHref={rowHref}
        countLabel={countLabel}
        loading={list.isFetching}
        paging="more"
        emptyText={emptyText}
      />
      <div ref={end} />
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
