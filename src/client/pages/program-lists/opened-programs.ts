import type { ProgramListTab } from "../../../../generated/types/enums/program-list-tab.ts";
import { OPENED_PROGRAMS_PREFIX, readItem, writeItem } from "../../local-store.ts";

/**
 * Which program accordions a user left open, per tab (spec §4 Program lists, §9 local storage):
 * kept in this browser under a key of the user's id and the tab, so two people sharing a device
 * each find their own, and it outlives signing out (it holds program ids, no patient data).
 * Values are accordion values: program ids as text, and "no-program".
 */
export const openedProgramsKey = (userId: number, tab: ProgramListTab) => `${OPENED_PROGRAMS_PREFIX}${userId}.${tab}`;

export function readOpenedPrograms(userId: number, tab: ProgramListTab): string[] {
  const raw = readItem(openedProgramsKey(userId, tab));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function writeOpenedPrograms(userId: number, tab: ProgramListTab, opened: string[]): void {
  writeItem(openedProgramsKey(userId, tab), JSON.stringify(opened));
}
