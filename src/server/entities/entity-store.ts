import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/pg-errors.ts";
import { appendHistory } from "../history/record-history.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { DEFAULT_PAGE_SIZE, pageWindow } from "../http/paging.ts";
import type { EntityDefinition, EntityJson, EntityValues, SaveContext } from "./entity-definition.ts";
import { type EntityModel, entityModel } from "./entity-model.ts";
import { type EntityPage, entityRows, readEntities, readPage, searchPredicate } from "./entity-read.ts";
import { linkableIds, replaceRelation } from "./entity-relations.ts";
import { mergedExtra, splitBody } from "./entity-values.ts";

export interface ListRequest {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
  order?: "asc" | "desc";
  /** A previous page's nextCursor. */
  after?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: tables are named by the entity schema.
type AnyDb = Kysely<any>;

/**
 * One entity's storage, built from its schema's storage notes and its definition's hooks:
 * read, list, create, update (with optimistic concurrency) and delete, each recording history.
 * Every entity of the product is stored through one of these (issue 7 §1).
 */
export class EntityStore {
  readonly model: EntityModel;

  constructor(
    readonly def: EntityDefinition,
    readonly bundle: SchemaBundle,
  ) {
    this.model = entityModel(bundle, def.schemaId, def.tableId);
  }

  private visibility(user: RequestUser | null): RawBuilder<SqlBool>[] {
    return user && this.def.visibleTo ? [this.def.visibleTo(user)] : [];
  }

  /** One record, or null when it does not exist or the caller (when given) may not see it. */
  async read(db: Kysely<Database>, id: number, user: RequestUser | null = null): Promise<EntityJson | null> {
    const [record] = await readEntities(db, this.def, this.model, this.bundle, [id], {
      where: this.visibility(user),
      viewer: user,
    });
    return record ?? null;
  }

  /** Several records by id, in id order (no access check: for callers that checked already). */
  readMany(db: Kysely<Database>, ids: number[]): Promise<EntityJson[]> {
    return readEntities(db, this.def, this.model, this.bundle, ids);
  }

  /**
   * One page of the records the caller may see, matching the search, in the asked order; with
   * neither page nor pageSize and `whole` allowed, every matching record (small picker lists).
   */
  list(
    db: Kysely<Database>,
    query: ListRequest,
    opts: {
      user?: RequestUser | null;
      where?: RawBuilder<SqlBool>[];
      /** The caller's visibility narrowed to the list's view (ListScope.visibility), instead of visibleTo. */
      visibility?: RawBuilder<SqlBool>;
      /** How many records `visibility` admits (ListScope.visibleCount). */
      visibleCount?: RawBuilder<number>;
      whole?: boolean;
    } = {},
  ): Promise<EntityPage> {
    const sortField = query.sort ?? this.model.defaultSort.field;
    const sort = sortField ? this.model.sortable.get(sortField) : undefined;
    if (query.sort !== undefined && !sort) throw badRequest([{ field: "sort", message: "Sort is not valid" }]);
    const visibility = opts.visibility ? [opts.visibility] : this.visibility(opts.user ?? null);
    const narrowing = [...(opts.where ?? [])];
    const search = query.search?.trim() ?? "";
    if (search) narrowing.push(searchPredicate(this.def, this.model, search, opts.user ?? null));
    const where = [...visibility, ...narrowing];
    const paged = !opts.whole || query.page !== undefined || query.pageSize !== undefined || !!query.after;
    // After a cursor the page starts at its row, however deep: no OFFSET, and no page-number cap.
    const window = !paged
      ? null
      : query.after
        ? { limit: query.pageSize ?? DEFAULT_PAGE_SIZE, offset: 0 }
        : pageWindow(query);
    return readPage(db, this.def, this.model, this.bundle, {
      where,
      sort: sort && sortField ? { field: sortField, target: sort } : null,
      order: query.order ?? this.model.defaultSort.order,
      window,
      after: query.after,
      viewer: opts.user ?? null,
      // The visibility's own count is the list's only while no filter or search narrows it.
      count: opts.visibility && narrowing.length === 0 ? opts.visibleCount : undefined,
      searched: search !== "",
    });
  }

