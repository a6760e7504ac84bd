import type { Kysely } from 'kysely';
import type { FieldSchema, PageSchema } from '../../src/schema/types.js';
import { formatDateTime } from '../../src/server/util/time.js';
import type { TestServer } from './server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Candidates for a patterned text field, tried in order: the first the pattern accepts is used. */
const PATTERN_CANDIDATES = (n: number) => [
  `sample_${n}`, `Sample${n}`, `sample`, 'abc', `${100000 + n}`.slice(-6), `13800${String(138000 + n).slice(-6)}`, `s${n}@example.cn`,
  `http://example.cn/${n}`, `/page/${n}`, 'jdbc:mysql://127.0.0.1:3306/db', 'bar', 'tab', 'a', 'S', `CN\${YYYYMMDD}\${seq:4}`,
];

function textFor(f: FieldSchema, n: number): string | undefined {
  if (f.view === 'password') return 'Sample@2025x';
  if (!f.pattern) return `样例${n}`.slice(0, f.length ?? 50);
  const re = new RegExp(f.pattern);
  return PATTERN_CANDIDATES(n).find((c) => re.test(c) && c.length <= (f.length ?? 255));
}

/** A value of the field's dictionary: its first item, or the first value of its table. */
async function dictValue(s: TestServer, f: FieldSchema): Promise<string | undefined> {
  if (f.dict?.code) return (await s.app.ctx.dicts.items(f.dict.code))?.[0]?.value;
  if (f.dict?.table && f.dict.value) {
    let q = (s.db as unknown as Kysely<any>).selectFrom(f.dict.table).select(f.dict.value);
    // A choice the form offers (`extend.offer`: the contest taking declarations now), as a person picks it.
    const offer = (f.extend as { offer?: Record<string, unknown> } | undefined)?.offer ?? {};
    const now = formatDateTime();
    for (const [column, cond] of Object.entries(offer)) {
      if (cond && typeof cond === 'object') {
        for (const [op, v] of Object.entries(cond)) q = q.where(column, op as '<=' | '>=', v === '$now' ? now : v);
      } else q = q.where(column, '=', cond);
    }
    const row = await q.limit(1).executeTakeFirst();
    return row ? String(row[f.dict.value]) : undefined;
  }
  return undefined;
}

/**
 * A body the page's add route should accept: every form field that is required or has a
 * dictionary gets a plausible value of its type, view and pattern (`n` keeps unique fields apart).
 */
export async function sampleRow(s: TestServer, schema: PageSchema, n: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const f of schema.fields) {
    if (f.form === false || f.readonly || f.sensitive && f.view !== 'password') continue;
    if (!f.required && !f.dict && !f.virtual) continue;
    const fromDict = await dictValue(s, f);
    let value: unknown;
    if (fromDict !== undefined) value = ['int', 'long'].includes(f.type) ? Number(fromDict) : fromDict;
    else if (f.view === 'sel_user') value = 'admin';
    else if (f.view === 'switch') value = 'Y';
    else if (['int', 'long', 'double', 'decimal'].includes(f.type)) value = Math.max(1, f.min ?? 1);
    else if (f.type === 'date') value = '2025-05-01';
    else if (f.type === 'datetime') value = '2025-05-01 10:00:00';
    else if (f.type === 'time') value = '10:00:00';
    else if (f.type === 'boolean') value = true;
    else value = textFor(f, n);
    if (value !== undefined && (f.required || fromDict !== undefined)) body[f.name] = value;
  }
  return body;
}

/** The schemas a signed-in administrator can write through the engine's own add route. */
export function writableSchemas(s: TestServer): PageSchema[] {
  return s.app.ctx.schemas.schemas.filter((schema) => schema.features?.add !== false);
}

/** `field` and `field_dictText` values of a listed row, without the read-only decorations. */
export function editableCopy(schema: PageSchema, row: Record<string, unknown>): Record<string, unknown> {
  const declared = new Map(schema.fields.map((f) => [f.name, f]));
  return Object.fromEntries(Object.entries(row).filter(([k]) => {
    const f = declared.get(k);
    return k === 'id' || (f && f.form !== false && !f.readonly && !f.sensitive && !f.virtual);
  }));
}
