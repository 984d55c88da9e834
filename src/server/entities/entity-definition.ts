import type { Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import type { HttpError } from "../http/http-error.ts";
import type { RelationSpec } from "./entity-relations.ts";

/** An entity record as the API answers it: the schema's fields, computed ones and extra ones at the top. */
export type EntityJson = Record<string, unknown> & { id: number; version: number };

export type Row = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: the engine builds queries over tables named by schemas.
export type AnySelect = SelectQueryBuilder<any, any, any>;

/** The values of a save, sorted into where each is stored (entity-values.ts). */
export interface EntityValues {
  /** The validated body as sent (editable fields only matter). */
  body: Record<string, unknown>;
  /** Column name -> value, every writable column (a field left out takes its default, or null). */
  columns: Record<string, unknown>;
  /** Keys of the `extra` JSONB column. */
  extra: Record<string, unknown>;
  relations: { field: string; spec: RelationSpec; ids: number[] }[];
}

/** What a hook is told about the save under way. `db` is the saving transaction. */
export interface SaveContext {
  db: Kysely<Database>;
  bundle: SchemaBundle;
  user: RequestUser;
  /** The record's id; null while a new record is being checked. */
  id: number | null;
  /** The record as it read before this save; null when creating. */
  current: EntityJson | null;
  values: EntityValues;
}

export interface RejectionContext {
  db: Kysely<Database>;
  user: RequestUser;
  id: number | null;
  values: EntityValues;
}

export interface DeleteContext {
  db: Kysely<Database>;
  bundle: SchemaBundle;
  user: RequestUser;
  record: EntityJson;
}

/**
 * The rules particular to one entity. The engine does the CRUD; these say what the schema cannot:
 * uniqueness beyond an index, the supervisor rule, what else a new row needs, what a delete must
 * not break. Every hook runs inside the saving transaction, after the row is locked.
 */
export interface EntityHooks {
  /** Shapes the values before they are checked and stored (e.g. the supervisor rule); no database. */
  prepare?(values: EntityValues, ctx: { bundle: SchemaBundle; user: RequestUser; id: number | null }): void;
  /** Rules the schema cannot express; every problem at once, as field errors. */
  check?(ctx: SaveContext): Promise<FieldError[]>;
  /**
   * After the checks passed, before the row is written: settles values with the rows beside it
   * (a contact made primary demotes the channel's other primary, which a unique index would
   * refuse after). May change `values.columns`.
   */
  beforeWrite?(ctx: SaveContext): Promise<void>;
  /** Columns a new row needs that the body does not hold (its account, who created it). */
  insertColumns?(ctx: SaveContext): Promise<Row>;
  /** After a new row is inserted and before its relations are written (e.g. the patient's chart). */
  afterInsert?(ctx: SaveContext & { id: number }): Promise<void>;
  /** After every create and update, relations written: contacts, logs, linked rows. */
  afterSave?(ctx: SaveContext & { id: number }): Promise<void>;
  /** Refuses a delete (throw an HttpError) while the record may not go. */
  beforeDelete?(ctx: DeleteContext): Promise<void>;
  /** Unique indexes whose refusal is a field error; a check should say the same first. */
  unique?: { index: string; field: string; message: string }[];
  /** The answer when a foreign key keeps a row the delete removed. */
  inUse?(): HttpError;
  /** The answer to a refused save (default: 400 with the field errors). `db` is outside the failed transaction. */
  rejection?(errors: FieldError[], ctx: RejectionContext): Promise<HttpError>;
}

export interface EntityDefinition {
  /** The record_history entity name, e.g. "location". */
  name: string;
  /** The entity schema (its root x-table names the table) and the list's table schema. */
  schemaId: string;
  tableId?: string;
  /** The 404 sentence. */
  notFound: string;
  /** The rows the engine reads: the entity's table as `e`, with any joins computed fields need. */
  from?(db: Kysely<Database>): AnySelect;
  /**
   * The key relation rows hang off: an expression of `from` and how to find it for an id.
   * Default: the entity's own id (e.id). A patient's clinicians hang off the patient's chart.
   */
  relationOwner?: { expression: string; forId(db: Kysely<Database>, id: number): Promise<number> };
  /**
   * Relations whose ids a row keeps beside the join table (kept by the database's own triggers,
   * as a JSON array in ascending order): read as this SQL over `from`'s aliases instead of a
   * subquery of the join table, which saves are still written to.
   */
  keptRelations?: Record<string, RawBuilder<number[]>>;
  /** SQL of each computed (readOnly, not stored) field, over the aliases of `from`. */
  computed?: Record<string, RawBuilder<unknown>>;
  /**
   * SQL of computed fields that depend on who reads (a patient user's linked charts, limited to
   * those the caller may see). `viewer` is null for the engine's own reads: history keeps the
   * whole record. Not sortable or searchable: `searchAlso` covers what the search should find.
   */
  computedFor?(viewer: RequestUser | null): Record<string, RawBuilder<unknown>>;
  /**
   * More matches of the list search, ORed with the table schema's search fields (other contact
   * values, linked charts the caller may see), over `from`'s aliases. `pattern` is the escaped
   * ILIKE pattern (use `escape '\\'`).
   */
  searchAlso?(pattern: string, viewer: RequestUser | null): RawBuilder<SqlBool>[];
  /** Finishes a record after it is read, with what SQL does not hold (names from the bundle). */
  finish?(record: Row, bundle: SchemaBundle): Row;
  /** Which rows the caller may see and change, in SQL; every read, list and write applies it. */
  visibleTo?(user: RequestUser): RawBuilder<SqlBool>;
  /** False for tables without an updated_at column (a save stamps it otherwise). */
  tracksUpdatedAt?: boolean;
  /**
   * The order of rows when the sort ties (and by default): SQL over `from`'s aliases. Each must be
   * NOT NULL (e.g. lower() of a NOT NULL name), so one index serves the list in either order and a
   * cursor compares them as a row (entity-read.ts).
   */
  tieBreak?: RawBuilder<unknown>[];
  /**
   * Fields whose column is NOT NULL in the table, as the database guarantees (not the schema's
   * `required`, which an optional column may also be). A list sorted by one of them walks one
   * index in either order and a cursor starts where it left off; a search of "first last" covers
   * first_name and last_name when both are listed.
   */
  notNull?: string[];
  hooks?: EntityHooks;
}
