// Deterministic bench data: the same schemas, rows and dictionaries on every load of every case.
import type { DictItem } from '../../../src/web/api/types';
import type { FieldSchema, PageSchema } from '../../../src/schema/types';

/** mulberry32: a small seeded PRNG, so every load builds identical data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['项目', '申报', '评审', '企业', '成果', '专家', '赛道', '团队', '资金', '孵化', 'alpha', 'beta', 'gamma', 'delta', 'omega'];
const pad = (n: number, w: number) => String(n).padStart(w, '0');

export const DICT_CODES = ['bench_status', 'bench_level', 'bench_region', 'bench_kind', 'bench_stage'];
/** Six items per dictionary, as the login's `sysAllDictItems` would deliver them. */
export const DICTS: Record<string, DictItem[]> = Object.fromEntries(
  DICT_CODES.map((code, d) => [code, Array.from({ length: 6 }, (_, i) => ({ value: String(i + 1), text: `${WORDS[(d + i) % 10]}${i + 1}` }))]),
);

// ---- list page: 50 columns × 100 rows --------------------------------------------------------

/** Column kind by position: mostly short text, some long text (remarks), numbers, dates, dictionaries. */
type TableKind = 'text' | 'long' | 'int' | 'decimal' | 'date' | 'datetime' | 'dict';
const TABLE_KINDS: TableKind[] = ['text', 'text', 'int', 'text', 'date', 'dict', 'text', 'decimal', 'long', 'datetime'];
export const tableKind = (i: number): TableKind => TABLE_KINDS[i % TABLE_KINDS.length];

function tableField(i: number): FieldSchema {
  const name = `c${pad(i + 1, 2)}`;
  const label = `列${pad(i + 1, 2)}`;
  switch (tableKind(i)) {
    case 'text': return { name, label, type: 'string', length: 64, view: 'text' };
    case 'long': return { name, label, type: 'string', length: 500, view: 'text' };
    case 'int': return { name, label, type: 'int', view: 'number' };
    case 'decimal': return { name, label, type: 'decimal', length: 12, scale: 2, view: 'number' };
    case 'date': return { name, label, type: 'date', view: 'date' };
    case 'datetime': return { name, label, type: 'datetime', view: 'datetime' };
    case 'dict': return { name, label, type: 'string', length: 8, view: 'list', dict: { code: DICT_CODES[Math.floor(i / 10) % DICT_CODES.length] } };
  }
}

export const tableSchema: PageSchema = {
  code: 'bench_table', title: '基准列表', table: 'bench_table', api: '/bench/table',
  fields: Array.from({ length: 50 }, (_, i) => tableField(i)),
};

function text(r: () => number, min: number, max: number): string {
  let s = '';
  const len = min + Math.floor(r() * (max - min + 1));
  while ([...s].length < len) s += WORDS[Math.floor(r() * WORDS.length)];
  return [...s].slice(0, len).join('');
}

/** 100 rows as the list API answers them: dictionary columns carry `<field>_dictText`. */
export const tableRows: Record<string, unknown>[] = (() => {
  const r = rng(20261121);
  return Array.from({ length: 100 }, (_, n) => {
    const row: Record<string, unknown> = { id: `row${pad(n + 1, 3)}` };
    tableSchema.fields.forEach((f, i) => {
      switch (tableKind(i)) {
        case 'text': row[f.name] = text(r, 2, 12); break;
        case 'long': row[f.name] = text(r, 10, 60); break; // about 70 % are over the 25-character cut
        case 'int': row[f.name] = Math.floor(r() * 100000); break;
        case 'decimal': row[f.name] = Math.round(r() * 1e7) / 100; break;
        case 'date': row[f.name] = `2026-${pad(1 + Math.floor(r() * 12), 2)}-${pad(1 + Math.floor(r() * 28), 2)}`; break;
        case 'datetime': row[f.name] = `2026-${pad(1 + Math.floor(r() * 12), 2)}-${pad(1 + Math.floor(r() * 28), 2)} ${pad(Math.floor(r() * 24), 2)}:${pad(Math.floor(r() * 60), 2)}:00`; break;
        case 'dict': {
          const items = DICTS[f.dict!.code!];
          const item = items[Math.floor(r() * items.length)];
          row[f.name] = item.value;
          row[`${f.name}_dictText`] = item.text;
          break;
        }
      }
    });
    return row;
  });
})();

/**
 * Variants for finding out where the generic table's time goes (`?variant=a,b`), never used for
 * the headline figures: `nosort` declares every column unsortable (no sorter header, no header
 * tooltip); `short` cuts the long texts to 25 characters (no cell tooltip); `lazytip` (cases/lazytip.tsx)
 * mounts a long cell's tooltip on first hover; `sort` gives the hand-written table's columns sorters.
 */
export const variants = new Set((new URLSearchParams(location.search).get('variant') ?? '').split(/[+, ]/).filter(Boolean));

export const variantSchema: PageSchema = variants.has('nosort') ? { ...tableSchema, fields: tableSchema.fields.map((f) => ({ ...f, sortable: false })) } : tableSchema;
export const variantRows = variants.has('short')
  ? tableRows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? [...v].slice(0, 25).join('') : v])))
  : tableRows;

// ---- form: 2,000 fields ----------------------------------------------------------------------

/** Field kind by position: 80 % text, 5 % each integer, decimal, date and dictionary select. */
type FormKind = 'text' | 'int' | 'decimal' | 'date' | 'dict';
export function formKind(i: number): FormKind {
  switch (i % 20) {
    case 3: return 'int';
    case 8: return 'date';
    case 13: return 'dict';
    case 17: return 'decimal';
    default: return 'text';
  }
}

export const FORM_FIELDS = 2000;
/** The field typed into: #1000 (1-based), a text field. */
export const TYPED_FIELD = `f${pad(1000, 4)}`;
/** The last field: when its input is in the DOM the whole form is. */
export const LAST_FIELD = `f${pad(FORM_FIELDS, 4)}`;

function formField(i: number): FieldSchema {
  const name = `f${pad(i + 1, 4)}`;
  const label = `字段${pad(i + 1, 4)}`;
  const required = i % 50 === 0;
  switch (formKind(i)) {
    case 'text': return { name, label, type: 'string', length: 64, view: 'text', required };
    case 'int': return { name, label, type: 'int', view: 'number', required };
    case 'decimal': return { name, label, type: 'decimal', length: 12, scale: 2, view: 'number', required };
    case 'date': return { name, label, type: 'date', view: 'date', required };
    case 'dict': return { name, label, type: 'string', length: 8, view: 'list', dict: { code: DICT_CODES[i % DICT_CODES.length] }, required };
  }
}

export const formSchema: PageSchema = {
  code: 'bench_form', title: '基准表单', table: 'bench_form', api: '/bench/form',
  fields: Array.from({ length: FORM_FIELDS }, (_, i) => formField(i)),
};

// ---- big page: 1,000 rows × 10 columns (virtual table past 100 rows, issue 17) ------------------

export const BIG_ROWS = 1000;
/** The first 10 columns of the list schema. */
export const bigSchema: PageSchema = { ...tableSchema, code: 'bench_big', fields: tableSchema.fields.slice(0, 10) };
/** 1,000 rows: the 100 list rows repeated with their own ids. */
export const bigRows: Record<string, unknown>[] = Array.from({ length: BIG_ROWS }, (_, n) => ({ ...tableRows[n % tableRows.length], id: `big${pad(n + 1, 4)}` }));