  /** Adds a record; answers it as read back, and records it as version 1 of its history. */
  create(db: Kysely<Database>, user: RequestUser, body: Record<string, unknown>): Promise<EntityJson> {
    const values = this.prepare(body, user, null);
    return this.guard(db, user, null, values, () =>
      db.transaction().execute(async (trx) => {
        const ctx: SaveContext = { db: trx, bundle: this.bundle, user, id: null, current: null, values };
        await this.check(ctx);
        await this.def.hooks?.beforeWrite?.(ctx);
        const more = (await this.def.hooks?.insertColumns?.(ctx)) ?? {};
        const row = (await (trx as AnyDb)
          .insertInto(this.model.table)
          .values({ ...values.columns, ...more, extra: JSON.stringify(values.extra) })
          .returning("id")
          .executeTakeFirstOrThrow()) as { id: number };
        const saved = { ...ctx, id: row.id };
        await this.def.hooks?.afterInsert?.(saved);
        await this.writeRelations(trx, row.id, values);
        await this.def.hooks?.afterSave?.(saved);
        return this.answer(trx, user, await this.recordHistory(trx, user.id, row.id));
      }),
    );
  }

  /**
   * Saves an edited record the caller may see (else 404). The body replaces every editable field
   * and names the version it was based on; a record changed since answers 409 and is left alone.
   */
  update(db: Kysely<Database>, user: RequestUser, id: number, body: Record<string, unknown>): Promise<EntityJson> {
    const basedOn = body.version;
    if (typeof basedOn !== "number") throw new HttpError(428, MESSAGES.versionRequired, "version_required");
    const values = this.prepare(body, user, id);
    return this.guard(db, user, id, values, () =>
      db.transaction().execute(async (trx) => {
        const locked = await this.lock(trx, user, id);
        if (locked.version !== basedOn) {
          throw new HttpError(409, MESSAGES.staleRecord, "stale_record", undefined, { currentVersion: locked.version });
        }
        const current = (await this.read(trx, id)) as EntityJson;
        const ctx: SaveContext = { db: trx, bundle: this.bundle, user, id, current, values };
        await this.check(ctx);
        await this.def.hooks?.beforeWrite?.(ctx);
        await (trx as AnyDb)
          .updateTable(this.model.table)
          .set({
            ...values.columns,
            extra: JSON.stringify(mergedExtra(this.model, locked.extra, values)),
            version: sql`version + 1`,
            ...(this.def.tracksUpdatedAt === false ? {} : { updated_at: sql`now()` }),
          })
          .where("id", "=", id)
          .execute();
        await this.writeRelations(trx, id, values);
        await this.def.hooks?.afterSave?.({ ...ctx, id });
        return this.answer(trx, user, await this.recordHistory(trx, user.id, id));
      }),
    );
  }

