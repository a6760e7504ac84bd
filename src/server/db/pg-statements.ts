import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many statements one connection keeps prepared before it lets them all go (DEALLOCATE ALL) and starts again. */
export const PREPARED_PER_CONNECTION = 300;
const MAX_NAMES = 10_000;
/** Statements worth preparing: the application's reads and writes, not DDL, transaction control or settings. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** DDL that may change what a prepared statement answers (its columns). */
const CHANGES_RESULTS = /^\s*(alter|drop|create\s+or\s+replace)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;

type Client = pg.PoolClient & { connection: { parsedStatements: Record<string, string>; submittedNamedStatements?: Record<string, string> } };
type Query = (text: unknown, values?: unknown, callback?: unknown) => Promise<pg.QueryResult>;

/**
 * PostgreSQL parses, analyses and rewrites each unnamed statement it is sent, every time; a named one
 * is parsed once per connection and then only bound and run, which took a pair of list statements
 * from ~1,600 to ~2,200 a second on this machine. So each pooled connection sends the application's
 * statements named by a hash of their text. PostgreSQL plans them as it does any prepared statement
 * (plan_cache_mode auto): for each call's values the first five times, then once for all only when
 * that plan is estimated no dearer. This is how PgJDBC's server-prepared statements, which the
 * JeecgBoot Java server runs on, are planned; planning each call anyway (force_custom_plan) left the
 * notice bell's join at ~280 requests a second against ~450.
 *
 * DDL can change a prepared `select *`'s columns, which PostgreSQL refuses to answer ("cached plan must
 * not change result type"). DDL this process sends moves every connection to new names; another
 * instance's is found by that error, and the statement is prepared anew under a new name (run again at
 * once outside a transaction; inside one the error stands, as the transaction is aborted). A connection
 * that has prepared PREPARED_PER_CONNECTION statements lets them all go, which bounds the server's memory
 * when statement texts vary (IN lists of many lengths).
 */
export function preparingStatements(pool: pg.Pool): void {
  const shared = { epoch: 0, hashes: new Map<string, string>() };
  pool.on('connect', (client) => prepareOn(client as Client, shared));
}

function prepareOn(client: Client, shared: { epoch: number; hashes: Map<string, string> }): void {
  // node-postgres's record of a connection's prepared statements (pg 8): without it, statements go unnamed as before.
  if (typeof client.connection?.parsedStatements !== 'object') return;
  const query = client.query.bind(client) as Query;
  let prepared = 0;
  let inTransaction = false;

  const nameOf = (text: string) => {
    let hash = shared.hashes.get(text);
    if (hash === undefined) {
      if (shared.hashes.size >= MAX_NAMES) shared.hashes.clear();
      shared.hashes.set(text, (hash = createHash('sha1').update(text).digest('base64url').slice(0, 22)));
    }
    return `s${shared.epoch}_${hash}`;
  };

  const isPrepared = (name: string) => name in client.connection.parsedStatements || name in (client.connection.submittedNamedStatements ?? {});

  async function named(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (prepared >= PREPARED_PER_CONNECTION && !inTransaction) {
      await query('deallocate all');
      client.connection.parsedStatements = {};
      if (client.connection.submittedNamedStatements) client.connection.submittedNamedStatements = {};
      prepared = 0;
    }
    const name = nameOf(text);
    if (!isPrepared(name)) prepared++;
    try {
      return await query({ name, text, values });
    } catch (err) {
      if ((err as { code?: string }).code !== '0A000' || !String((err as Error).message).includes('cached plan must not change result type')) throw err;
      shared.epoch++;
      if (inTransaction) throw err;
      prepared++;
      return query({ name: nameOf(text), text, values });
    }
  }

  client.query = function (text: unknown, values?: unknown, callback?: unknown) {
    if (typeof text !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values))) return query(text, values, callback);
    if (TRANSACTION_START.test(text)) inTransaction = true;
    else if (TRANSACTION_END.test(text)) inTransaction = false;
    else if (CHANGES_RESULTS.test(text)) shared.epoch++;
    // A text of several statements (sent without values, on the simple protocol) cannot be prepared.
    return PREPARABLE.test(text) && !text.includes(';') ? named(text, (values as unknown[] | undefined) ?? []) : query(text, values);
  } as typeof client.query;
}
