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