  /** Deletes a record the caller may see, when its hooks allow; history keeps its last version. */
  async remove(db: Kysely<Database>, user: RequestUser, id: number): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        await this.lock(trx, user, id);
        const record = (await this.read(trx, id)) as EntityJson;
        await this.def.hooks?.beforeDelete?.({ db: trx, bundle: this.bundle, user, record });
        await (trx as AnyDb).deleteFrom(this.model.table).where("id", "=", id).execute();
        await appendHistory(trx, {
          entity: this.def.name,
          entityId: id,
          data: { ...record, deleted: true },
          changedBy: user.id,
        });
      });
    } catch (err) {
      // A reference made between the hook's check and the delete: the foreign key says "in use".
      if (isForeignKeyViolation(err) && this.def.hooks?.inUse) throw this.def.hooks.inUse();
      throw err;
    }
  }

  private prepare(body: Record<string, unknown>, user: RequestUser, id: number | null): EntityValues {
    const values = splitBody(this.model, body);
    this.def.hooks?.prepare?.(values, { bundle: this.bundle, user, id });
    return values;
  }

  /**
   * Locks the record's row (only the entity's own, `e`: a joined row may sit on the nullable side
   * of an outer join) for the rest of the transaction; 404 when it is missing or not the caller's.
   */
  private async lock(
    trx: Kysely<Database>,
    user: RequestUser,
    id: number,
  ): Promise<{ version: number; extra: unknown }> {
    let query = entityRows(trx, this.def, this.model)
      .select(["e.version", "e.extra"])
      .where("e.id", "=", id)
      .forUpdate("e");
    for (const predicate of this.visibility(user)) query = query.where(predicate);
    const row = (await query.executeTakeFirst()) as { version: number; extra: unknown } | undefined;
    if (!row) throw notFound(this.def.notFound);
    return row;
  }

  /** Relations name only ids that may be linked; then the entity's own rules; every problem at once. */
  private async check(ctx: SaveContext): Promise<void> {
    const errors: FieldError[] = [];
    for (const { field, spec, ids } of ctx.values.relations) {
      if (ids.length === 0) continue;
      // Ids already linked may stay (a clinician deactivated since keeps their patients until edited).
      const before = new Set((ctx.current?.[field] as number[] | undefined) ?? []);
      const added = ids.filter((i) => !before.has(i));
      if (added.length === 0) continue;
      const valid = await linkableIds(ctx.db, ctx.bundle, spec.of, added);
      if (added.some((i) => !valid.has(i))) errors.push({ field, message: spec.invalidMessage });
    }
    errors.push(...((await this.def.hooks?.check?.(ctx)) ?? []));
    if (errors.length) throw await this.rejection(ctx.db, ctx.user, ctx.id, ctx.values, errors);
  }

  private async rejection(
    db: Kysely<Database>,
    user: RequestUser,
    id: number | null,
    values: EntityValues,
    errors: FieldError[],
  ): Promise<HttpError> {
    const custom = this.def.hooks?.rejection;
    return custom ? custom(errors, { db, user, id, values }) : badRequest(errors);
  }

  /** Runs a save; a unique index that refuses it (a race the check could not see) is the same field error. */
  private async guard<T>(
    db: Kysely<Database>,
    user: RequestUser,
    id: number | null,
    values: EntityValues,
    save: () => Promise<T>,
  ): Promise<T> {
    try {
      return await save();
    } catch (err) {
      const unique = this.def.hooks?.unique?.find((u) => isUniqueViolation(err, u.index));
      if (!unique) throw err;
      throw await this.rejection(db, user, id, values, [{ field: unique.field, message: unique.message }]);
    }
  }

  private async writeRelations(trx: Kysely<Database>, id: number, values: EntityValues): Promise<void> {
    if (values.relations.length === 0) return;
    const owner = this.def.relationOwner ? await this.def.relationOwner.forId(trx, id) : id;
    for (const { spec, ids } of values.relations) await replaceRelation(trx, spec, owner, ids);
  }

  /** What a save answers: the record as history keeps it, or as the caller sees it when fields depend on who reads. */
  private async answer(trx: Kysely<Database>, user: RequestUser, saved: EntityJson): Promise<EntityJson> {
    if (!this.def.computedFor) return saved;
    const [seen] = await readEntities(trx, this.def, this.model, this.bundle, [saved.id], { viewer: user });
    return seen ?? saved;
  }

  /** Reads the record as the save left it and appends that as its next history version. */
  async recordHistory(trx: Kysely<Database>, changedBy: number | null, id: number): Promise<EntityJson> {
    const record = (await this.read(trx, id)) as EntityJson;
    await appendHistory(trx, { entity: this.def.name, entityId: id, data: record, changedBy });
    return record;
  }
}

const stores = new WeakMap<SchemaBundle, Map<EntityDefinition, EntityStore>>();

/** The store of an entity for a bundle, made once (an app's bundle never changes while it runs). */
export function entityStore(def: EntityDefinition, bundle: SchemaBundle): EntityStore {
  let byDef = stores.get(bundle);
  if (!byDef) {
    byDef = new Map();
    stores.set(bundle, byDef);
  }
  let store = byDef.get(def);
  if (!store) {
    store = new EntityStore(def, bundle);
    byDef.set(def, store);
  }
  return store;
}
