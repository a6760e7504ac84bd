import { isField, onFieldReact, type Field, type Form, type GeneralField } from '@formily/core';
import type { FormMode } from '../../schema/form';
import { crossProblems } from '../../schema/cross-checks';
import { linkageState, linkageTargets, multipleFields, valueParts } from '../../schema/linkage';
import { fieldMessages } from '../../schema/messages';
import type { FieldSchema, PageSchema } from '../../schema/types';

type Rule = { required?: boolean; [key: string]: unknown };
const rulesOf = (field: Field): Rule[] => {
  const v = field.validator as unknown;
  return (Array.isArray(v) ? v : v ? [v] : []).map((r) => (typeof r === 'string' ? { format: r } : r) as Rule);
};

/** Requires a field (with its usual message) or stops requiring it. */
function setRequired(field: Field, f: FieldSchema, want: boolean): void {
  if (field.required === want) return;
  if (want && !rulesOf(field).some((r) => 'required' in r)) field.validator = [{ required: true, message: fieldMessages.required(f) }, ...rulesOf(field)] as never;
  else field.required = want;
}

type Values = Record<string, unknown>;

/** Kept apart from the validators' own feedback: a field's rules and its cross-field checks each say their part. */
const CROSS_CHECK = 'CrossCheckError';

/**
 * The schema's cross-field checks on the fields under `prefix`: a broken one's message under its
 * field as soon as both values are there, kept until either changes to fit. An error feedback, so
 * the form is not submitted meanwhile.
 */
function crossCheck(schema: Pick<PageSchema, 'fields' | 'crossChecks' | 'sumChecks'>, prefix: string, valuesOf: (field: GeneralField) => Values) {
  for (const name of new Set([...(schema.crossChecks ?? []).map((c) => c.field), ...(schema.sumChecks ?? []).flatMap((c) => c.fields)])) {
    onFieldReact(`${prefix}${name}`, (field) => {
      if (!isField(field)) return;
      const found = field.display === 'visible' ? crossProblems(schema, valuesOf(field)).filter((p) => p.field === name) : [];
      const messages = found.map((p) => p.message).filter(Boolean);
      field.setFeedback({ type: 'error', code: CROSS_CHECK, messages });
      // A summed field is marked too, while the last of its sum says why.
      if (found.length && !messages.length) field.setDecoratorProps({ feedbackStatus: 'error' });
      else if (field.decoratorProps.feedbackStatus === 'error') field.setDecoratorProps({ feedbackStatus: undefined });
    });
  }
}

/** One page's rules on the fields under `prefix` (a sub table's rows: `<code>List.*.`), read over `valuesOf` the field. */
function follow(schema: Pick<PageSchema, 'fields' | 'linkage'>, mode: FormMode, prefix: string, valuesOf: (field: GeneralField) => Values) {
  const rules = schema.linkage ?? [];
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const multiple = multipleFields(schema.fields);
  for (const name of linkageTargets(rules)) {
    const f = byName.get(name);
    if (!f) continue;
    const narrows = rules.some((r) => r.then.field === name && r.then.effect === 'options');
    onFieldReact(`${prefix}${name}`, (field) => {
      const s = linkageState(rules, valuesOf(field), multiple)[name];
      field.display = s.hidden ? 'none' : f.view === 'hidden' ? 'hidden' : 'visible';
      if (mode === 'detail' || !isField(field)) return;
      field.pattern = s.disabled ? 'disabled' : f.readonly && mode === 'edit' ? 'readOnly' : 'editable';
      setRequired(field, f, !!f.required || s.required);
      if (!narrows) return;
      field.setComponentProps({ onlyValues: s.options });
      if (s.options && !s.hidden) {
        const parts = valueParts(field.value, multiple.has(name));
        const kept = parts.filter((p) => s.options!.includes(p));
        if (kept.length !== parts.length) field.setValue(multiple.has(name) ? kept.join(',') : undefined);
      }
    });
  }
}

/**
 * The page's linkage rules and cross-field checks as Formily reactions, built from the rule data
 * (no eval): each targeted field follows the values it depends on through the same `linkageState`
 * and `crossProblems` the server enforces.
 * Hidden is `display: 'none'` (Formily then leaves the value out of the submitted values),
 * disabled is the `disabled` pattern, options narrow a dictionary widget (`onlyValues`) and clear
 * a choice they no longer allow. A sub table's rules act within each of its rows. Undefined when
 * no rules apply.
 */
export function linkageEffects(schema: Pick<PageSchema, 'fields' | 'linkage' | 'crossChecks' | 'sumChecks'>, mode: FormMode, subs: { schema: Pick<PageSchema, 'code' | 'fields' | 'linkage' | 'crossChecks' | 'sumChecks'> }[] = []): ((form: Form) => void) | undefined {
  const checked = (s: Pick<PageSchema, 'crossChecks' | 'sumChecks'>) => !!(s.crossChecks?.length || s.sumChecks?.length);
  const ruled = subs.filter((sub) => sub.schema.linkage?.length || checked(sub.schema));
  const checks = mode !== 'detail';
  if (!schema.linkage?.length && !(checks && checked(schema)) && !ruled.length) return undefined;
  return (form) => {
    const own = () => form.values as Values;
    if (schema.linkage?.length) follow(schema, mode, '', own);
    if (checks) crossCheck(schema, '', own);
    for (const sub of ruled) {
      const row = (field: GeneralField) => (form.getValuesIn(field.path.parent()) ?? {}) as Values;
      follow(sub.schema, mode, `${sub.schema.code}List.*.`, row);
      if (checks) crossCheck(sub.schema, `${sub.schema.code}List.*.`, row);
    }
  };
}
