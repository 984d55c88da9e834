import { createContext, useContext } from "react";

/**
 * True under a layout that draws the app's frame (header, navigation). A guard deeper down then
 * shows its page inside that frame instead of drawing a second one.
 */
export const InShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(InShellContext);
}
