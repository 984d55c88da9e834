import { useSearchParams } from "react-router-dom";
import { defaultBundle } from "../../shared/schema/bundle.ts";
import { useAddressSearch } from "../lists/useAddressSearch.ts";
import type { SortOrder } from "../renderers/SchemaTable.tsx";
import { tableDefaults } from "../renderers/table-columns.ts";
import type { ListResponse } from "./entity-api.ts";

export const PAGE_SIZE = 25;

/** Paging, sort and search of a list, as the server's list queries take them. */
export interface ListPosition {
  page: number;
  pageSize: number;
  search: string;
  sort: string;
  order: SortOrder;
}

export type AddressChanges = Record<string, string | number | undefined>;

/** Reads ?page=&sort=&order=&search= with the table file's default sort. Pure, for tests. */
export function readListPosition(search: URLSearchParams, tableId: string): ListPosition {
  const defaults = tableDefaults(defaultBundle, tableId);
  const page = Number.parseInt(search.get("page") ?? "", 10);
  const order = search.get("order");
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    search: search.get("search") ?? "",
    sort: search.get("sort") || defaults.sort || "",
    order: order === "asc" || order === "desc" ? order : defaults.order,
  };
}

/** The address query after a change; defaults and blanks are left out to keep it short. */
export function writeListPosition(current: URLSearchParams, changes: AddressChanges) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "" || (key === "page" && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export type PositionUpdate = (changes: AddressChanges) => void;

/** Writes changes into the address without a new history entry (a list's state is no page of its own). */
export function useAddressUpdate(): PositionUpdate {
  const [, setParams] = useSearchParams();
  return (changes) => setParams((current) => writeListPosition(current, changes), { replace: true });
}

/**
 * A list's position in the address, so back, reload and a shared link show the same page.
 * `searchText` is what the search box holds; the position's search follows it once typing settles.
 */
export function useListPosition(tableId: string) {
  const [params] = useSearchParams();
  const position = readListPosition(params, tableId);
  const update = useAddressUpdate();
  const { searchText, setSearchText } = useAddressSearch(position.search, (search) => update({ search, page: 1 }));
  return { position, update, searchText, setSearchText };
}

const NO_ROWS: readonly never[] = [];

/**
 * The SchemaTable props every list takes from its position and the server's answer: the page of
 * rows and their count, paging, and sort (a new sort starts again at page 1).
 */
export function pagedTableProps<Row>(
  position: ListPosition,
  update: PositionUpdate,
  list: { data?: ListResponse<Row>; isFetching: boolean },
) {
  return {
    rows: list.data?.rows ?? (NO_ROWS as readonly Row[]),
    totalRecords: list.data?.totalRecords ?? 0,
    totalAccuracy: list.data?.totalAccuracy ?? "exact",
    page: position.page,
    pageSize: position.pageSize,
    sort: position.sort,
    order: position.order,
    onSortChange: (sort: string, order: SortOrder) => update({ sort, order, page: 1 }),
    onPageChange: (page: number) => update({ page }),
    loading: list.isFetching,
  };
}
