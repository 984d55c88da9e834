import { useMemo } from "react";
import { useUiSettings } from "../../auth/useUiSettings.ts";
import {
  type FilterValues,
  filterQuery,
  filterSpecs,
  type SavedFilterKeys,
  savedFilterPatch,
  savedFilterValues,
} from "./list-filters.ts";

/**
 * A list's filters (from its table file's query schema), remembered in the user's UI settings on
 * the server so they follow the user to any browser (spec §3). `ready` is false until the saved
 * choices are known, so the list is not first fetched unfiltered.
 */
export function useSavedFilters(
  tableId: string,
  keys: SavedFilterKeys,
  keep?: (field: string, value: string) => boolean,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: keep is a module-level function of the page
  const specs = useMemo(() => filterSpecs(tableId, keep), [tableId]);
  const ui = useUiSettings();
  const values: FilterValues = savedFilterValues(specs, keys, ui.settings);
  return {
    specs,
    values,
    query: filterQuery(specs, values),
    ready: !ui.isLoading,
    choose: (field: string, value: string | boolean) => void ui.setUiSettings(savedFilterPatch(keys, field, value)),
  };
}
