import type pg from 'pg';

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * node-postgres (8.23) answers `client.query(text, values)` without a callback with a promise it makes
 * itself, and in that form each answer's rows stay reachable across V8's young-generation collections,
 * so a long read moves nearly all it reads into the old generation: 300,000 rows read 500 to a statement
 * promoted 137 MB that way against 4 MB through the callback form (a standalone read, `--trace-gc-nvp`),
 * and a 300,000-row export's RSS grew +150 to +176 MB where it now grows +79 MB (list-shapes bench).
 * Kysely calls the promise form, so each pooled connection's `query` answers a promise of its own over
 * the callback form. A call with a callback (an argument, or the config's own), and a submittable (a
 * cursor), go through as they are.
 *
 * Registered before anything else that wraps a connection's `query` (pg-statements.ts), so those calls
 * reach node-postgres through this one.
 */
export function queryingByCallback(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    client.query = function (config: unknown, values?: unknown, callback?: unknown) {
      const own = config as { submit?: unknown; callback?: unknown } | null;
      const answered = typeof own?.submit === 'function' || typeof own?.callback === 'function';
      if (callback !== undefined || typeof values === 'function' || answered) return query(config, values, callback);
      return new Promise((resolve, reject) => {
        query(config, values, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)));
      });
    } as typeof client.query;
  });
}
