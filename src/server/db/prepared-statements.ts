/**
 * Statement reuse on a PostgreSQL server (issue 12 §3). Every statement the app sends carries
 * parameters, so its text repeats exactly while its values change; sent unnamed, PostgreSQL parses
 * and plans it again each time, which for the patient read cost more than running it (1.1 of 1.6
 * ms; docs/benchmarks.md). A text seen again is given a name, and pg then prepares it once per
 * connection and only binds and executes it after that.
 *
 * Bounded: texts that vary (IN lists of many lengths, batches of many sizes) would prepare without
 * end, so past MAX_NAMED texts new ones go unnamed. DATABASE_PREPARED_STATEMENTS=off turns it off,
 * for a connection pooler in transaction mode that cannot keep a connection's prepared statements.
 */

/** Distinct statement texts given names in this process; each connection prepares those it runs. */
export const MAX_NAMED = 2_000;
/** Times a text is sent before it is named: a statement run once (a migration, a one-off) is not kept. */
const SEEN_BEFORE_NAMING = 2;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    if (this.names.size >= MAX_NAMED || !text.includes("$1")) return undefined;
    const times = (this.seen.get(text) ?? 0) + 1;
    if (times < SEEN_BEFORE_NAMING) {
      // Counting is bounded too: a flood of distinct texts forgets the counts, never grows them.
      if (this.seen.size >= MAX_NAMED) this.seen.clear();
      this.seen.set(text, times);
      return undefined;
    }
    this.seen.delete(text);
    const name = `mbc_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

interface QueryingClient {
  query(...args: unknown[]): unknown;
}

/**
 * Makes a new pool client send repeated texts as named statements. Kysely calls
 * `query(text, values)`; that call becomes `query({ name, text, values })`, which pg prepares on
 * the connection the first time and reuses after.
 */
export function prepareRepeatedStatements(client: QueryingClient, names: StatementNames): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === "string" && args.length === 2 && Array.isArray(values)) {
      const name = names.nameFor(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}
