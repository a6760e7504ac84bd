import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { testConnection } from './connection-test.js';
import { keepStoredWhenNull, requireAnyAction, requireDictValue } from './checks.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_data_source';

/** The usual driver of each database type (dict database_type), filled in when the form leaves it empty. */
const DRIVERS: Record<string, string> = { '1': 'com.mysql.cj.jdbc.Driver', '6': 'org.postgresql.Driver', '9': 'org.sqlite.JDBC' };

const withDriver = (row: Row) => {
  if (!row.dbDriver && typeof row.dbType === 'string' && DRIVERS[row.dbType]) row.dbDriver = DRIVERS[row.dbType];
};

const TEST_KEYS = ['id', 'dbType', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword'];

/** The connection settings of a test request: text values only; other form fields are ignored. */
function testSettings(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体需要一个JSON对象');
  const out: Record<string, string> = {};
  for (const k of TEST_KEYS) {
    const v = (body as Record<string, unknown>)[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || v.length > 500) throw badRequest(`参数 ${k} 格式不正确`);
    out[k] = v;
  }
  return out;
}

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  /**
   * Tries the form's connection settings, or a saved source's (`id`) with the form's changes; a
   * saved password is used on the server and never sent back. Open to those who may add or edit
   * data sources: it makes the server connect where it is told.
   */
  app.post('/sys/dataSource/testConnection', { config: { access: { permission: ['system:dataSource:add', 'system:dataSource:edit'] } }, ...documentedOnly({ body: fields({ id: ['string', '已保存的数据源id（未填的项取其值）'], dbType: ['string', '数据库类型'], dbDriver: ['string', '驱动'], dbUrl: ['string', '连接地址'], dbUsername: ['string', '用户名'], dbPassword: ['string', '密码'] }) }) }, async (req) => {
    await requireAnyAction(req, ['system:dataSource:add', 'system:dataSource:edit']);
    const body = testSettings(req.body);
    let target: Row = {};
    if (body.id) {
      const saved = await db.selectFrom(TABLE).select(['dbType', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword']).where('id', '=', body.id).executeTakeFirst();
      if (!saved) return fail('未找到对应数据');
      target = saved as Row;
    }
    Object.assign(target, body);
    if (!target.dbUrl) throw badRequest('数据源地址不能为空');
    const outcome = await testConnection(target);
    return outcome.ok ? okMessage('数据库连接成功') : fail(`数据库连接失败：${outcome.reason}`);
  });

  // Choices for a data-source select (contract §13.2).
  app.get('/sys/dataSource/options', { config: { access: 'login' } }, async () => {
    const rows = await db.selectFrom(TABLE).select(['code', 'name']).orderBy('code').execute() as { code: string; name: string }[];
    return ok(rows.map((r) => ({ value: r.code, label: r.name, text: r.name })));
  });
}

export const dataSourceModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    async beforeAdd(h, values) {
      await requireDictValue(h.ctx.dicts, 'database_type', '数据库类型', values.dbType);
      withDriver(values);
    },
    // The form never receives the password: an empty one keeps the stored password.
    async beforeEdit(h, changes) {
      keepStoredWhenNull(changes, ['dbPassword']);
      await requireDictValue(h.ctx.dicts, 'database_type', '数据库类型', changes.dbType);
      withDriver(changes);
    },
  },
  routes,
};
