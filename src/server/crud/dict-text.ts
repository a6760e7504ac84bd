import { sql, type Kysely } from 'kysely';
import { areaText } from '../../schema/area.js';
import type { FieldSchema } from '../../schema/types.js';
import { dictOf } from '../../schema/views.js';
import { areaData } from '../area-data.js';
import { textOfValue, type DictService } from '../modules/dict/service.js';
import { tableTextsOf } from './table-texts.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown>;

const NO_TEXTS: ReadonlyMap<string, string> = new Map();
const splitValues = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(','));

/**
 * Adds `<field>_dictText` to every row of a page, with no per-row lookups: code dictionaries from the
 * dictionary cache, and every table dictionary of the page from the texts kept a moment
 * (table-texts.ts), the others in one statement (a UNION ALL of one `value in (…)` per field). Multi-values are translated part by part; unknown parts stay as they are.
 * Area (`pca`) fields read through the bundled area data: `北京市/市辖区/东城区`, an unknown code as it is.
 */
export async function addDictText(db: Kysely<any>, dicts: DictService, fields: FieldSchema[], rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const kept = tableTextsOf(db);
  const translated: { f: FieldSchema; texts: ReadonlyMap<string, string> }[] = [];
  const lookups: { texts: Map<string, string>; table: string; text: string; value: string; values: string[]; generation: number }[] = [];
  for (const f of fields) {
    if (f.view === 'pca') {
      for (const row of rows) row[`${f.name}_dictText`] = areaCell(row[f.name]);
      continue;
    }
    const dict = dictOf(f);
    if (!dict) continue;
    if (dict.code) {
      translated.push({ f, texts: (await dicts.texts(dict.code)) ?? NO_TEXTS });
    } else if (dict.table && dict.text && dict.value) {
      const { table, text, value } = dict;
      const wanted = [...new Set(rows.flatMap((r) => splitValues(r[f.name])))];
      // The texts read a moment ago are kept (table-texts.ts); only the others are read.
      const { texts, missing } = kept ? kept.lookup(table, text, value, wanted) : { texts: new Map<string, string>(), missing: wanted };
      const generation = kept?.generation(table) ?? 0;
      for (let i = 0; i < missing.length; i += 500) lookups.push({ texts, table, text, value, values: missing.slice(i, i + 500), generation });
      translated.push({ f, texts });
    } else translated.push({ f, texts: NO_TEXTS });
  }
  if (lookups.length) {
    // Values compared as text on both sides: a dictionary's value column may be a number.
    const part = (l: (typeof lookups)[number], k: number) => db.selectFrom(l.table)
      .select([sql.lit(k).as('k'), sql<string>`cast(${sql.ref(l.text)} as text)`.as('text'), sql<string>`cast(${sql.ref(l.value)} as text)`.as('value')])
      .where(l.value, 'in', l.values);
    let q = part(lookups[0], 0);
    for (let k = 1; k < lookups.length; k++) q = q.unionAll(part(lookups[k], k));
    const read = lookups.map(() => new Map<string, string>());
    for (const r of await q.execute()) read[Number(r.k)].set(String(r.value), String(r.text ?? ''));
    lookups.forEach((l, k) => {
      for (const [v, t] of read[k]) l.texts.set(v, t);
      kept?.store(l.table, l.text, l.value, l.generation, read[k]);
    });
  }
  for (const { f, texts } of translated) {
    const key = `${f.name}_dictText`;
    for (const row of rows) row[key] = textOfValue(texts, row[f.name]);
  }
}

function areaCell(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return areaText(value, areaData()) ?? String(value);
}
