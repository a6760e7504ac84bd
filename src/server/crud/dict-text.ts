import type { Kysely } from 'kysely';
import { areaText } from '../../schema/area.js';
import type { FieldSchema } from '../../schema/types.js';
import { dictOf } from '../../schema/views.js';
import { areaData } from '../area-data.js';
import type { DictService } from '../modules/dict/service.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown>;

const splitValues = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(','));

/**
 * Adds `<field>_dictText` to every row of a page: one lookup per dictionary field for the whole
 * page (never one per row). Multi-values are translated part by part; unknown parts stay as they are.
 * Area (`pca`) fields read through the bundled area data: `北京市/市辖区/东城区`, an unknown code as it is.
 */
export async function addDictText(db: Kysely<any>, dicts: DictService, fields: FieldSchema[], rows: Row[]): Promise<void> {
  if (!rows.length) return;
  for (const f of fields) {
    if (f.view === 'pca') {
      for (const row of rows) row[`${f.name}_dictText`] = areaCell(row[f.name]);
      continue;
    }
    const dict = dictOf(f);
    if (!dict) continue;
    const texts = new Map<string, string>();
    if (dict.code) {
      for (const item of (await dicts.items(dict.code)) ?? []) texts.set(item.value, item.text);
    } else if (dict.table && dict.text && dict.value) {
      const values = [...new Set(rows.flatMap((r) => splitValues(r[f.name])))];
      for (let i = 0; i < values.length; i += 500) {
        const found = await db.selectFrom(dict.table).select([`${dict.text} as text`, `${dict.value} as value`])
          .where(dict.value, 'in', values.slice(i, i + 500)).execute();
        for (const r of found) texts.set(String(r.value), String(r.text ?? ''));
      }
    }
    for (const row of rows) {
      const parts = splitValues(row[f.name]);
      row[`${f.name}_dictText`] = parts.length ? parts.map((p) => texts.get(p) ?? p).join(',') : null;
    }
  }
}

function areaCell(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return areaText(value, areaData()) ?? String(value);
}
