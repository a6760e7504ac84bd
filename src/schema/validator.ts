import Ajv, { type ErrorObject } from 'ajv';
import { allFields } from './ddl';
import { visibilityTargets } from './linkage';
import { fieldMessages, maxLengthOf } from './messages';
import type { FieldSchema, PageSchema } from './types';
import { digitLimits, digitProblem, integerRange } from './number-limits';
import { valueCheckProblem } from './value-checks';
import { booleanFromText, coercerFor } from './coercion';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATETIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
const TIME = '^\\d{2}:\\d{2}(:\\d{2})?$';

/** The JSON Schema of one field's value in a request body (null always allowed for optional fields). */
export function fieldJsonSchema(f: FieldSchema): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  switch (f.type) {
    case 'string': case 'text': case 'blob': Object.assign(s, { type: 'string', maxLength: maxLengthOf(f) }); break;
    case 'int': case 'long': Object.assign(s, { type: 'integer' }); break;
    case 'double': case 'decimal': Object.assign(s, { type: 'number' }); break;
    case 'date': Object.assign(s, { type: 'string', pattern: DATE }); break;
    case 'datetime': Object.assign(s, { type: 'string', pattern: DATETIME }); break;
    case 'time': Object.assign(s, { type: 'string', pattern: TIME }); break;
    case 'boolean': Object.assign(s, { type: ['boolean', 'integer'] }); break;
  }
  if (f.pattern && (f.type === 'string' || f.type === 'text')) s.pattern = f.pattern;
  const { min, max } = f.type === 'int' || f.type === 'long' ? integerRange(f) : f;
  if (min !== undefined) s.minimum = min;
  if (max !== undefined) s.maximum = max;
  if (!f.required) s.type = [...(Array.isArray(s.type) ? s.type : [s.type]), 'null'];
  return s;
}

/**
 * A checked body: the declared fields only (anything else a client sent is dropped here, so it never
 * reaches a hook's values or SQL), or the problem naming a declared field by its label.
 */
export type Checked = { problem: string; body?: undefined } | { problem: null; body: Record<string, unknown> };

const switchValues = (f: FieldSchema): unknown[] => {
  const options = f.extend?.switchOptions;
  return Array.isArray(options) && options.length === 2 ? options : ['Y', 'N'];
};

export interface BodyValidator {
  (body: unknown): Checked;
}

const ajv = new Ajv({ allErrors: false, strict: false, allowUnionTypes: true, coerceTypes: false });

function message(e: ErrorObject, byName: Map<string, FieldSchema>): string {
  const name = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : e.instancePath.split('/')[1] ?? '';
  const f = byName.get(name);
  const field = f ?? { label: name, type: 'string' as const };
  const limit = (e.params as { limit: number }).limit;
  switch (e.keyword) {
    case 'required': case 'minLength': return fieldMessages.required(field);
    case 'maxLength': return fieldMessages.maxLength(field, limit);
    case 'pattern': return fieldMessages.type(field) ?? fieldMessages.pattern(field);
    case 'minimum': return fieldMessages.minimum(field, limit);
    case 'maximum': return fieldMessages.maximum(field, limit);
    case 'type': return fieldMessages.type(field) ?? `${field.label}的类型不正确`;
    default: return `${field.label}: ${e.message ?? e.keyword}`;
  }
}

/**
 * Compiles the add and edit validators of a page schema: types, lengths, patterns, named value checks, ranges and
 * required fields come from the field declarations. Properties the schema does not declare (a list row's
 * `_dictText`, a client's own form state) are dropped, as JeecgBoot ignores what its entity does not declare.
 * So are the fields the form does not show (`form: false`): they are the server's to write (a state, a
 * publication flag, a score it computes, a rank). A client may still send the id, a field a page's own
 * panel writes (`input: true`, checked by the page's module), and the column by which the page's rows
 * belong to a main page's row (its `main.foreignKey`, or a main page's sub-table key given as `attachedBy`).
 */
export function compileValidators(schema: PageSchema, opts: { attachedBy?: readonly string[] } = {}): { add: BodyValidator; edit: BodyValidator } {
  const fields = allFields(schema);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const accepted = new Set(fields.filter((f) => f.form !== false || f.name === 'id' || f.input || f.name === schema.main?.foreignKey || opts.attachedBy?.includes(f.name)).map((f) => f.name));
  // Every accepted field is checked as its column declares, the attaching key and a panel's input too.
  const properties = Object.fromEntries(fields.map((f) => [f.name, accepted.has(f.name) ? fieldJsonSchema({ ...f, required: false }) : {}]));
  // A field a linkage rule may hide is required only while shown: linkage-enforce.ts checks it.
  const ruled = visibilityTargets(schema.linkage);
  const declaredRequired = schema.fields.filter((f) => f.required && !ruled.has(f.name)).map((f) => f.name);
  const nonEmpty = Object.fromEntries(declaredRequired.map((n) => [n, { not: { anyOf: [{ type: 'null' }, { const: '' }] } }]));
  const checked = fields.filter((f) => f.valueCheck && accepted.has(f.name));
  const numeric = fields.filter((f) => accepted.has(f.name) && digitLimits(f));
  // A switch stores its own on/off values; JeecgBoot's forms send a boolean for it (its entities type these boolean).
  const switches = new Map(fields.filter((f) => f.view === 'switch' && f.type !== 'boolean').map((f) => [f.name, switchValues(f)]));
  const switchValue = (k: string, v: unknown): unknown => {
    const on = typeof v === 'string' ? booleanFromText(v, 'json') ?? v : v;
    return typeof on === 'boolean' && switches.has(k) ? switches.get(k)![on ? 0 : 1] : v;
  };
  // Numbers, booleans and text sent in another JSON type are read as JeecgBoot reads them (coercion.ts).
  const coerce = coercerFor({ type: 'object', properties }, 'json')!;
  const build = (required: string[]) => {
    // Compiled on first use: compiling every page's two validators up front was most of the server's start.
    let compiled: ReturnType<typeof ajv.compile> | undefined;
    const problemOf = (own: Record<string, unknown>): string | null => {
      const validate = (compiled ??= ajv.compile({ type: 'object', required, properties, allOf: [{ properties: nonEmpty }] }));
      if (validate(own)) {
        return numeric.reduce<string | null>((found, f) => found ?? digitProblem(f, own[f.name]), null)
          ?? checked.reduce<string | null>((found, f) => found ?? valueCheckProblem(f.valueCheck!, own[f.name]), null);
      }
      const e = validate.errors![0];
      if (e.keyword === 'not') return fieldMessages.required(byName.get(e.instancePath.split('/')[1]) ?? { label: '' });
      return message(e, byName);
    };
    return (body: unknown): Checked => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return { problem: '请求体需要一个JSON对象' };
      const own = coerce(Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([k]) => accepted.has(k))
        .map(([k, v]) => [k, switchValue(k, v)]))) as Record<string, unknown>;
      const problem = problemOf(own);
      return problem === null ? { problem, body: own } : { problem };
    };
  };
  return { add: build(declaredRequired), edit: build(['id']) };
}
