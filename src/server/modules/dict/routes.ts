import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { requireRead } from '../../crud/read-access.js';
import { badRequest, fail, forbidden, ok, okMessage } from '../../http/result.js';
import { readableTableDict, tableDictItems } from './table-dict.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';
import { ALL_DICT_ITEMS, DICT_ITEMS } from '../../openapi/shapes.js';
import { resultOf } from '../../openapi/envelope.js';

const CODE = /^[A-Za-z0-9_\-.]{1,100}$/;

const pageSizeOf = (raw: unknown, fallback: number) => {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw badRequest('pageSize 需在 1 到 500 之间');
  return n;
};

/**
 * Dictionary endpoints of contract §4.2. Table dictionaries (`table,text,value`) resolve only
 * through the loaded page schemas: an undeclared table or a sensitive column is a 400, a personal
 * column of a page the user may not read a 403.
 */
export async function dictRoutes(app: FastifyInstance): Promise<void> {
  const { dicts, dialect } = app.ctx;
  const db = app.ctx.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  app.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', { config: { access: 'login', guest: true }, schema: { response: { 200: resultOf(DICT_ITEMS) } } }, async (req) => {
    const code = req.params.code;
    if (code.includes(',')) return ok(await tableDictItems(db, dialect, await readableTableDict(app.ctx, req, code), { limit: 5000 }));
    if (!CODE.test(code)) return fail('字典Code格式不正确！');
    // An unknown code (the user form asks for `undefined`) has no items: JeecgBoot answers an empty list, not an error.
    return ok((await dicts.items(code)) ?? []);
  });

  app.get<{ Params: { code: string }; Querystring: { keyword?: string; pageSize?: string } }>('/sys/dict/loadDict/:code', { config: { access: 'login' }, ...documentedOnly({ querystring: fields({ keyword: ['string', '关键字'], pageSize: ['integer', '最多返回条数（默认50）'] }) }) }, async (req) => {
    const d = await readableTableDict(app.ctx, req, req.params.code);
    return ok(await tableDictItems(db, dialect, d, { keyword: req.query.keyword, limit: pageSizeOf(req.query.pageSize, 50) }));
  });

  app.get<{ Params: { code: string }; Querystring: { key?: string; delNotExist?: string } }>('/sys/dict/loadDictItem/:code', { config: { access: 'login' }, ...documentedOnly({ querystring: fields({ key: ['string', '要翻译的值，逗号分隔'], delNotExist: ['string', 'false 时保留查不到的值'] }) }) }, async (req) => {
    const d = await readableTableDict(app.ctx, req, req.params.code);
    const keys = String(req.query.key ?? '').split(',').map((k) => k.trim()).filter(Boolean);
    if (keys.length > 1000) throw badRequest('一次最多翻译1000个值');
    if (!keys.length) return ok([]);
    const found = new Map((await tableDictItems(db, dialect, d, { keys, limit: keys.length })).map((i) => [i.value, i.text]));
    const keepMissing = req.query.delNotExist === 'false';
    return ok(keys.flatMap((k) => (found.has(k) ? [found.get(k)!] : keepMissing ? [k] : [])));
  });

  app.get('/sys/dict/queryAllDictItems', { config: { access: 'login', guest: true }, schema: { response: { 200: resultOf(ALL_DICT_ITEMS) } } }, async () => ok(await dicts.allEnabled()));

  // Reloading every dictionary is the dictionary page's own button: its holders and administrators only.
  app.get('/sys/dict/refleshCache', { config: { access: { page: 'sys_dict' } } }, async (req) => {
    const page = app.ctx.schemas.table('sys_dict');
    if (!page) throw forbidden();
    await requireRead(app.ctx.db, app.ctx.schemas, req, page);
    await dicts.changed();
    await dicts.allEnabled();
    return okMessage('刷新缓存完成！');
  });
}
