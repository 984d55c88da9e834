import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "./database-types.ts";
import { outsideRequest } from "./request-connections.ts";

/**
 * A look-up that many requests ask at once, answered for all of them by one statement: the keys
 * asked during one turn of the event loop are gathered (setImmediate runs after every socket
 * that was ready has been read) and loaded together. Nothing is remembered between turns (no
 * cache): each key is read by a statement sent after it was asked, so a change committed before
 * a request arrived is always seen, exactly as if the request had sent its own statement.
 *
 * Under load this saves a round trip per request (on a 2-core virtual machine, sending a
 * statement costs about as much as PostgreSQL's primary-key read itself: docs/benchmarks.md).
 * The shared statement is nobody's request (outsideRequest): a client that disconnects must not
 * cancel the statement that answers the others (http/cancel-on-disconnect.ts).
 *
 * `load` gets distinct keys and answers one value per key, in the keys' order.
 */
export function perTurnLoader<K, V>(
  load: (keys: readonly K[]) => Promise<readonly V[]>,
  options: { maxBatchSize: number },
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(
    async (keys) => {
      const distinct = [...new Set(keys)];
      const values = await load(distinct);
      if (values.length !== distinct.length) throw new Error("perTurnLoader: load must answer one value per key");
      const byKey = new Map(distinct.map((key, i) => [key, values[i]]));
      return keys.map((key) => byKey.get(key) as V);
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      batchScheduleFn: (run) => outsideRequest(() => setImmediate(run)),
    },
  );
  return (key) => loader.load(key);
}

/**
 * A perTurnLoader for each database handle it is asked with: the statement runs on that handle,
 * and a handle's loader goes with it (a test app's database, closed, is collected with its loader).
 * Inside a transaction the key is loaded there at once: the transaction sees its own changes, and
 * a loader for its handle would only ever serve that transaction.
 */
export function perDatabaseLoader<K, V>(
  load: (db: Kysely<Database>, keys: readonly K[]) => Promise<readonly V[]>,
  options: { maxBatchSize: number },
): (db: Kysely<Database>, key: K) => Promise<V> {
  const loaders = new WeakMap<Kysely<Database>, (key: K) => Promise<V>>();
  return (db, key) => {
    if (db.isTransaction) return load(db, [key]).then(([value]) => value as V);
    let loader = loaders.get(db);
    if (!loader) {
      loader = perTurnLoader((keys) => load(db, keys), options);
      loaders.set(db, loader);
    }
    return loader(key);
  };
}
