import type { FieldSchema, PageSchema } from './types';
import { SYSTEM_FIELDS } from './types';
import { viewInterface } from './views';

/**
 * Linkage rules: one field's state follows another field's value (show/hide/require/disable a
 * field, narrow a dictionary's choices). They are data, authored in the designer without code:
 * the browser compiles them to Formily reactions and the server enforces the same outcome from
 * the same pure functions below, so a form and its API never disagree.
 */

export type LinkageOp = 'eq' | 'ne' | 'in' | 'notIn' | 'empty' | 'notEmpty' | 'gt' | 'ge' | 'lt' | 'le';
export type LinkageEffect = 'show' | 'hide' | 'require' | 'disable' | 'options';
export type LinkageScalar = string | number | boolean;

export interface LinkageCondition {
  field: string;
  op: LinkageOp;
  /** A scalar for eq/ne/gt/ge/lt/le, a list for in/notIn, nothing for empty/notEmpty. */
  value?: LinkageScalar | LinkageScalar[];
}

export interface LinkageRule {
  when: LinkageCondition;
  then: { field: string; effect: LinkageEffect; options?: string[] };
}

export const LINKAGE_OPS: LinkageOp[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'ge', 'lt', 'le'];
/** Operators that order values: only for number, date and time fields. */
export const ORDER_OPS = new Set<LinkageOp>(['gt', 'ge', 'lt', 'le']);
export const LINKAGE_EFFECTS: LinkageEffect[] = ['show', 'hide', 'require', 'disable', 'options'];

export const OP_LABELS: Record<LinkageOp, string> = {
  eq: '等于', ne: '不等于', in: '属于', notIn: '不属于', empty: '为空', notEmpty: '不为空', gt: '大于', ge: '大于等于', lt: '小于', le: '小于等于',
};
export const EFFECT_LABELS: Record<LinkageEffect, string> = {
  show: '显示', hide: '隐藏', require: '必填', disable: '禁用', options: '限定可选项',
};

/** The state the rules give one field; a field no rule touches has none. */
export interface LinkageFieldState {
  hidden: boolean;
  required: boolean;
  disabled: boolean;
  /** Only these dictionary values may be chosen; undefined when no options rule is in force. */
  options?: string[];
}

export type Values = Record<string, unknown>;

export const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A value as its parts: several choices travel comma-joined (checkbox, list_multi). */
export const valueParts = (v: unknown, multiple: boolean): string[] => {
  if (isEmptyValue(v)) return [];
  if (Array.isArray(v)) return v.map(String);
  return multiple ? String(v).split(',').filter(Boolean) : [String(v)];
};

