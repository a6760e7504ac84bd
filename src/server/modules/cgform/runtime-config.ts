import type { FastifyInstance } from 'fastify';
import { onlineColumns, onlineFormItem } from '../../../schema/cgform-runtime.js';
import type { PageSchema } from '../../../schema/types.js';
import { badRequest, ok } from '../../http/result.js';
import { cgButtonList } from './buttons.js';
import type { OnlineForms } from './online-forms.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const HEAD_COLUMNS = ['id', 'tableName', 'tableTxt', 'tableType', 'isTree', 'isDbSynch', 'tableVersion', 'createTime', 'updateTime'] as const;

/**
 * The contract's runtime configuration of a synced form (`getColumns/{code}`, `getFormItem/{code}`),
 * read from the schema in force, never from the design being edited. Any signed-in user may read it:
 * it names no data, as `/sys/schema/page` does not.
 */
export async function runtimeConfigRoutes(app: FastifyInstance, forms: OnlineForms): Promise<void> {
  const { dicts, schemas } = app.ctx;
  const params = { type: 'object', properties: { code: { type: 'string', maxLength: 64 } } } as const;
  const inForce = async (code: string) => {
    const head = await forms.head(code);
    if (!head.syncedJson) throw badRequest('NO_DB_SYNC');
    return { head, schema: JSON.parse(head.syncedJson) as PageSchema };
  };

  app.get<{ Params: { code: string } }>('/online/cgform/api/getColumns/:code', { config: { access: 'record' }, schema: { params } }, async (req) => {
    const { head, schema } = await inForce(req.params.code);
    const items = new Map<string, { value: string; text: string }[]>();
    for (const f of schema.fields) {
      const code = f.dict?.code;
      if (code && !items.has(code)) items.set(code, (await dicts.items(code)) ?? []);
    }
    return ok({ ...onlineColumns(schema, (code) => items.get(code)), cgButtonList: await cgButtonList(app.ctx.db as any, head.id) });
  });

  app.get<{ Params: { code: string } }>('/online/cgform/api/getFormItem/:code', { config: { access: 'record' }, schema: { params } }, async (req) => {
    const { head, schema } = await inForce(req.params.code);
    const subs = (schema.subTables ?? []).map((t) => schemas.get(t.code)).filter((s): s is PageSchema => !!s);
    const shownHead = Object.fromEntries(HEAD_COLUMNS.map((k) => [k, (head as any)[k] ?? null]));
    return ok({ head: shownHead, ...onlineFormItem(schema, subs), cgButtonList: await cgButtonList(app.ctx.db as any, head.id), enhanceJs: '' });
  });
}
