import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Everything a piece of work does while its transaction is open goes through that transaction.
 *
 * A hook running inside a write may call a service that reads through the application's main
 * database handle (the dictionary cache, the session check…). On SQLite there is one connection:
 * the read would wait for the transaction, which waits for the hook — every later request too.
 * On PostgreSQL the read would take a second connection and not see the transaction's own rows.
 * So the driver remembers, per async context, the connection of the transaction that context
 * opened: any query made in that context through any handle (root, plugins or not) runs on it, and
 * a transaction opened inside becomes a savepoint. Nothing a caller writes can deadlock on itself.
 */
interface Slot {
  /** The transaction's connection while it is open; none before it is taken and after it is released. */
  connection?: DatabaseConnection;
  done?: boolean;
  /** Work to do once the transaction has committed (nothing if it rolls back). */
  afterCommit?: (() => void)[];
  /** A statement that may write has run in it (not only reads). */
  wrote?: boolean;
}

const slots = new AsyncLocalStorage<Slot>();
/** Outermost transactions open now, each in its own context. */
let open = 0;

/**
 * Statements every outermost transaction that wrote runs last, before it commits (none when unset):
 * the request's idempotency key is marked there (http/idempotency.ts), so it is kept exactly when the
 * write is. A throw rolls the transaction back.
 */
let lastInTransaction: ((trx: Kysely<any>) => Promise<void>) | undefined;

export function runLastInEveryTransaction(fn: ((trx: Kysely<any>) => Promise<void>) | undefined): void {
  lastInTransaction = fn;
}

/** Whether the current async context is inside a transaction opened by `inTransaction`. */
export function inTransactionNow(): boolean {
  return !!slots.getStore()?.connection;
}

/**
 * Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). Called
 * inside another transaction, it runs as a savepoint of it. The only way the server opens one.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (inTransactionNow()) return db.transaction().execute(fn); // a savepoint on the open one
  const slot: Slot = {};
  open++;
  try {
    return await slots.run(slot, async () => {
      const last = lastInTransaction;
      const result = await db.transaction().execute(last ? async (trx) => {
        const r = await fn(trx);
        if (slot.wrote) await last(trx as Kysely<any>);
        return r;
      } : fn);
      for (const run of slot.afterCommit ?? []) run();
      return result;
    });
  } finally {
    // While a store is enabled, Node runs a hook on every promise of the process (~5 % of a list
    // request). With no transaction open nothing reads it: work a context left running after its
    // transaction finds no store, as it would find its slot done. The next `run` enables it again.
    if (--open === 0) slots.disable();
  }
}

/**
 * Runs `fn` once the current context's transaction has committed (at once outside one): what
 * others are told about a write (a live notice) must not reach them before they can read it.
 */
export function afterCommit(fn: () => void): void {
  const slot = slots.getStore();
  if (!slot || slot.done) { fn(); return; }
  (slot.afterCommit ??= []).push(fn);
}

/** The database refused to serve within its limits (busy, timed out, unreachable): a 503, retry later. */
export class DatabaseBusyError extends Error {
  constructor(message = '数据库繁忙，请稍后重试') {
    super(message);
  }
}

/** The database cannot be reached at all (stopped, restarting, network lost): also a 503, said plainly. */
export class DatabaseUnavailableError extends DatabaseBusyError {
  constructor() {
    super('数据库暂时不可用，请稍后重试');
  }
}

/**
 * Error codes that mean "not now" rather than "this request is wrong": SQLite's busy lock,
 * PostgreSQL's statement/lock timeouts, deadlock, too many connections.
 */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', '57014', '55P03', '40P01', '53300']);

/** The server shutting down or starting, a connection lost, the host refusing or not answering. */
const UNAVAILABLE_CODES = new Set([
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
]);
const UNAVAILABLE_TEXT = /timeout exceeded when trying to connect|Connection terminated|not queryable|connection error/i;

