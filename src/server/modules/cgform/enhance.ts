import type { Kysely } from 'kysely';
import { checkValue, conditionHolds, fieldRef, parseCondition, resolveValue } from '../../../schema/cgform-buttons.js';
import type { PageSchema } from '../../../schema/types.js';
import type { CrudHooks, HookContext, SchemaModule } from '../../crud/hooks.js';
import type { AppContext } from '../../http/context.js';
import { badRequest } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { checkCondition, checkLiterals, checkValueRef, checkWrite, coerce, formOf, readableFields, requireReadable, requireRoom, requireWritable, rule } from './custom-rules.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;
type Action = 'add' | 'edit' | 'delete';

const TABLE = 'onl_cgform_enhance';

/** An enhancement record as saved: a known operation and moment, and a set or a refusal that reads the form's own fields. */
async function checkEnhance(h: HookContext, schema: PageSchema, r: Row): Promise<void> {
  if (!['add', 'edit', 'delete'].includes(r.buttonCode)) throw badRequest('触发操作只能是 add、edit 或 delete');
  if (!['start', 'end'].includes(r.event)) throw badRequest('时机只能是 start 或 end');
  if (!['set', 'refuse'].includes(r.enhanceType)) throw badRequest('增强类型只能是 set 或 refuse');
  if (!['0', '1'].includes(String(r.activeStatus ?? '1'))) throw badRequest('状态只能是 1 或 0');
  if (r.buttonCode === 'delete' && (r.event !== 'start' || r.enhanceType !== 'refuse')) throw badRequest('删除只能在保存前（start）设置拒绝规则');
  checkCondition(schema, r.condition, '条件');
  if (r.enhanceType === 'set') {
    if (typeof r.targetField !== 'string' || !r.targetField) throw badRequest('请填写赋值字段');
    requireWritable(schema, r.targetField);
    rule(() => checkValue(r.targetValue ?? ''));
    checkValueRef(schema, r.targetValue, '赋值');
    await checkLiterals(h.ctx, schema, { [r.targetField]: r.targetValue ?? '' });
  } else if (typeof r.message !== 'string' || !r.message.trim()) {
    throw badRequest('请填写拒绝提示');
  }
}

const hooks: CrudHooks = {
  async beforeAdd(h, values) {
    const { head, schema } = await formOf(h.db, values.cgformHeadId);
    await requireRoom(h.db, TABLE, head.id, '增强');
    Object.assign(values, { event: values.event ?? 'start', enhanceType: values.enhanceType ?? 'set', activeStatus: values.activeStatus ?? '1' });
    await checkEnhance(h, schema, values);
  },
  async beforeEdit(h, changes, _body, current) {
    if (changes.cgformHeadId !== undefined && changes.cgformHeadId !== current.cgformHeadId) throw badRequest('不能把增强移到其他表单');
    await checkEnhance(h, (await formOf(h.db, current.cgformHeadId)).schema, { ...current, ...changes });
  },
};

export const cgformEnhanceModule: SchemaModule = { schema: TABLE, hooks };

/** The active records of a form for one operation and moment, in their order. */
async function recordsOf(db: Kysely<any>, table: string, action: Action, event: 'start' | 'end'): Promise<Row[]> {
  return db.selectFrom(TABLE).innerJoin('onl_cgform_head', 'onl_cgform_head.id', `${TABLE}.cgformHeadId`)
    .selectAll(TABLE).where('onl_cgform_head.tableName', '=', table).where(`${TABLE}.buttonCode`, '=', action)
    .where(`${TABLE}.event`, '=', event).where(`${TABLE}.activeStatus`, '=', '1')
    .orderBy(`${TABLE}.orderNum`).orderBy(`${TABLE}.id`).execute();
}

/**
 * Applies a form's records to one row: a refusal whose condition holds (on `tested`, the row as
 * the moment sees it) stops the write with its message (the transaction rolls back); a set whose
 * condition holds gives the field its value, `${field}` read from `row`, checked like any written
 * value. Answers the fields set.
 */
async function apply(ctx: AppContext, h: HookContext, schema: PageSchema, records: Row[], row: Row, tested: Row = row): Promise<Row> {
  const set: Row = {};
  const now = formatDateTime();
  for (const r of records) {
    const cond = rule(() => parseCondition(r.condition));
    // A design changed since the record was saved: its fields are checked again.
    requireReadable(schema, cond?.field, '增强条件');
    requireReadable(schema, fieldRef(r.targetValue), '增强赋值');
    if (!conditionHolds(cond, tested)) continue;
    if (r.enhanceType === 'refuse') throw badRequest(r.message);
    const f = requireWritable(schema, r.targetField);
    const value = coerce(f, rule(() => resolveValue(r.targetValue ?? '', { row, now, user: h.user })));
    await checkWrite(ctx, schema, { [f.name]: value });
    set[f.name] = value;
    row[f.name] = value;
  }
  return set;
}

/**
 * The CRUD hooks an online form gets from its enhancement records, read at each write (a saved
 * record applies at once). `start` runs before the write: its conditions read the row as it is
 * (the values posted, for an add; the stored row, for an edit or a delete: "a closed ticket cannot
 * be edited"); `end` runs after the write, in the same transaction, on the row as saved ("the amount
 * may not exceed 1000"), and a refusal there rolls the write back.
 */
export function enhanceHooks(ctx: AppContext, table: string): CrudHooks {
  const schemaOf = () => ctx.schemas.get(table)!;
  // Sensitive columns stay out of reach of conditions and `${field}` values.
  const columns = () => [...readableFields(schemaOf())];
  const stored = (db: Kysely<any>, id: string) => db.selectFrom(table).select(columns()).where('id', '=', id).executeTakeFirstOrThrow() as Promise<Row>;
  const after = async (h: HookContext, action: Action, id: string) => {
    const records = await recordsOf(h.db, table, action, 'end');
    if (!records.length) return;
    const set = await apply(ctx, h, schemaOf(), records, await stored(h.db, id));
    if (Object.keys(set).length) await h.db.updateTable(table).set(set).where('id', '=', id).execute();
  };
  return {
    async beforeAdd(h, values) {
      Object.assign(values, await apply(ctx, h, schemaOf(), await recordsOf(h.db, table, 'add', 'start'), { ...values }));
    },
    async afterAdd(h, values) {
      await after(h, 'add', String(values.id));
    },
    async beforeEdit(h, changes, _body, current) {
      Object.assign(changes, await apply(ctx, h, schemaOf(), await recordsOf(h.db, table, 'edit', 'start'), { ...current, ...changes }, current));
    },
    async afterEdit(h, id) {
      await after(h, 'edit', id);
    },
    async beforeDelete(h, ids) {
      const records = await recordsOf(h.db, table, 'delete', 'start');
      if (!records.length) return;
      const rows = (await h.db.selectFrom(table).select(columns()).where('id', 'in', ids).execute()) as Row[];
      for (const row of rows) await apply(ctx, h, schemaOf(), records, row);
    },
  };
}
