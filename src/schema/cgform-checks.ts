import { CROSS_OPS, type CrossCheck, type CrossOp, type SumCheck } from './cross-checks';
import { snakeCase, type FieldSchema, type PageSchema } from './types';

/**
 * Cross-field checks and sum checks (cross-checks.ts) as the designer holds them in the head
 * (`head.crossChecks`, `head.sumChecks`): database field names, as the field grid shows them.
 */
export interface DesignCrossCheck { field?: string; op?: string; than?: string; message?: string }
export interface DesignSumCheck { fields?: string[]; equals?: number | string; label?: string; unit?: string }

const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);
const DATED = new Set(['date', 'datetime']);

/** How a field's values order: the check compares only fields of one kind. */
export const orderKind = (f: Pick<FieldSchema, 'type'>): 'number' | 'date' | 'time' | null =>
  (NUMERIC.has(f.type) ? 'number' : DATED.has(f.type) ? 'date' : f.type === 'time' ? 'time' : null);

const KIND_NAMES = { number: '数字', date: '日期', time: '时间' };

/**
 * The schema's checks from the designer's rows, or the refusal (in the designer's words) of the
 * first that names no field of the list, leaves a choice empty or compares what does not order alike.
 */
export function checksFromDesign(cross: DesignCrossCheck[] | undefined, sums: DesignSumCheck[] | undefined, fields: FieldSchema[]): { crossChecks?: CrossCheck[]; sumChecks?: SumCheck[]; problem?: string } {
  if ((cross !== undefined && cross !== null && !Array.isArray(cross)) || (sums !== undefined && sums !== null && !Array.isArray(sums))) return { problem: '字段间校验需要一个数组' };
  const byDbName = new Map(fields.map((f) => [snakeCase(f.name), f]));
  const pick = (name: unknown) => byDbName.get(String(name ?? '').trim().toLowerCase());
  const inForm = (f: FieldSchema, at: string) => (f.form === false ? `${at}：「${f.label}」不在表单中显示，请先勾选其“表单显示”` : null);
  const crossChecks: CrossCheck[] = [];
  for (const [i, row] of (cross ?? []).entries()) {
    const at = `比较校验第${i + 1}条`;
    if (!row?.field || !row.than || !row.op) return { problem: `${at}：请选择字段、关系和比较字段` };
    const a = pick(row.field), b = pick(row.than);
    if (!a) return { problem: `${at}：字段「${row.field}」不在字段列表中` };
    if (!b) return { problem: `${at}：比较字段「${row.than}」不在字段列表中` };
    if (!CROSS_OPS.includes(row.op as CrossOp)) return { problem: `${at}：请选择关系` };
    if (a === b) return { problem: `${at}：字段不能与自身比较` };
    for (const f of [a, b]) {
      const hidden = inForm(f, at);
      if (hidden) return { problem: hidden };
      if (!orderKind(f)) return { problem: `${at}：「${f.label}」不是数字、日期或时间字段，不能比较大小` };
    }
    if (orderKind(a) !== orderKind(b)) return { problem: `${at}：「${a.label}」是${KIND_NAMES[orderKind(a)!]}，「${b.label}」是${KIND_NAMES[orderKind(b)!]}，不能比较` };
    const message = String(row.message ?? '').trim();
    crossChecks.push({ field: a.name, op: row.op as CrossOp, than: b.name, ...(message ? { message } : {}) });
  }
  const sumChecks: SumCheck[] = [];
  for (const [i, row] of (sums ?? []).entries()) {
    const at = `合计校验第${i + 1}条`;
    const names = Array.isArray(row?.fields) ? row.fields : [];
    if (names.length < 2) return { problem: `${at}：请选择至少两个字段` };
    const summed: FieldSchema[] = [];
    for (const name of names) {
      const f = pick(name);
      if (!f) return { problem: `${at}：字段「${name}」不在字段列表中` };
      const hidden = inForm(f, at);
      if (hidden) return { problem: hidden };
      if (orderKind(f) !== 'number') return { problem: `${at}：「${f.label}」不是数字字段，不能合计` };
      if (!summed.includes(f)) summed.push(f);
    }
    const equals = typeof row.equals === 'number' ? row.equals : String(row.equals ?? '').trim() === '' ? NaN : Number(row.equals);
    if (!Number.isFinite(equals)) return { problem: `${at}：请填写合计应等于的数值` };
    const label = String(row.label ?? '').trim();
    if (!label) return { problem: `${at}：请填写合计的名称（如：各项权重）` };
    const unit = String(row.unit ?? '').trim();
    sumChecks.push({ fields: summed.map((f) => f.name), equals, label, ...(unit ? { unit } : {}) });
  }
  return { ...(crossChecks.length ? { crossChecks } : {}), ...(sumChecks.length ? { sumChecks } : {}) };
}

/** The designer's rows of a schema's checks. */
export function checksToDesign(s: Pick<PageSchema, 'crossChecks' | 'sumChecks'>): { crossChecks?: DesignCrossCheck[]; sumChecks?: DesignSumCheck[] } {
  return {
    ...(s.crossChecks?.length ? { crossChecks: s.crossChecks.map((c) => ({ field: snakeCase(c.field), op: c.op, than: snakeCase(c.than), ...(c.message ? { message: c.message } : {}) })) } : {}),
    ...(s.sumChecks?.length ? { sumChecks: s.sumChecks.map((c) => ({ fields: c.fields.map(snakeCase), equals: c.equals, label: c.label, ...(c.unit ? { unit: c.unit } : {}) })) } : {}),
  };
}
