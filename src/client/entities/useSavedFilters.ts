import { useMemo } from "react";
import { useUiSettings } from "../auth/useUiSettings.ts";
import {
  type FilterSpec,
  type FilterValues,
  filterQuery,
  filterSpecs,
  type SavedFilterKeys,
  savedFilterPatch,
  savedFilterValues,
} from "./list-filters.ts";

/** Which UI settings keep a list's filters, and which codes the filters leave out. */
export interface SavedFilterOptions {
  keys: SavedFilterKeys;
  keep?: (field: string, value: string) => boolean;
}

const NO_FILTERS: readonly FilterSpec[] = [];

/**
 * A list's filters (from its table file's query schema), remembered in the user's UI settings on
 * the server so they follow the user to any browser (spec §3). `ready` is false until the saved
 * choices are known, so the list is not first fetched unfiltered. Without options the list has
 * no filters and is ready at once.
 */
export function useSavedFilters(tableId: string, options?: SavedFilterOptions) {
  const keys = options?.keys;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keep is a module-level function of the page
  const specs = useMemo(() => (keys ? filterSpecs(tableId, options?.keep) : NO_FILTERS), [tableId, keys]);
  const ui = useUiSettings();
  const values: FilterValues = savedFilterValues(specs, keys ?? {}, ui.settings);
  return {
    specs,
    values,
    query: filterQuery(specs, values),
    ready: specs.length === 0 || !ui.isLoading,
    choose: (field: string, value: string | boolean) =>
      void ui.setUiSettings(savedFilterPatch(keys ?? {}, field, value)),
  };
}
