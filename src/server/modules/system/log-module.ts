import type { SchemaModule } from '../../crud/hooks.js';
import { escapeLike } from '../../../schema/query.js';

/**
 * schemas/system/sys_log.json: JeecgBoot's log screen searches the log text with `keyWord`
 * (its controller's `log_content LIKE`), a parameter that names no field.
 */
export const logModule: SchemaModule = {
  schema: 'sys_log',
  hooks: {
    queryConditions(req) {
      const raw = (req.query as Record<string, unknown>).keyWord;
      const keyWord = typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
      return keyWord ? [{ field: 'logContent', op: 'like', value: `%${escapeLike(keyWord)}%` }] : [];
    },
  },
};
