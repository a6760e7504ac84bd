/**
 * How a request's values are read for a declared type, as JeecgBoot's Java server reads them: one rule,
 * used by the page validators (validator.ts) and by every route's own JSON schema (the server's Ajv,
 * http/lazy-validation.ts), whose built-in coercion is off so that only this one applies.
 *
 * In a JSON body, as Jackson binds it (jackson-databind 2.13, JeecgBoot 3.4's):
 * - a string holding a well-formed number is that number for a numeric field, blanks around it ignored
 *   (an integer field takes digits with an optional sign: "1.0", "1e2", "0x10" are refused, as
 *   Integer.parseInt refuses them; a decimal one also a point and an exponent; never NaN or Infinity);
 * - "true"/"True"/"TRUE" and "false"/"False"/"FALSE" are booleans for a boolean field ("1", "0", "yes"
 *   are refused: Jackson recognises only true and false);
 * - an empty string is null for a numeric or boolean field (Jackson's scalar coercion of "");
 * - a number or boolean is its text for a text field;
 * - null for a field whose schema does not allow it is left out, as an unset Java field.
 *
 * In a query string (and a path), as Spring binds a request parameter: numbers as above, and a boolean
 * also from "1"/"0", "yes"/"no", "on"/"off" in any case (StringToBooleanConverter); a single value is a
 * one-element list for a list parameter, and a repeated one a single value only when sent once.
 *
 * Anything else stays as sent, so the schema refuses it with its message (级别需要整数).
 */
export type ValueSource = 'json' | 'query';

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a text holds for an integer or a decimal field, or undefined when it holds none. */
export function numberFromText(text: string, integer: boolean): number | undefined {
  const t = text.trim();
  if (!(integer ? INTEGER_TEXT : NUMBER_TEXT).test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const JSON_TRUE = new Set(['true', 'True', 'TRUE']);
const JSON_FALSE = new Set(['false', 'False', 'FALSE']);
const PARAM_TRUE = new Set(['true', 'on', 'yes', '1']);
const PARAM_FALSE = new Set(['false', 'off', 'no', '0']);

/** The boolean a text holds (Jackson's words in a body, Spring's in a query string), or undefined. */
export function booleanFromText(text: string, from: ValueSource): boolean | undefined {
  const t = text.trim();
  if (from === 'json') return JSON_TRUE.has(t) ? true : JSON_FALSE.has(t) ? false : undefined;
  const lower = t.toLowerCase();
  return PARAM_TRUE.has(lower) ? true : PARAM_FALSE.has(lower) ? false : undefined;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';
/** Returned by a value's coercer for a null its schema does not allow: the property is left out. */
const LEAVE_OUT = Symbol('leave out');
type Coerce = (value: unknown) => unknown;

const typeOfValue = (v: unknown): JsonType | 'other' =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string'
    : typeof v === 'boolean' ? 'boolean' : typeof v === 'object' ? 'object' : 'other';

const allows = (types: readonly JsonType[], v: unknown): boolean => {
  const t = typeOfValue(v);
  if (t === 'number') return types.includes('number') || (types.includes('integer') && Number.isInteger(v));
  return (types as readonly string[]).includes(t);
};

/** One scalar read for the types its schema allows, or returned as it is. */
export function coerceScalar(types: readonly JsonType[], value: unknown, from: ValueSource): unknown {
  if (allows(types, value)) return value;
  if (typeof value === 'string') {
    const numeric = types.includes('integer') || types.includes('number');
    if (value.trim() === '' && (numeric || types.includes('boolean'))) return types.includes('null') ? null : LEAVE_OUT;
    for (const t of types) {
      const read = t === 'integer' || t === 'number' ? numberFromText(value, t === 'integer') : t === 'boolean' ? booleanFromText(value, from) : undefined;
      if (read !== undefined) return read;
    }
    return value;
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && types.includes('string')) return String(value);
  if (value === null && !types.includes('null')) return LEAVE_OUT;
  return value;
}

const typesOf = (schema: Record<string, unknown>): JsonType[] | null =>
  typeof schema.type === 'string' ? [schema.type as JsonType] : Array.isArray(schema.type) ? schema.type as JsonType[]
    : isSchema(schema.properties) ? ['object'] : null;

const isSchema = (s: unknown): s is Record<string, unknown> => s !== null && typeof s === 'object' && !Array.isArray(s);

/** The coercer of one schema's values, or null when the schema takes nothing this rule reads (no types, or only objects and lists of such). */
function compile(schema: unknown, from: ValueSource): Coerce | null {
  if (!isSchema(schema)) return null;
  const types = typesOf(schema);
  if (!types) return null;
  const scalar = types.some((t) => t !== 'object' && t !== 'array');
  let forObject: Coerce | null = null;
  if (types.includes('object')) {
    const props = isSchema(schema.properties)
      ? Object.entries(schema.properties).map(([k, s]) => [k, compile(s, from)] as const).filter((e): e is readonly [string, Coerce] => e[1] !== null)
      : [];
    const byName = new Map(props);
    const others = compile(schema.additionalProperties, from);
    if (props.length || others) {
      forObject = (o) => {
        const obj = o as Record<string, unknown>;
        for (const key of Object.keys(obj)) {
          const c = byName.get(key) ?? (isSchema(schema.properties) && key in schema.properties ? null : others);
          if (!c) continue;
          const v = c(obj[key]);
          if (v === LEAVE_OUT) delete obj[key];
          else obj[key] = v;
        }
        return obj;
      };
    }
  }
  const items = types.includes('array') ? compile(schema.items, from) : null;
  if (!scalar && !forObject && !items && !(from === 'query' && types.includes('array'))) return null;
  return (value) => {
    if (forObject && typeOfValue(value) === 'object') return forObject(value);
    if (types.includes('array')) {
      // A query parameter sent once is a list of one for a list parameter, as Spring binds it.
      const list = Array.isArray(value) ? value : from === 'query' && value !== undefined ? [value] : null;
      if (list && items) list.forEach((v, i) => { const r = items(v); list[i] = r === LEAVE_OUT ? null : r; });
      if (list) return list;
    }
    // A query parameter repeated where one value is declared: one value when it was sent once.
    const one = from === 'query' && Array.isArray(value) && value.length === 1 && !types.includes('array') ? value[0] : value;
    return scalar ? coerceScalar(types, one, from) : one;
  };
}

/**
 * A function reading a request part (a body, a query string's or a path's parameters) as its JSON
 * schema declares, in place where it is an object; null when the schema needs no reading.
 */
export function coercerFor(schema: unknown, from: ValueSource): ((data: unknown) => unknown) | null {
  const c = compile(schema, from);
  if (!c) return null;
  return (data) => {
    const v = c(data);
    return v === LEAVE_OUT ? null : v;
  };
}
