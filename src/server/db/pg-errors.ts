/** Postgres error codes the routes turn into sentences instead of 500s. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** True when err is a unique violation (23505) of the named index. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  if (pgErrorCode(err) !== "23505") return false;
  const e = err as { constraint?: unknown; message?: unknown };
  return e.constraint === index || (typeof e.message === "string" && e.message.includes(index));
}

/** True when err is a foreign key violation (23503): a row still referenced, or a reference to a row now gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgErrorCode(err) === "23503";
}

/**
 * Runs a save that checked first that a value is free (a name, a username). Another save can take
 * the value between the check and the write; the unique `index` then refuses it, and the caller
 * hears `refusal()`, the same answer the check gives, instead of a 500.
 */
export async function onUniqueViolation<T>(index: string, refusal: () => Error, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err, index)) throw refusal();
    throw err;
  }
}

/**
 * Runs a delete that checked first that nothing uses the row. A reference added between the
 * check and the delete makes a foreign key refuse it; the caller hears `refusal()`, the same
 * answer as a row found in use, instead of a 500.
 */
export async function onForeignKeyViolation<T>(refusal: () => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw refusal();
    throw err;
  }
}
