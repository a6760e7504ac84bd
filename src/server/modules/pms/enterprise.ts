import type { SchemaModule } from '../../crud/hooks.js';
import { requireFree } from './common.js';

const TABLE = 'pms_enterprise';

/**
 * 企业管理 (schemas/pms/pms_enterprise.json). The credit code's check character is a field rule
 * (`valueCheck: creditCode`, checked by the request validator and the form); this module answers a
 * taken name or code with what holds it, instead of the unique index's bare refusal.
 */
export const enterpriseModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    async beforeAdd(h, values) {
      await requireFree(h.db, TABLE, 'name', values.name, null, `企业名称「${String(values.name)}」已存在`);
      await requireFree(h.db, TABLE, 'creditCode', values.creditCode, null, `统一社会信用代码 ${String(values.creditCode)} 已被其他企业使用`);
    },
    async beforeEdit(h, changes, _body, current) {
      await requireFree(h.db, TABLE, 'name', changes.name, current.id, `企业名称「${String(changes.name)}」已存在`);
      await requireFree(h.db, TABLE, 'creditCode', changes.creditCode, current.id, `统一社会信用代码 ${String(changes.creditCode)} 已被其他企业使用`);
    },
  },
};
