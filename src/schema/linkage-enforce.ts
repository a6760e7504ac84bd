import { crossProblems } from './cross-checks';
import { isEmptyValue, linkageState, multipleFields, valueParts, visibilityTargets, type Values } from './linkage';
import { fieldMessages } from './messages';
import type { PageSchema } from './types';

export interface LinkageOutcome {
  /** The body without the values of hidden fields. */
  body: Values;
  /** Null when the body keeps the rules, else a message naming the field by its label. */
  problem: string | null;
}

/**
 * The server's side of the linkage rules, on an add or edit body (an edit reads them over the
 * stored row): a hidden field's value is dropped, a field required by a rule (or declared required
 * and shown) must have a value, and a narrowed dictionary field only takes the allowed choices.
 * Then the cross-field checks (cross-checks.ts), every one broken named at once; on an edit only
 * those touching a field the body sends. Returns null when the schema has neither.
 */
export function compileLinkageEnforcer(schema: Pick<PageSchema, 'fields' | 'linkage' | 'crossChecks' | 'sumChecks'>) {
  const rules = schema.linkage ?? [];
  if (!rules.length && !schema.crossChecks?.length && !schema.sumChecks?.length) return null;
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const multiple = multipleFields(schema.fields);
  const visibility = visibilityTargets(rules);
  return (body: Values, stored?: Values | null): LinkageOutcome => {
    const merged = { ...stored, ...body };
    const state = linkageState(rules, merged, multiple);
    const out = { ...body };
    for (const [name, s] of Object.entries(state)) {
      if (s.hidden) { delete out[name]; delete merged[name]; }
    }
    for (const [name, s] of Object.entries(state)) {
      const f = byName.get(name)!;
      if (s.hidden) continue;
      const value = merged[name];
      // A declared required field whose visibility a rule decides is checked here, not by the validator.
      if ((s.required || (f.required && visibility.has(name))) && isEmptyValue(value)) return { body: out, problem: fieldMessages.required(f) };
      if (s.options) {
        const outside = valueParts(value, multiple.has(name)).find((p) => !s.options!.includes(p));
        if (outside !== undefined) return { body: out, problem: `${f.label}的值「${outside}」不在可选范围内（${s.options.join('、')}）` };
      }
    }
    const crossed = crossProblems(schema, merged, stored ? new Set(Object.keys(out)) : undefined);
    // A sum's other fields are only marked (an empty message): the last one says why.
    if (crossed.length) return { body: out, problem: crossed.map((p) => p.message).filter(Boolean).join('；') };
    return { body: out, problem: null };
  };
}
