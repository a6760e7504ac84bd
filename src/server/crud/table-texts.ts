import type { Kysely } from 'kysely';
import { snakeCase } from '../../schema/types.js';
import { ForgetOnWrite, pluginOf } from '../db/forget-on-write.js';
import { inTransactionNow } from '../db/transaction.js';

/** How long a table dictionary's text is answered again without reading it: another instance's writes are seen within it. */
export const TABLE_TEXT_TTL_MS = 10_000;
/** Texts kept per dictionary (table, text and value columns); past it that dictionary starts again. */
const MAX_PER_DICT = 50_000;

interface Dict { table: string; texts: Map<string, { text: string; until: number }> }

/**
 * The texts of table dictionaries (a project's name for its id, a user's real name for the username),
 * kept a few seconds by value. A list translates the same few values on every request (its contest,
 * its experts): asking the database each time was a statement per request, a fifth of a list's time on
 * the contest's pages. A write to a dictionary's table through this handle (insert, update, delete)
 * forgets its texts at once and again when it commits, and a lookup that began before a write keeps
 * nothing (generations); another instance's writes are seen within the TTL, as broad totals' are
 * (broad-totals.ts). Nothing is kept from inside a transaction, which may yet roll back, nor a value
 * with no row (its row may be inserted next).
 *
 * It rides on the application's database handle as a plugin (db/forget-on-write.ts); `tableTextsOf(db)`
 * finds it from any handle.
 */
export class TableTexts extends ForgetOnWrite {
  private readonly dicts = new Map<string, Dict>();
  /** Bumped by every write to a table: a lookup started under an older generation stores nothing. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly ttlMs = TABLE_TEXT_TTL_MS) {
    super();
  }

  generation(table: string): number {
    return this.generations.get(snakeCase(table)) ?? 0;
  }

  /** The kept texts of `values` in the dictionary, and the values to read. */
  lookup(table: string, text: string, value: string, values: readonly string[], now = Date.now()): { texts: Map<string, string>; missing: string[] } {
    const dict = this.dicts.get(`${snakeCase(table)}|${text}|${value}`);
    const texts = new Map<string, string>(), missing: string[] = [];
    for (const v of values) {
      const kept = dict?.texts.get(v);
      if (kept && kept.until > now) texts.set(v, kept.text);
      else missing.push(v);
    }
    return { texts, missing };
  }

  /** Keeps texts read under generation `generation` of the table, unless it has been written since or this is a transaction. */
  store(table: string, text: string, value: string, generation: number, read: ReadonlyMap<string, string>, now = Date.now()): void {
    if (this.ttlMs <= 0 || !read.size || inTransactionNow() || this.generation(table) !== generation) return;
    const key = `${snakeCase(table)}|${text}|${value}`;
    let dict = this.dicts.get(key);
    if (!dict || dict.texts.size + read.size > MAX_PER_DICT) this.dicts.set(key, (dict = { table: snakeCase(table), texts: new Map() }));
    for (const [v, t] of read) dict.texts.set(v, { text: t, until: now + this.ttlMs });
  }

  override forget(tables: readonly string[]): void {
    for (const name of new Set(tables.map(snakeCase))) {
      this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
      for (const [key, dict] of this.dicts) if (dict.table === name) this.dicts.delete(key);
    }
  }

}

/** The handle's kept dictionary texts, if its application keeps them. */
export const tableTextsOf = (db: Kysely<any>) => pluginOf(db, TableTexts); // eslint-disable-line @typescript-eslint/no-explicit-any