const numeric = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Numbers compare as numbers; dates and times as their fixed-width text. */
function compare(a: unknown, b: unknown): number | undefined {
  const x = numeric(a), y = numeric(b);
  if (x !== undefined && y !== undefined) return x - y;
  if (isEmptyValue(a) || isEmptyValue(b)) return undefined;
  const s = String(a), t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

const same = (a: unknown, b: unknown) => {
  const x = numeric(a), y = numeric(b);
  return x !== undefined && y !== undefined ? x === y : String(a) === String(b);
};

/**
 * Whether a condition holds for these values. A field in `multiple` holds several choices: eq/in
 * then mean "one of its choices is".
 */
export function evaluate(c: LinkageCondition, values: Values, multiple: ReadonlySet<string> = new Set()): boolean {
  const v = values[c.field];
  const parts = valueParts(v, multiple.has(c.field));
  const list = Array.isArray(c.value) ? c.value : c.value === undefined ? [] : [c.value];
  switch (c.op) {
    case 'empty': return parts.length === 0;
    case 'notEmpty': return parts.length > 0;
    case 'eq': return parts.some((p) => same(p, c.value));
    case 'ne': return !parts.some((p) => same(p, c.value));
    case 'in': return parts.some((p) => list.some((x) => same(p, x)));
    case 'notIn': return !parts.some((p) => list.some((x) => same(p, x)));
    case 'gt': { const d = compare(v, c.value); return d !== undefined && d > 0; }
    case 'ge': { const d = compare(v, c.value); return d !== undefined && d >= 0; }
    case 'lt': { const d = compare(v, c.value); return d !== undefined && d < 0; }
    case 'le': { const d = compare(v, c.value); return d !== undefined && d <= 0; }
    default: return false;
  }
}

/** The fields a set of rules targets. */
export const linkageTargets = (rules: LinkageRule[] = []) => [...new Set(rules.map((r) => r.then.field))];

/** Fields whose visibility a rule decides (a hidden field is neither required nor submitted). */
export const visibilityTargets = (rules: LinkageRule[] = []) => new Set(rules.filter((r) => r.then.effect === 'show' || r.then.effect === 'hide').map((r) => r.then.field));

/**
 * Each targeted field's state for these values. A field with `show` rules is shown only while one
 * holds; any holding `hide` hides it; a hidden field counts as empty for the rules that read it
 * (its value is not submitted), so chains settle in as many rounds as they are long.
 * Several holding `options` rules narrow to the choices they share.
 */
export function linkageState(rules: LinkageRule[] = [], values: Values, multiple?: ReadonlySet<string>): Record<string, LinkageFieldState> {
  let seen = values;
  let state: Record<string, LinkageFieldState> = {};
  for (let round = 0; round <= rules.length; round++) {
    state = oneRound(rules, seen, multiple);
    const hidden = Object.keys(state).filter((f) => state[f].hidden && !isEmptyValue(seen[f]));
    if (!hidden.length) break;
    seen = { ...seen };
    for (const f of hidden) delete seen[f];
  }
  return state;
}

function oneRound(rules: LinkageRule[], values: Values, multiple?: ReadonlySet<string>): Record<string, LinkageFieldState> {
  const state: Record<string, LinkageFieldState> = {};
  const shown = new Map<string, boolean>();
  for (const r of rules) {
    const s = (state[r.then.field] ??= { hidden: false, required: false, disabled: false });
    const holds = evaluate(r.when, values, multiple);
    switch (r.then.effect) {
      case 'show': shown.set(r.then.field, (shown.get(r.then.field) ?? false) || holds); break;
      case 'hide': if (holds) s.hidden = true; break;
      case 'require': if (holds) s.required = true; break;
      case 'disable': if (holds) s.disabled = true; break;
      case 'options':
        if (holds) s.options = s.options ? s.options.filter((o) => r.then.options!.includes(o)) : [...(r.then.options ?? [])];
        break;
    }
  }
  for (const [field, any] of shown) if (!any) state[field].hidden = true;
  return state;
}

/** Fields holding several comma-joined choices, as the rules read them. */
export const multipleFields = (fields: FieldSchema[]) => new Set(fields.filter((f) => viewInterface(f.view).multiple?.(f)).map((f) => f.name));

/** A rule in words, as refusals name it: `rule 2 (when status eq "1" then hide remark)`. */
export function describeRule(r: LinkageRule, i: number): string {
  const value = r.when.value === undefined ? '' : ` ${JSON.stringify(r.when.value)}`;
  const options = r.then.options ? ` ${JSON.stringify(r.then.options)}` : '';
  return `rule ${i + 1} (when ${r.when?.field} ${r.when?.op}${value} then ${r.then?.effect} ${r.then?.field}${options})`;
}

export interface LinkageProblem {
  /** JSON path under the schema, e.g. /linkage/0/then/field. */
  path: string;
  problem: string;
}

const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);
const ORDERED = new Set(['int', 'long', 'double', 'decimal', 'date', 'datetime', 'time']);
const DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi']);
const SHAPE: Partial<Record<string, RegExp>> = { date: /^\d{4}-\d{2}-\d{2}$/, datetime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, time: /^\d{2}:\d{2}(:\d{2})?$/ };

