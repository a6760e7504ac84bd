import { evaluate, multipleFields, ORDER_OPS, type LinkageCondition, type LinkageOp, type Values } from './linkage';
import type { PageSchema } from './types';
import { SYSTEM_FIELDS } from './types';

/**
 * Row marks: a list row is marked (a coloured tag, a tinted row) while its values meet every
 * condition of a mark — a task past its deadline and not done is 已逾期. The conditions are the
 * linkage rules' conditions, with two values resolved when the list is drawn: `$today`
 * (YYYY-MM-DD) and `$now` (YYYY-MM-DD HH:mm:ss).
 */
export type MarkTone = 'danger' | 'warning' | 'success' | 'info';

export interface RowMark {
  label: string;
  tone?: MarkTone;
  /** Every condition must hold. */
  when: LinkageCondition[];
}

export const MARK_TONES: MarkTone[] = ['danger', 'warning', 'success', 'info'];
const CLOCK_VALUES = ['$today', '$now'] as const;
const CLOCK_OPS = new Set<LinkageOp>([...ORDER_OPS, 'eq', 'ne']);

const pad = (n: number) => String(n).padStart(2, '0');
function clock(now: Date): Record<(typeof CLOCK_VALUES)[number], string> {
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { $today: today, $now: `${today} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}` };
}

/** The marks a row carries now, in declaration order. */
export function rowMarksOf(schema: Pick<PageSchema, 'fields' | 'rowMarks'>, row: Values, now = new Date()): RowMark[] {
  if (!schema.rowMarks?.length) return [];
  const values = clock(now);
  const multiple = multipleFields(schema.fields);
  const resolve = (c: LinkageCondition): LinkageCondition =>
    (typeof c.value === 'string' && c.value in values ? { ...c, value: values[c.value as keyof typeof values] } : c);
  return schema.rowMarks.filter((m) => m.when.every((c) => evaluate(resolve(c), row, multiple)));
}

/** What is wrong with a schema's marks: each condition names a readable field; `$today`/`$now` only compare with dates and times. */
export function rowMarksProblem(schema: Pick<PageSchema, 'fields' | 'rowMarks'>): { path: string; problem: string } | null {
  const fields = new Map([...SYSTEM_FIELDS, ...schema.fields].map((f) => [f.name, f]));
  for (const [i, mark] of (schema.rowMarks ?? []).entries()) {
    for (const [j, c] of mark.when.entries()) {
      const at = `/rowMarks/${i}/when/${j}`;
      const field = fields.get(c.field);
      if (!field) return { path: `${at}/field`, problem: `field "${c.field}" is not declared` };
      if (field.sensitive) return { path: `${at}/field`, problem: `field "${c.field}" is sensitive and cannot mark a row` };
      const clockValue = typeof c.value === 'string' && (CLOCK_VALUES as readonly string[]).includes(c.value);
      if (clockValue && (!CLOCK_OPS.has(c.op) || !['date', 'datetime'].includes(field.type))) {
        return { path: `${at}/value`, problem: `${c.value} only compares with a date or datetime field (eq, ne, gt, ge, lt, le)` };
      }
      const needsValue = c.op !== 'empty' && c.op !== 'notEmpty';
      if (needsValue !== (c.value !== undefined)) return { path: `${at}/value`, problem: needsValue ? `operator ${c.op} needs a value` : `operator ${c.op} takes no value` };
    }
  }
  return null;
}
