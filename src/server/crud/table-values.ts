import { sql, type Kysely } from 'kysely';
import type { FieldSchema } from '../../schema/types.js';
import { dictOf } from '../../schema/views.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown>;

/** One table dictionary's rows among a sheet's cells: its values, and the values of each text. */
export interface TableValues {
  values: Set<string>;
  byText: Map<string, string[]>;
}

const parts = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(',').map((p) => p.trim()).filter(Boolean));

/**
 * For each field on a table dictionary (a contest, a category), the rows of its table that the
 * sheet's cells name, by value or by text: an export writes a table dictionary's text (the contest's
 * name for its id), so its import reads either. One statement per field and 500 cells.
 */
export async function tableValuesOf(db: Kysely<any>, fields: FieldSchema[], rows: Row[]): Promise<Map<string, TableValues>> {
  const out = new Map<string, TableValues>();
  for (const f of fields) {
    const dict = dictOf(f);
    if (!dict?.table || !dict.text || !dict.value || dict.code) continue;
    const { table, text, value } = dict;
    // A category field reads its own tree (extend.pcode): a name may recur in another one.
    const tree = f.view === 'cat_tree' && typeof f.extend?.pcode === 'string' ? f.extend.pcode : undefined;
    const wanted = [...new Set(rows.flatMap((r) => parts(r[f.name])))];
    const found: TableValues = { values: new Set(), byText: new Map() };
    for (let i = 0; i < wanted.length; i += 500) {
      const some = wanted.slice(i, i + 500);
      // Compared as text on both sides: a dictionary's value column may be a number.
      const asText = (column: string) => sql<string>`cast(${sql.ref(column)} as text)`;
      let q = db.selectFrom(table).select([asText(value).as('value'), asText(text).as('text')])
        .where((eb) => eb.or([eb(asText(text), 'in', some), eb(asText(value), 'in', some)]));
      if (tree) q = q.where('code', 'like', `${tree}%`);
      const read = await q.execute();
      for (const r of read as { value: string; text: string | null }[]) {
        found.values.add(String(r.value));
        if (r.text === null) continue;
        const same = found.byText.get(String(r.text)) ?? [];
        if (!same.includes(String(r.value))) same.push(String(r.value));
        found.byText.set(String(r.text), same);
      }
    }
    out.set(f.name, found);
  }
  return out;
}

/**
 * A cell of a table dictionary field as values: each part that is a value stays, a text becomes its
 * value; a text that several rows share is a problem (which one is meant is not known), an unknown
 * part stays as it is (the page's own checks judge it).
 */
export function cellValues(f: FieldSchema, cell: unknown, known: TableValues): { value: unknown; problem?: string } {
  const ps = parts(cell);
  if (!ps.length) return { value: cell };
  const out: string[] = [];
  for (const p of ps) {
    const named = known.byText.get(p);
    if (known.values.has(p) || !named) out.push(p);
    else if (named.length === 1) out.push(named[0]);
    else return { value: cell, problem: `${f.label}「${p.slice(0, 40)}」对应${named.length}条记录，请填写其编号` };
  }
  return { value: out.join(',') };
}