/** Why a value cannot be compared with a field of this type, or null when it can. */
function valueProblem(f: FieldSchema, v: LinkageScalar): string | null {
  if (NUMERIC.has(f.type)) return typeof v === 'number' ? null : `${JSON.stringify(v)} is not a number, and "${f.name}" is of type ${f.type}`;
  const shape = SHAPE[f.type];
  if (shape) return typeof v === 'string' && shape.test(v) ? null : `${JSON.stringify(v)} is not a ${f.type} value for "${f.name}"`;
  if (f.type === 'boolean') return null;
  return typeof v === 'boolean' ? `${JSON.stringify(v)} is not a text value for "${f.name}"` : null;
}

/**
 * What is wrong with a schema's rules: each names a declared field (the target one the form
 * shows), the value fits the trigger field's type and operator, options only narrow a dictionary
 * view, and no rule is part of a cycle (a field that, through rules, decides its own state).
 */
export function linkageProblems(schema: Pick<PageSchema, 'fields' | 'linkage'>): LinkageProblem | null {
  const rules = schema.linkage ?? [];
  const system = new Set(SYSTEM_FIELDS.map((f) => f.name));
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  for (const [i, r] of rules.entries()) {
    const at = `/linkage/${i}`;
    const bad = (path: string, problem: string): LinkageProblem => ({ path: `${at}${path}`, problem: `${describeRule(r, i)}: ${problem}` });
    const trigger = byName.get(r.when.field);
    if (!trigger) return bad('/when/field', `field "${r.when.field}" is not declared`);
    if (trigger.sensitive) return bad('/when/field', `field "${r.when.field}" is sensitive and cannot drive a rule`);
    const target = byName.get(r.then.field);
    if (!target || system.has(target.name)) return bad('/then/field', `field "${r.then.field}" is not a declared field of the form`);
    if (target.form === false) return bad('/then/field', `field "${r.then.field}" is not in the form`);
    if (r.when.field === r.then.field) return bad('/then/field', 'a field cannot follow its own value');
    const { op, value } = r.when;
    if (op === 'empty' || op === 'notEmpty') {
      if (value !== undefined) return bad('/when/value', `operator ${op} takes no value`);
    } else if (op === 'in' || op === 'notIn') {
      if (!Array.isArray(value) || !value.length) return bad('/when/value', `operator ${op} needs a list of values`);
      for (const v of value) { const p = valueProblem(trigger, v); if (p) return bad('/when/value', p); }
    } else {
      if (value === undefined || Array.isArray(value) || value === '') return bad('/when/value', `operator ${op} needs one value`);
      if (ORDER_OPS.has(op) && !ORDERED.has(trigger.type)) return bad('/when/op', `operator ${op} needs a number, date or time field, and "${trigger.name}" is of type ${trigger.type}`);
      const p = valueProblem(trigger, value);
      if (p) return bad('/when/value', p);
    }
    if (r.then.effect === 'options') {
      const view = target.view ?? (target.dict ? 'list' : 'text');
      if (!DICT_VIEWS.has(view) || !target.dict) return bad('/then/effect', `options can only narrow a dictionary view (list, radio, checkbox, list_multi), and "${target.name}" is ${view}`);
      if (!r.then.options?.length) return bad('/then/options', 'options needs at least one value');
    } else if (r.then.options !== undefined) return bad('/then/options', `only the options effect takes options, not ${r.then.effect}`);
  }
  return cycleProblem(rules);
}

/** The first rule on a cycle of trigger → target edges. */
function cycleProblem(rules: LinkageRule[]): LinkageProblem | null {
  const next = new Map<string, Set<string>>();
  for (const r of rules) {
    if (!next.has(r.when.field)) next.set(r.when.field, new Set());
    next.get(r.when.field)!.add(r.then.field);
  }
  const reaches = (from: string, to: string) => {
    const stack = [from], seen = new Set<string>();
    while (stack.length) {
      const at = stack.pop()!;
      if (at === to) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(next.get(at) ?? []));
    }
    return false;
  };
  for (const [i, r] of rules.entries()) {
    if (reaches(r.then.field, r.when.field)) {
      return { path: `/linkage/${i}`, problem: `${describeRule(r, i)}: is part of a cycle ("${r.then.field}" leads back to "${r.when.field}")` };
    }
  }
  return null;
}
