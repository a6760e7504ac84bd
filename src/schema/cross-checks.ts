import type { FieldSchema, PageSchema } from './types';

/**
 * Cross-field checks: one field's value ordered against another's (an end not before its start, a
 * declaration window inside the contest's dates). Data in the page schema, checked by the server on
 * every add, edit and import, and shown by the form under the field as it is typed, from the same
 * functions. A check holds while either value is empty: `required` says whether one must be given.
 */
export type CrossOp = 'gt' | 'ge' | 'lt' | 'le';

export interface CrossCheck {
  /** The field the check is about, where the form shows its message. */
  field: string;
  op: CrossOp;
  /** The field it is ordered against. */
  than: string;
  /** What the refusal says; by default it names both fields (「申报截止」不能晚于「结束日期」). */
  message?: string;
}

export const CROSS_OPS: CrossOp[] = ['gt', 'ge', 'lt', 'le'];

/**
 * Numeric fields whose values must add up to a total (the kinds of assessor's weights: 100%). The
 * form marks them all and says the running sum under the last while it is wrong; an empty one counts 0.
 */
export interface SumCheck {
  fields: string[];
  equals: number;
  /** What the sum is called in the message: 「各类评价人权重合计须为100%，当前为70%」. */
  label: string;
  /** Written after each figure (%). */
  unit?: string;
}

const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);
const DATED = new Set(['date', 'datetime']);

type Values = Record<string, unknown>;

const empty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * How a value of field `a` compares with one of `b`: numbers as numbers; a date and a date-time at
 * the day (a declaration closing at 18:00 on the contest's last day is within it); else as their
 * fixed-width text. Undefined when either is empty or not comparable.
 */
function compare(a: unknown, b: unknown, fa: FieldSchema, fb: FieldSchema): number | undefined {
  if (empty(a) || empty(b)) return undefined;
  if (NUMERIC.has(fa.type)) {
    const x = Number(a), y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) ? x - y : undefined;
  }
  let s = String(a), t = String(b);
  if (fa.type !== fb.type && DATED.has(fa.type) && DATED.has(fb.type)) { s = s.slice(0, 10); t = t.slice(0, 10); }
  return s < t ? -1 : s > t ? 1 : 0;
}

const holds = (op: CrossOp, d: number) => (op === 'gt' ? d > 0 : op === 'ge' ? d >= 0 : op === 'lt' ? d < 0 : d <= 0);

const WORDS: Record<'time' | 'number', Record<CrossOp, string>> = {
  time: { gt: '须晚于', ge: '不能早于', lt: '须早于', le: '不能晚于' },
  number: { gt: '须大于', ge: '不能小于', lt: '须小于', le: '不能大于' },
};

/** The refusal of a check, naming both fields by their labels. */
export function crossCheckMessage(c: CrossCheck, fa: FieldSchema, fb: FieldSchema): string {
  return c.message ?? `「${fa.label}」${WORDS[NUMERIC.has(fa.type) ? 'number' : 'time'][c.op]}「${fb.label}」`;
}

export interface CrossProblem { field: string; message: string }

/**
 * Every check the values break, in the schema's order (a person fixes them all at once). `only`:
 * just the checks naming one of these fields (an edit that sends some fields is not refused for a
 * stored pair it does not touch).
 */
export function crossProblems(schema: Pick<PageSchema, 'fields' | 'crossChecks' | 'sumChecks'>, values: Values, only?: ReadonlySet<string>): CrossProblem[] {
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const out: CrossProblem[] = [];
  for (const c of schema.crossChecks ?? []) {
    if (only && !only.has(c.field) && !only.has(c.than)) continue;
    const fa = byName.get(c.field), fb = byName.get(c.than);
    if (!fa || !fb) continue;
    const d = compare(values[c.field], values[c.than], fa, fb);
    if (d !== undefined && !holds(c.op, d)) out.push({ field: c.field, message: crossCheckMessage(c, fa, fb) });
  }
  for (const c of schema.sumChecks ?? []) {
    if (only && !c.fields.some((f) => only.has(f))) continue;
    const total = sumOf(c.fields.map((f) => values[f]));
    if (total === undefined || Math.abs(total - c.equals) < 1e-9) continue;
    // Every field is marked; the last says why, with the running sum.
    c.fields.forEach((f, i) => out.push({ field: f, message: i === c.fields.length - 1 ? `${c.label}合计须为${c.equals}${c.unit ?? ''}，当前为${total}${c.unit ?? ''}` : '' }));
  }
  return out;
}

/** The sum of numeric values, an empty one counting 0 (one decimal kept); undefined when one is not a number. */
function sumOf(values: unknown[]): number | undefined {
  let total = 0;
  for (const v of values) {
    if (empty(v)) continue;
    const n = Number(v);
    if (!Number.isFinite(n)) return undefined;
    total += n;
  }
  return Math.round(total * 1000) / 1000;
}

/** Why a schema's checks cannot hold, or null: both fields declared, in the form, of types that order alike. */
export function crossChecksProblem(schema: Pick<PageSchema, 'fields' | 'crossChecks' | 'sumChecks'>): { path: string; problem: string } | null {
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const kind = (f: FieldSchema) => (NUMERIC.has(f.type) ? 'number' : DATED.has(f.type) ? 'date' : f.type === 'time' ? 'time' : null);
  for (const [i, c] of (schema.crossChecks ?? []).entries()) {
    for (const key of ['field', 'than'] as const) {
      const f = byName.get(c[key]);
      if (!f || f.virtual) return { path: `/crossChecks/${i}/${key}`, problem: `field "${c[key]}" is not a declared column` };
      if (f.form === false) return { path: `/crossChecks/${i}/${key}`, problem: `field "${c[key]}" is not in the form` };
      if (!kind(f)) return { path: `/crossChecks/${i}/${key}`, problem: `field "${f.name}" is of type ${f.type}: only numbers, dates and times are ordered` };
    }
    if (c.field === c.than) return { path: `/crossChecks/${i}/than`, problem: 'a field cannot be checked against itself' };
    if (kind(byName.get(c.field)!) !== kind(byName.get(c.than)!)) {
      return { path: `/crossChecks/${i}/than`, problem: `"${c.field}" (${byName.get(c.field)!.type}) and "${c.than}" (${byName.get(c.than)!.type}) do not order alike` };
    }
  }
  for (const [i, c] of (schema.sumChecks ?? []).entries()) {
    for (const [j, name] of c.fields.entries()) {
      const f = byName.get(name);
      if (!f || f.virtual) return { path: `/sumChecks/${i}/fields/${j}`, problem: `field "${name}" is not a declared column` };
      if (f.form === false) return { path: `/sumChecks/${i}/fields/${j}`, problem: `field "${name}" is not in the form` };
      if (!NUMERIC.has(f.type)) return { path: `/sumChecks/${i}/fields/${j}`, problem: `field "${name}" is of type ${f.type}: only numbers are summed` };
    }
  }
  return null;
}
