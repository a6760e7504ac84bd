import type { Kysely } from 'kysely';
import { CgformRuleError, CGFORM_CUSTOM_MAX, fieldRef, parseCondition } from '../../../schema/cgform-buttons.js';
import { columnFields } from '../../../schema/ddl.js';
import { SYSTEM_FIELDS, type FieldSchema, type PageSchema } from '../../../schema/types.js';
import { compileValidators } from '../../../schema/validator.js';
import { dictItemsOf, dictValueProblem } from '../../crud/dict-values.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, notFound } from '../../http/result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

/** A designer's rule text read for the server: its own mistake is a 400 with its message. */
export function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CgformRuleError) throw badRequest(e.message);
    throw e;
  }
}

/** The form a button or enhancement row belongs to, with the design being edited. */
export async function formOf(db: Kysely<any>, headId: unknown): Promise<{ head: Row; schema: PageSchema }> {
  if (typeof headId !== 'string' || !headId) throw badRequest('缺少参数 cgformHeadId');
  const head = await db.selectFrom('onl_cgform_head').select(['id', 'tableName', 'schemaJson', 'syncedJson']).where('id', '=', headId).executeTakeFirst();
  if (!head) throw notFound('表单不存在');
  return { head, schema: JSON.parse(head.schemaJson) as PageSchema };
}

/** SPEC §9: the 17th row of a form is refused. */
export async function requireRoom(db: Kysely<any>, table: string, headId: string, what: string): Promise<void> {
  const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('cgformHeadId', '=', headId).executeTakeFirstOrThrow();
  if (Number(n) >= CGFORM_CUSTOM_MAX) throw badRequest(`每个表单最多${CGFORM_CUSTOM_MAX}个${what}`);
}

const SYSTEM = new Set(SYSTEM_FIELDS.map((f) => f.name));

/** Columns a button or an enhancement may write: declared, not system, not sensitive, not the tree's own links. */
export function writableFields(schema: PageSchema): Map<string, FieldSchema> {
  const tree = schema.kind === 'tree' ? schema.tree : undefined;
  return new Map(columnFields(schema)
    .filter((f) => !SYSTEM.has(f.name) && !f.sensitive && f.name !== tree?.pidField && f.name !== tree?.hasChildField)
    .map((f) => [f.name, f]));
}

/** Columns a condition or a `${field}` may read: any non-sensitive column. */
export function readableFields(schema: PageSchema): Set<string> {
  return new Set(columnFields(schema).filter((f) => !f.sensitive).map((f) => f.name));
}

export function requireWritable(schema: PageSchema, field: string): FieldSchema {
  const f = writableFields(schema).get(field);
  if (!f) throw badRequest(`字段「${field.slice(0, 64)}」不存在或不可修改`);
  return f;
}

export function requireReadable(schema: PageSchema, field: string | undefined, where: string): void {
  if (field && !readableFields(schema).has(field)) throw badRequest(`${where}中的字段「${field.slice(0, 64)}」不存在`);
}

/** A show or refuse condition as saved: readable, on a field of the form. */
export function checkCondition(schema: PageSchema, text: unknown, where: string): void {
  if (text !== null && text !== undefined && typeof text !== 'string') throw badRequest(`${where}格式错误`);
  const cond = rule(() => parseCondition(text as string | null));
  requireReadable(schema, cond?.field, where);
}

/** A value token's `${field}` names a readable field. */
export function checkValueRef(schema: PageSchema, v: unknown, where: string): void {
  requireReadable(schema, fieldRef(v), where);
}

/** A resolved value in the column's type: numeric text to a number, anything else to text. */
export function coerce(f: FieldSchema, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (['int', 'long', 'double', 'decimal'].includes(f.type)) {
    if (v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (typeof v === 'boolean' || !Number.isFinite(n)) throw badRequest(`${f.label}必须是数字`);
    return n;
  }
  if (f.type === 'boolean') return v;
  return typeof v === 'string' ? v : String(v);
}

const validators = new WeakMap<PageSchema, ReturnType<typeof compileValidators>>();

/**
 * Values about to be written, checked by the engine's own validator (types, lengths, patterns,
 * ranges) and, for dictionary fields, against the dictionary's values.
 */
export async function checkWrite(ctx: AppContext, schema: PageSchema, values: Row): Promise<void> {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = compileValidators(schema)));
  const { problem } = v.edit({ id: 'x', ...values });
  if (problem !== null) throw badRequest(problem);
  const fields = columnFields(schema);
  const unknown = dictValueProblem(await dictItemsOf(ctx.dicts, fields), fields, values);
  if (unknown) throw badRequest(unknown);
}

/** A deleted form takes its custom buttons and enhancement records with it. */
export async function removeCustomRows(db: Kysely<any>, headIds: string[]): Promise<void> {
  if (!headIds.length) return;
  await db.deleteFrom('onl_cgform_button').where('cgformHeadId', 'in', headIds).execute();
  await db.deleteFrom('onl_cgform_enhance').where('cgformHeadId', 'in', headIds).execute();
}

/** The literal values of a set, checked as saved: a value the column could never take is refused now, not when a user runs it. */
export async function checkLiterals(ctx: AppContext, schema: PageSchema, values: Row): Promise<void> {
  const literals = Object.entries(values).filter(([, v]) => !(typeof v === 'string' && (/^#\{.*\}$/.test(v) || fieldRef(v))));
  await checkWrite(ctx, schema, Object.fromEntries(literals.map(([k, v]) => [k, coerce(requireWritable(schema, k), v)])));
}
