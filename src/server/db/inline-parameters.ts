import type { CompiledQuery } from "kysely";
import { escapeLiteral } from "pg";
import pgUtils from "pg/lib/utils.js";

/**
 * A compiled Kysely statement with each `$n` replaced by its value as a quoted literal, for the
 * one statement PostgreSQL takes no bind parameters in: COPY (copy-out.ts). The statement is
 * still built by Kysely with parameters (never from strings); each value is turned into text the
 * way pg sends a bind parameter (its prepareValue: arrays as array literals, dates as timestamps)
 * and quoted by pg's escapeLiteral, so PostgreSQL reads exactly what it would have been bound to.
 * A `$n` inside a quoted literal or identifier of the statement is text, and stays.
 */
export function inlineParameters(compiled: Pick<CompiledQuery, "sql" | "parameters">): string {
  const literal = (n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= compiled.parameters.length) throw new Error(`no parameter $${n}`);
    const text = pgUtils.prepareValue(compiled.parameters[index]);
    if (text === null || text === undefined) return "null";
    if (typeof text !== "string") throw new Error(`parameter $${n} cannot be written as a literal`);
    return escapeLiteral(text);
  };
  // Quoted runs ('...' with '' inside, "..." with "" inside) pass whole; placeholders outside them become literals.
  return compiled.sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n: string | undefined) =>
    n === undefined ? match : literal(n),
  );
}
