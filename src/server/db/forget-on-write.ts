import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterCommit } from './transaction.js';
import { writtenTables, type Write } from './written-tables.js';

/**
 * What the application keeps in memory about tables (broad totals, dictionary texts), riding on its
 * database handle as a Kysely plugin so it sees every write built with Kysely: a write to a table
 * makes the subclass forget what it keeps of it at once, and again once the write commits (a read
 * between the write and its commit saw the rows unchanged). Raw SQL is not seen.
 */
export abstract class ForgetOnWrite implements KyselyPlugin {
  /** The tables of the writes under way, by query. */
  private readonly writes = new WeakMap<object, string[]>();

  /** Forgets what is kept of these tables (named as a statement spells them, before or after camel case). */
  abstract forget(tables: readonly string[]): void;

  /** Whether this write makes what is kept stale; every write, unless a subclass knows better. */
  protected staleAfter(_write: Write): boolean {
    return true;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const write = writtenTables(node);
    if (write && this.staleAfter(write)) {
      this.writes.set(queryId, write.tables);
      this.forget(write.tables);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.writes.get(queryId);
    if (tables) afterCommit(() => this.forget(tables));
    return result;
  }
}

const found = new WeakMap<object, Map<Function, ForgetOnWrite | null>>(); // eslint-disable-line @typescript-eslint/no-unsafe-function-type

/** The plugin of class `kind` on this handle (any handle of the application), if it has one. */
export function pluginOf<T extends ForgetOnWrite>(db: Kysely<any>, kind: abstract new (...args: never[]) => T): T | undefined { // eslint-disable-line @typescript-eslint/no-explicit-any
  // getExecutor is marked internal in Kysely's types but is how a handle exposes its plugins.
  const executor = db.getExecutor();
  let byKind = found.get(executor);
  if (!byKind) found.set(executor, (byKind = new Map()));
  let plugin = byKind.get(kind);
  if (plugin === undefined) byKind.set(kind, (plugin = (executor.plugins.find((p) => p instanceof kind) as T | undefined) ?? null));
  return (plugin as T | null) ?? undefined;
}
