import type { DesignField } from '../../../schema/cgform';
import type { DesignLinkageRule } from '../../../schema/cgform-linkage';
import { EFFECT_LABELS, LINKAGE_EFFECTS, LINKAGE_OPS, OP_LABELS, ORDER_OPS, type LinkageEffect, type LinkageOp } from '../../../schema/linkage';
import type { DictRef } from '../../../schema/types';
import { yes } from './model';

/**
 * What the 联动规则 grid offers from the current field rows: every choice is a select fed by the
 * design, so a rule is picked, never typed as code. The server checks the saved rules again.
 */

export interface Choice { value: string; label: string }

const SYSTEM = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
const ORDERED = new Set(['int', 'double', 'long', 'bigdecimal', 'decimal', 'date', 'datetime', 'time']);
const DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi']);

const named = (fields: DesignField[] | undefined) => (fields ?? []).filter((f) => f?.dbFieldName?.trim());
const choice = (f: DesignField): Choice => ({ value: f.dbFieldName.trim(), label: f.dbFieldTxt?.trim() ? `${f.dbFieldTxt.trim()}（${f.dbFieldName.trim()}）` : f.dbFieldName.trim() });
export const fieldRow = (fields: DesignField[] | undefined, name: string | undefined) => named(fields).find((f) => f.dbFieldName.trim() === name);

/** Fields a condition reads: any business field of the design. */
export const triggerChoices = (fields: DesignField[] | undefined): Choice[] => named(fields).filter((f) => !SYSTEM.has(f.dbFieldName.trim())).map(choice);

/** Fields a rule acts on: those the form shows, other than the trigger. */
export const targetChoices = (fields: DesignField[] | undefined, trigger?: string): Choice[] =>
  named(fields).filter((f) => !SYSTEM.has(f.dbFieldName.trim()) && (f.isShowForm === undefined || yes(f.isShowForm)) && f.dbFieldName.trim() !== trigger).map(choice);

/** Operators for a trigger field: greater/less only for numbers, dates and times. */
export function opChoices(trigger: DesignField | undefined): Choice[] {
  const ordered = ORDERED.has(String(trigger?.dbType ?? 'string').toLowerCase());
  return LINKAGE_OPS.filter((op) => ordered || !ORDER_OPS.has(op)).map((op) => ({ value: op, label: OP_LABELS[op] }));
}

/** The dictionary a field row names (code, or table + value + text), when its view is a dictionary view. */
export function dictOfRow(f: DesignField | undefined): DictRef | undefined {
  if (!f || !DICT_VIEWS.has(f.fieldShowType ?? 'text')) return undefined;
  const table = f.dictTable?.trim(), field = f.dictField?.trim(), text = f.dictText?.trim();
  const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  if (table && field && text) return { table, value: camel(field), text: camel(text) };
  return field ? { code: field } : undefined;
}

/** Effects for a target: narrowing options only for a dictionary view with a dictionary. */
export const effectChoices = (target: DesignField | undefined): Choice[] =>
  LINKAGE_EFFECTS.filter((e) => e !== 'options' || !!dictOfRow(target)).map((e) => ({ value: e, label: EFFECT_LABELS[e] }));

/** How many values an operator takes. */
export const valueArity = (op: string | undefined): 'none' | 'one' | 'many' => (op === 'empty' || op === 'notEmpty' ? 'none' : op === 'in' || op === 'notIn' ? 'many' : 'one');

export const newLinkageRow = (): DesignLinkageRule => ({ when: { op: 'eq' }, then: { effect: 'show' } });

/** A rule in words, as the grid's summary column says it. */
export function ruleSentence(r: DesignLinkageRule | undefined, fields: DesignField[] | undefined): string {
  if (!r?.when?.field || !r.then?.field) return '';
  const label = (n: string) => fieldRow(fields, n)?.dbFieldTxt?.trim() || n;
  const op = OP_LABELS[r.when.op as LinkageOp] ?? '';
  const v = valueArity(r.when.op) === 'none' ? '' : ` ${Array.isArray(r.when.value) ? r.when.value.join('、') : r.when.value ?? ''}`;
  const then = r.then.effect === 'options'
    ? `「${label(r.then.field)}」只可选 ${(r.then.options ?? []).join('、')}`
    : `${EFFECT_LABELS[r.then.effect as LinkageEffect] ?? ''}「${label(r.then.field)}」`;
  return `当「${label(r.when.field)}」${op}${v}时，${then}`;
}
