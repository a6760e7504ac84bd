import { LINKAGE_EFFECTS, LINKAGE_OPS, type LinkageEffect, type LinkageOp, type LinkageRule, type LinkageScalar } from './linkage';
import { snakeCase, type FieldSchema } from './types';

/**
 * Linkage rules as the designer holds them in the head (`head.linkage`): database field names
 * (snake_case, as the field grid shows them) and values as typed. The page schema holds them
 * with its field names and values of the trigger field's type.
 */
export interface DesignLinkageRule {
  when: { field?: string; op?: string; value?: string | number | boolean | (string | number | boolean)[] };
  then: { field?: string; effect?: string; options?: string[] };
}

const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);

/** A typed value as the trigger field compares it: a number for a numeric field when it reads as one. */
function typed(f: FieldSchema | undefined, v: unknown): LinkageScalar {
  if (typeof v === 'string') {
    const t = v.trim();
    if (f && NUMERIC.has(f.type) && t !== '' && Number.isFinite(Number(t))) return Number(t);
    return t;
  }
  return v as LinkageScalar;
}

/**
 * The schema's rules from the designer's, or the refusal (in the designer's words) of the first
 * that names no field of the list or leaves a choice empty. What the schema checks say of a rule
 * (types, options, cycles) comes back from them.
 */
export function linkageFromDesign(rows: DesignLinkageRule[] | undefined, fields: FieldSchema[]): { linkage?: LinkageRule[]; problem?: string } {
  if (rows === undefined || rows === null) return {};
  if (!Array.isArray(rows)) return { problem: '联动规则需要一个数组' };
  if (!rows.length) return {};
  const byDbName = new Map(fields.map((f) => [snakeCase(f.name), f]));
  const linkage: LinkageRule[] = [];
  for (const [i, row] of rows.entries()) {
    const at = `联动规则第${i + 1}条`;
    const when = row?.when ?? {}, then = row?.then ?? {};
    const triggerName = String(when.field ?? '').trim().toLowerCase(), targetName = String(then.field ?? '').trim().toLowerCase();
    if (!triggerName || !targetName) return { problem: `${at}：请选择条件字段和目标字段` };
    const trigger = byDbName.get(triggerName), target = byDbName.get(targetName);
    if (!trigger) return { problem: `${at}：条件字段「${triggerName}」不在字段列表中` };
    if (!target) return { problem: `${at}：目标字段「${targetName}」不在字段列表中` };
    if (!LINKAGE_OPS.includes(when.op as LinkageOp)) return { problem: `${at}：请选择条件` };
    if (!LINKAGE_EFFECTS.includes(then.effect as LinkageEffect)) return { problem: `${at}：请选择效果` };
    const op = when.op as LinkageOp, effect = then.effect as LinkageEffect;
    const rule: LinkageRule = { when: { field: trigger.name, op }, then: { field: target.name, effect } };
    if (op === 'in' || op === 'notIn') {
      const list: unknown[] = Array.isArray(when.value) ? when.value : String(when.value ?? '').split(',');
      rule.when.value = list.map((v) => typed(trigger, v)).filter((v) => v !== '');
    } else if (op !== 'empty' && op !== 'notEmpty' && when.value !== undefined && when.value !== null) {
      rule.when.value = typed(trigger, Array.isArray(when.value) ? when.value[0] : when.value);
    }
    if (effect === 'options') rule.then.options = (Array.isArray(then.options) ? then.options : []).map((o) => String(o).trim()).filter(Boolean);
    linkage.push(rule);
  }
  return { linkage };
}

/** The designer's rows of a schema's rules. */
export function linkageToDesign(rules: LinkageRule[] | undefined): DesignLinkageRule[] | undefined {
  if (!rules?.length) return undefined;
  return rules.map((r) => ({
    when: { field: snakeCase(r.when.field), op: r.when.op, ...(r.when.value !== undefined ? { value: Array.isArray(r.when.value) ? r.when.value.map(String) : String(r.when.value) } : {}) },
    then: { field: snakeCase(r.then.field), effect: r.then.effect, ...(r.then.options ? { options: [...r.then.options] } : {}) },
  }));
}
