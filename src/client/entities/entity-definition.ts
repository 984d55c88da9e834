import type { LookupKind } from "../widgets/lookups.ts";

/**
 * A record as the API answers it: an id, and the version a save must name (optimistic
 * concurrency: a PUT based on an older version is refused with 409 stale_record).
 */
export type StoredRecord = { id: number; version?: number } & Record<string, unknown>;

/**
 * One kind of record the generic pages work with (EntityListPage, EntityEditor, EntityView,
 * RecordLoader): its schema files, its API addresses and the words people read for it. Each page
 * folder declares its own (patient-api.ts, locations-api.ts, ...); nothing here knows a field.
 */
export interface EntityDefinition {
  /** Cache branch of its lists and records: a save or delete refreshes them all. */
  resource: string;
  /** What one record and several are called: "clinical user", "clinical users". */
  noun: string;
  plural: string;
  /** How a record is named in headings: a person's full name, a location's name. */
  title: (record: StoredRecord) => string;
  /** schemas/forms, schemas/tables and schemas/details files. */
  formId?: string;
  tableId?: string;
  detailsId?: string;
  /** The list call ("location"); the record's address ("location/3"); where new records are posted. */
  listPath: string;
  recordPath: (id: number | string) => string;
  createPath?: string;
  /** Pick lists that name these records, refreshed after a change (a new location is offered at once). */
  lookups?: readonly LookupKind[];
  /** What the page of a missing record says; by default "Not found" and the server's words. */
  notFound?: { title: string; text: string };
}

/** "clinical user" -> "Clinical user", for the start of a sentence. */
export function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
