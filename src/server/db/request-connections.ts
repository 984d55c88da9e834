import { AsyncLocalStorage } from "node:async_hooks";

/** The subset of a pg pool client Kysely uses, and what we read of it. */
export interface PoolClientLike {
  query(...args: unknown[]): unknown;
  release(destroy?: boolean | Error): void;
  /** pg: the backend's process id, which pg_cancel_backend names. */
  processID?: number | null;
}

export interface PoolLike {
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

/**
 * The database connections one HTTP request holds, so that they can be stopped when its client
 * goes away (http/cancel-on-disconnect.ts). "running" while the request is handled; "abandoned"
 * once its client left before the answer (for good: every later statement in its context is
 * refused); "finished" once answered, after which it governs nothing. Work a request only starts
 * but that is not its own (the audit trail's batched writes) runs `outsideRequest`.
 */
export interface RequestConnections {
  state: "running" | "abandoned" | "finished";
  lent: Set<ScopedClient>;
}

export const requestConnections = new AsyncLocalStorage<RequestConnections>();

/** Runs fn, and whatever timers and promises it starts, as no request's work. */
export function outsideRequest<T>(fn: () => T): T {
  return requestConnections.exit(fn);
}

/** Thrown instead of running a statement for a request whose client has gone. */
export class RequestAbandonedError extends Error {
  constructor() {
    super("The client closed the connection; the request's remaining statements were not run.");
  }
}

// Kysely's transaction rollback (and a savepoint's) must still run after the client went, or the
// connection would go back to the pool inside an open transaction.
const ALWAYS_ALLOWED = /^\s*rollback\b/i;

/** A pool client as lent to one request; the same object each time, so Kysely's per-client cache still works. */
export class ScopedClient {
  owner: RequestConnections | undefined;

  constructor(
    readonly client: PoolClientLike,
    private readonly cancel: (client: PoolClientLike) => Promise<void>,
  ) {}

  query(...args: unknown[]): unknown {
    if (this.owner?.state === "abandoned" && !(typeof args[0] === "string" && ALWAYS_ALLOWED.test(args[0]))) {
      return Promise.reject(new RequestAbandonedError());
    }
    return this.client.query(...args);
  }

  /**
   * Back to the pool. A PostgreSQL connection an abandoned request held is closed instead: a
   * cancel sent for it may still arrive, and must not stop the next request's statement.
   */
  release(): void {
    const abandoned = this.owner?.state === "abandoned";
    this.owner?.lent.delete(this);
    this.owner = undefined;
    this.client.release(abandoned && this.client.processID ? true : undefined);
  }

  /** Stops the statement running on this connection, if any (PostgreSQL server only). */
  stop(): Promise<void> {
    return this.cancel(this.client);
  }
}

/**
 * Wraps a pool so that each connection lent inside a request (requestConnections.run) is recorded
 * against it, and a request whose client has gone gets no further connection or statement.
 */
export function requestScopedPool(pool: PoolLike, cancel: (client: PoolClientLike) => Promise<void>): PoolLike {
  const scoped = new WeakMap<PoolClientLike, ScopedClient>();
  return {
    async connect() {
      const owner = requestConnections.getStore();
      if (isAbandoned(owner)) throw new RequestAbandonedError();
      const client = await pool.connect();
      // Abandoned while waiting in the pool's queue: hand the connection straight to the next caller.
      if (isAbandoned(owner)) {
        client.release();
        throw new RequestAbandonedError();
      }
      let lent = scoped.get(client);
      if (!lent) {
        lent = new ScopedClient(client, cancel);
        scoped.set(client, lent);
      }
      if (owner?.state === "running") {
        lent.owner = owner;
        owner.lent.add(lent);
      }
      return lent;
    },
    end: () => pool.end(),
  };
}

// A function, not an inline test: the state changes while connect() awaits the pool.
function isAbandoned(owner: RequestConnections | undefined): boolean {
  return owner?.state === "abandoned";
}

/**
 * The request's client has gone: no new statement runs for it, and the statements running on its
 * connections are cancelled. Resolves when the cancels have been sent.
 */
export async function abandon(connections: RequestConnections): Promise<void> {
  if (connections.state !== "running") return;
  connections.state = "abandoned";
  await Promise.allSettled([...connections.lent].map((c) => c.stop()));
}
