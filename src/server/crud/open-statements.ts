import { CompiledQuery, createQueryId } from 'kysely';
import type { Condition } from '../../schema/query.js';

/**
 * A value left open in a statement compiled once and run many times: each run binds its own. Building
 * and compiling a list's statements with Kysely cost about a sixth of a list request's time; a page
 * asks the same shape again and again with other values, so the engine compiles each shape once.
 * `derive` is the value as the statement uses it (a LIKE's text, an FTS match), computed at binding.
 */
export class Slot {
  constructor(readonly index: number, readonly derive?: (value: unknown) => unknown) {}
}

/** `fn(value)`, or for a slot, a slot that applies `fn` to the value bound to it. */
export function derive(value: unknown, fn: (value: never) => unknown): unknown {
  if (!(value instanceof Slot)) return fn(value as never);
  const inner = value.derive;
  return new Slot(value.index, inner ? (v) => fn(inner(v) as never) : (fn as (v: unknown) => unknown));
}

/** The statement with the given values bound to its slots (the values in their slots' order). */
export function bind(template: CompiledQuery, values: readonly unknown[]): CompiledQuery {
  const parameters = template.parameters.map((p) => (p instanceof Slot ? (p.derive ? p.derive(values[p.index]) : values[p.index]) : p));
  return { ...template, parameters, queryId: createQueryId() };
}

/** The statement without the operation tree it was compiled from: what a cache keeps (the drivers read only the text and the values). */
export const slim = (q: CompiledQuery): CompiledQuery => CompiledQuery.raw(q.sql, [...q.parameters]);

/**
 * A statement of fixed shape, built and compiled once per database handle: `build` gets a slot for
 * each named value, and each call binds its own values. For a module's hot route, whose statement
 * Kysely would otherwise build, freeze and compile again on every request (the notice bell spent a
 * third of its time so). Compiled once per handle because a handle's dialect decides the text.
 * Reads only: the plugins that watch writes (the session cache's guard, live notices) see a statement
 * when it is compiled, not each time it runs.
 */
export function compiledOnce<K extends string, D extends object>(names: readonly K[], build: (slots: Record<K, never>, db: D) => { compile(): CompiledQuery }) {
  const slots = Object.fromEntries(names.map((n, i) => [n, new Slot(i)])) as Record<K, never>;
  const templates = new WeakMap<D, CompiledQuery>();
  return (db: D, values: Record<K, unknown>): CompiledQuery => {
    let template = templates.get(db);
    if (!template) templates.set(db, (template = slim(build(slots, db).compile())));
    return bind(template, names.map((n) => values[n]));
  };
}

/**
 * Conditions with their values replaced by slots, and those values in slot order. Every value of a
 * list (`in`, `multi_like`) gets a slot of its own, so the list's length is part of the shape.
 */
export function openConditions(conditions: Condition[], values: unknown[]): Condition[] {
  const open = (v: string | number) => new Slot(values.push(v) - 1) as unknown as string;
  return conditions.map((c) => ({ ...c, value: Array.isArray(c.value) ? c.value.map(open) : open(c.value) }));
}

/** Most recently used compiled statements by the shape of the query that made them, at most `max`. */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max = 256) {}

  get(key: string, make: () => T): T {
    let entry = this.entries.get(key);
    if (entry !== undefined) this.entries.delete(key);
    else entry = make();
    this.entries.set(key, entry); // most recent last
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}
