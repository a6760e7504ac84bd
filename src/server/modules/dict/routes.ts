import type { FastifyInstance } from 'fastify';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';

const CODE = /^[A-Za-z0-9_\-.]{1,100}$/;

/** Plain dictionary endpoints of contract §4.2 (table dictionaries arrive with the schema engine). */
export async function dictRoutes(app: FastifyInstance): Promise<void> {
  const { dicts } = app.ctx;

  app.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', async (req) => {
    const code = req.params.code;
    if (code.includes(',')) throw badRequest('表字典需在页面配置中声明后使用');
    if (!CODE.test(code)) return fail('字典Code格式不正确！');
    const items = await dicts.items(code);
    if (!items) throw badRequest(`字典不存在: ${code}`);
    return ok(items);
  });

  app.get('/sys/dict/queryAllDictItems', async () => ok(await dicts.allEnabled()));

  app.get('/sys/dict/refleshCache', async () => {
    dicts.invalidate();
    await dicts.allEnabled();
    return okMessage('刷新缓存完成！');
  });
}
