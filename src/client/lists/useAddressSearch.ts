import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";

const SEARCH_DELAY_MS = 300;

/**
 * A list's search box whose text lives in the address (so back, reload and a shared link show the
 * same results): typing updates the address once it settles, and going back or forward puts the
 * address's search back in the box. `addressSearch` is the search read from the address; `write`
 * stores a new one there (and goes back to page 1).
 */
export function useAddressSearch(addressSearch: string, write: (search: string) => void) {
  const [searchText, setSearchText] = useState(addressSearch);
  const [settled] = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed search settles, not on every address change
  useEffect(() => {
    if (settled !== addressSearch) write(settled);
  }, [settled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (addressSearch !== searchText.trim()) setSearchText(addressSearch);
  }, [addressSearch]);
  return { searchText, setSearchText };
}