function mapBusy(err: unknown): unknown {
  if (err instanceof DatabaseBusyError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && BUSY_CODES.has(code)) return new DatabaseBusyError();
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return new DatabaseUnavailableError();
  if (err instanceof Error && UNAVAILABLE_TEXT.test(err.message)) return new DatabaseUnavailableError();
  return err;
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** Whether a statement may change data: Kysely's writes, and raw SQL that is not a plain select nor savepoint work. */
function mayWrite(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (WRITE_NODES.has(kind)) return true;
  return !/^\s*(select|savepoint|release|rollback)\b/i.test(query.sql);
}

/** A connection as handed out: its own (released to the pool) or borrowed from the context's transaction. */
class TrackedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection, readonly borrowed: boolean, readonly owns?: Slot, readonly serves: Slot | undefined = owns) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.serves && !this.serves.wrote && mayWrite(query)) this.serves.wrote = true;
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (err) {
      throw mapBusy(err);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (err) {
      throw mapBusy(err);
    }
  }
}

/**
 * Callers waiting for a connection, failed by one sweeping timer rather than a timer each: nearly
 * all get theirs at once, and arming and clearing a timer for each of a list's two statements cost
 * ~2 % of the request. A caller is failed at most a tenth of the wait late, never early.
 */
class Deadlines {
  private readonly waiting = new Set<{ at: number; expire: () => void }>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly everyMs: number) {}

  /** `expire` runs once `at` has passed, unless the returned function is called first. */
  add(at: number, expire: () => void): () => void {
    const entry = { at, expire };
    this.waiting.add(entry);
    this.timer ??= setInterval(() => this.sweep(), this.everyMs);
    return () => this.waiting.delete(entry);
  }

  private sweep(): void {
    const now = Date.now();
    for (const entry of this.waiting) {
      if (entry.at > now) continue;
      this.waiting.delete(entry);
      entry.expire();
    }
    if (!this.waiting.size) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

class TransactionAwareDriver implements Driver {
  private readonly deadlines: Deadlines;

  constructor(private readonly inner: Driver, private readonly acquireTimeoutMs: number) {
    this.deadlines = new Deadlines(Math.max(5, Math.min(250, acquireTimeoutMs / 10)));
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const slot = slots.getStore();
    if (slot?.connection) return new TrackedConnection(slot.connection, true, undefined, slot);
    const connection = await this.acquireWithin();
    // The first connection a transaction's context takes is the transaction's own.
    if (slot && !slot.done && !slot.connection) {
      slot.connection = connection;
      return new TrackedConnection(connection, false, slot);
    }
    return new TrackedConnection(connection, false);
  }

  /** Waits for a connection at most acquireTimeoutMs; one that arrives later goes straight back. */
  private acquireWithin(): Promise<DatabaseConnection> {
    const pending = this.inner.acquireConnection().catch((err) => { throw mapBusy(err); });
    return new Promise((resolve, reject) => {
      let late = false;
      const cancel = this.deadlines.add(Date.now() + this.acquireTimeoutMs, () => {
        late = true;
        reject(new DatabaseBusyError());
        pending.then((c) => this.inner.releaseConnection(c), () => undefined);
      });
      pending.then((c) => { if (!late) { cancel(); resolve(c); } }, (err) => { cancel(); if (!late) reject(err); });
    });
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as TrackedConnection;
    if (c.borrowed) return this.nest(c, 'savepoint');
    return this.inner.beginTransaction(c.inner, settings).catch((err) => { throw mapBusy(err); });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    if (c.borrowed) return this.nest(c, 'release savepoint');
    return this.inner.commitTransaction(c.inner).catch((err) => { throw mapBusy(err); });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    if (c.borrowed) return this.nest(c, 'rollback to savepoint');
    return this.inner.rollbackTransaction(c.inner);
  }

  /**
   * A transaction opened inside another is a savepoint of it. One name serves every depth: both
   * databases release or roll back to the most recent savepoint of that name.
   */
  private async nest(c: TrackedConnection, command: 'savepoint' | 'release savepoint' | 'rollback to savepoint'): Promise<void> {
    await c.executeQuery(CompiledQuery.raw(`${command} nested`));
    if (command === 'rollback to savepoint') await c.executeQuery(CompiledQuery.raw('release savepoint nested'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as TrackedConnection;
    if (c.borrowed) return;
    if (c.owns) {
      // Work the context left running after its transaction must not use a pooled connection.
      c.owns.connection = undefined;
      c.owns.done = true;
    }
    await this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a Kysely dialect so its connections follow the context's transaction (see above) and wait a bounded time. */
export function transactionAware(dialect: Dialect, acquireTimeoutMs: number): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TransactionAwareDriver(dialect.createDriver(), acquireTimeoutMs),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
