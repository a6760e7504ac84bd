import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, okMessage } from '../../http/result.js';
import { applyDefaults, keepStoredWhenNull, merged, requireOneOf } from '../system/checks.js';
import { keepDeletedDicts } from '../system/recycle-bin.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const DUPLICATE_VALUE = '该值不可用，系统中已存在！';

/** Every dictionary write is visible to getDictItems and the login map at once, on every instance. */
const invalidate = (h: HookContext) => h.ctx.dicts.changed();

/** The dictionary pages (schemas sys_dict and sys_dict_item) beyond CRUD. */
export const dictModule: SchemaModule = {
  schema: 'sys_dict',
  hooks: {
    beforeAdd(_h, values) {
      applyDefaults(values, { type: 0 });
      requireOneOf('字典类型', values.type, [0, 1]);
    },
    afterAdd: invalidate,
    beforeEdit(_h, changes) {
      keepStoredWhenNull(changes, ['type']);
      requireOneOf('字典类型', changes.type, [0, 1]);
    },
    afterEdit: invalidate,
    // JeecgBoot's logic delete: the dictionary goes to the recycle bin (字典回收站) with its items; its items go with it.
    beforeDelete: keepDeletedDicts,
    async afterDelete(h, ids) {
      await h.db.deleteFrom('sys_dict_item').where('dictId', 'in', ids).execute();
      await invalidate(h);
    },
  },
};

async function valueTaken(db: Kysely<any>, dictId: string, itemValue: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_dict_item').select('id').where('dictId', '=', dictId).where('itemValue', '=', itemValue);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.limit(1).executeTakeFirst());
}

/** The item the write leaves behind belongs to an existing dictionary and its value is unique there. */
async function checkItem(db: Kysely<any>, item: Row, exceptId?: string): Promise<void> {
  const dict = await db.selectFrom('sys_dict').select('id').where('id', '=', String(item.dictId)).executeTakeFirst();
  if (!dict) throw badRequest('所属字典不存在');
  requireOneOf('是否启用', item.status, [0, 1]);
  if (await valueTaken(db, String(item.dictId), String(item.itemValue), exceptId)) throw badRequest(DUPLICATE_VALUE);
}

export const dictItemModule: SchemaModule = {
  schema: 'sys_dict_item',
  hooks: {
    async beforeAdd(h, values) {
      applyDefaults(values, { sortOrder: 0, status: 1 });
      await checkItem(h.db, values);
    },
    afterAdd: invalidate,
    async beforeEdit(h, changes, _body, current) {
      keepStoredWhenNull(changes, ['sortOrder', 'status']);
      await checkItem(h.db, merged(current, changes), String(current.id));
    },
    afterEdit: invalidate,
    afterDelete: invalidate,
  },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    const str = { type: 'string', maxLength: 100 } as const;
    // The form's duplicate check of an item value within its dictionary (contract §4.2).
    app.get<{ Querystring: { itemValue?: string; dictId?: string; id?: string } }>('/sys/dictItem/dictItemCheck', {
      config: { access: 'login' },
      schema: { querystring: { type: 'object', properties: { itemValue: str, dictId: { type: 'string', maxLength: 32 }, id: { type: 'string', maxLength: 32 } } } },
    }, async (req) => {
      const { itemValue, dictId, id } = req.query;
      if (!dictId) throw badRequest('缺少参数 dictId');
      if (!itemValue) throw badRequest('缺少参数 itemValue');
      return (await valueTaken(db, dictId, itemValue, id || undefined)) ? fail(DUPLICATE_VALUE) : okMessage('该值可用！');
    });
  },
};
