import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/server/openapi/document.js';
import { expectOk } from '../helpers/envelope.js';
import { designField } from '../helpers/cgform-design.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const METHODS = ['get', 'post', 'put', 'delete'];
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Issue 20: the OpenAPI document the server builds from its route inventory and page schemas,
 * who may read it, and whether real replies match what it says.
 */
describe(`OpenAPI document [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let doc: any;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    const res = await s.api.get('/v3/api-docs', { token: admin });
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => { await s?.close(); });

  const apiBase = () => s.app.ctx.config.apiBase;
  const operationOf = (method: string, url: string) => doc.paths[openApiPath(url.slice(apiBase().length))]?.[method.toLowerCase()];

  it('is for administrators unless the site setting 公开接口文档 opens it; the page is served from our own files', async () => {
    expect((await s.api.get('/v3/api-docs')).status).toBe(401);
    expect((await s.api.get('/v3/api-docs', { token: applicant })).body).toMatchObject({ success: false, code: 403, message: '接口文档仅管理员可查看' });
    expectOk(await s.api.put('/sys/setting/site', { openApiDocs: true }, { token: admin }));
    try {
      expect((await s.api.get('/v3/api-docs')).body.openapi).toBe('3.1.0');
    } finally {
      expectOk(await s.api.put('/sys/setting/site', { openApiDocs: false }, { token: admin }));
    }
    expect((await s.api.get('/v3/api-docs')).status).toBe(401);

    const page = await s.api.get('/doc.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith(`${apiBase()}/doc/`), asset).toBe(true);
      expect((await s.raw(asset)).status, asset).toBe(200);
    }
    expect((await s.raw(`${apiBase()}/doc/init.js`)).text).toContain(`${apiBase()}/v3/api-docs`);
    expect((await s.api.get('/doc/..%2Fpackage.json')).status).toBe(404);
  });

  it('documents every route of the inventory with its request, its Result reply and its access', () => {
    expect(doc).toMatchObject({ openapi: '3.1.0', servers: [{ url: apiBase() }], components: { securitySchemes: { 'X-Access-Token': { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } } });
    const routes = s.app.routeInventory.filter((r) => r.url.startsWith(`${apiBase()}/`) && METHODS.includes(r.method.toLowerCase()));
    expect(routes.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const r of routes) {
      const op = operationOf(r.method, r.url);
      const name = `${r.method} ${r.url}`;
      if (!op) { problems.push(`${name}: not in the document`); continue; }
      if (!op.summary || !op.tags?.length) problems.push(`${name}: no summary or tag`);
      const ok = op.responses?.['200'] ?? op.responses?.['101'];
      if (!ok) problems.push(`${name}: no success reply`);
      else if (op.responses['200'] && !Object.values(ok.content ?? {}).some((c: any) => c.schema)) problems.push(`${name}: reply without a schema`);
      // What the handler reads, its schema declares (a page's routes are generated from the page schema).
      const schema = r.schema as any;
      if (!op['x-page'] && r.reads.query && !schema?.querystring) problems.push(`${name}: reads the query without declaring it`);
      if (!op['x-page'] && r.reads.body && !schema?.body) problems.push(`${name}: reads the body without declaring it`);
      if (r.url.includes('/:') && !op.parameters?.some((p: any) => p.in === 'path')) problems.push(`${name}: path parameters undocumented`);
    }
    expect(problems).toEqual([]);
    // Replies are the Result envelope; tags are the menu areas, summaries Chinese.
    const list = doc.paths['/sys/position/list'].get;
    expect(list.responses['200'].content['application/json'].schema.required).toEqual(['success', 'message', 'code', 'timestamp']);
    expect(list).toMatchObject({ summary: '职务管理-分页列表查询', tags: ['系统管理'] });
    expect(doc.tags.map((t: any) => t.name)).toEqual(expect.arrayContaining(['系统管理', '赛事与评审', '门户内容']));
    expect(doc.paths['/sys/login'].post.security).toEqual([]);
  });

  it('derives a page\'s operations from its schema: fields, lengths, required flags, dictionaries, query grammar', async () => {
    const schema = s.app.ctx.schemas.get('sys_position')!;
    const add = doc.paths['/sys/position/add'].post.requestBody.content['application/json'].schema;
    expect(add.required).toEqual(schema.fields.filter((f) => f.required && f.form !== false).map((f) => f.name));
    for (const f of schema.fields.filter((x) => x.form !== false && x.type === 'string' && x.length)) {
      expect(add.properties[f.name], f.name).toMatchObject({ type: 'string', maxLength: f.length });
    }
    const ranked = schema.fields.find((f) => f.dict?.code)!;
    const items = (await s.app.ctx.dicts.items(ranked.dict!.code!))!;
    expect(add.properties[ranked.name].enum).toEqual(items.map((i) => i.value));
    const params = doc.paths['/sys/position/list'].get.parameters.map((p: any) => p.name);
    expect(params).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', ...schema.fields.map((f) => f.name)]));
    expect(doc.paths['/sys/position/edit'].put.requestBody.content['application/json'].schema.required).toEqual(['id']);
    expect(doc.paths['/sys/position/exportXls'].get.responses['200'].content).toHaveProperty(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    // A tree page has its child lists; a page with a workflow its transitions.
    const flow = s.app.ctx.schemas.schemas.find((p) => p.workflow)!;
    expect(doc.paths[`${flow.api}/transition`].post.requestBody.content['application/json'].schema.properties.transition.enum).toEqual(flow.workflow!.transitions.map((t) => t.name));
    const tree = s.app.ctx.schemas.schemas.find((p) => p.kind === 'tree')!;
    expect(doc.paths[`${tree.api}/childList`]).toBeDefined();
  });

  it('shows an online form as soon as it is synced', async () => {
    const table = 'demo_openapi_form';
    const design = {
      head: { tableName: table, tableTxt: '接口文档演示', tableType: 1 },
      fields: [designField('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), designField('title', { dbFieldTxt: '标题', fieldMustInput: '1', dbLength: 50, isQuery: 1 })],
      indexs: [],
    };
    const headId = expectOk(await s.api.post('/online/cgform/api/addAll', design, { token: admin }));
    const before = (await s.api.get('/v3/api-docs', { token: admin })).body;
    expect(before.paths[`/online/data/${table}/list`]).toBeUndefined();
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }));
    const after = (await s.api.get('/v3/api-docs', { token: admin })).body;
    const add = after.paths[`/online/data/${table}/add`].post;
    expect(add.summary).toBe('接口文档演示-添加');
    expect(add.requestBody.content['application/json'].schema).toMatchObject({ required: ['title'], properties: { title: { type: 'string', maxLength: 50 } } });
    expect(after.paths[`/online/data/${table}/list`].get.parameters.map((p: any) => p.name)).toContain('title');
  });

  it('matches the server\'s real replies: every page\'s list and record, and a sample of hand-written routes', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema(doc, 'doc');
    const check = async (method: string, url: string, path: string, status = '200') => {
      const res = await s.api(method.toUpperCase(), url, { token: admin });
      expect(res.status, `${url} ${res.text.slice(0, 200)}`).toBe(Number(status));
      const validate = ajv.compile({ $ref: `doc#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}` });
      expect(validate(res.body) ? [] : validate.errors!.map((e) => `${url}${e.instancePath} ${e.message}`)).toEqual([]);
      return res.body;
    };
    // The schemas bite: a row whose id is a number is not what the document promises.
    const listSchema = ajv.compile({ $ref: `doc#/${pointer('paths', '/sys/position/list', 'get', 'responses', '200', 'content', 'application/json', 'schema')}` });
    const envelope = { success: true, message: '', code: 200, timestamp: 1, result: { records: [{ id: 'a' }], total: 1, size: 10, current: 1, pages: 1 } };
    expect(listSchema(envelope)).toBe(true);
    expect(listSchema({ ...envelope, result: { ...envelope.result, records: [{ id: 5 }] } })).toBe(false);
    let checked = 0;
    for (const page of s.app.ctx.schemas.schemas) {
      if (!doc.paths[`${page.api}/list`]) continue;
      const list = await check('get', `${page.api}/list?pageSize=3`, `${page.api}/list`);
      const first = list.result?.records?.[0];
      if (first?.id) await check('get', `${page.api}/queryById?id=${encodeURIComponent(first.id)}`, `${page.api}/queryById`);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    await check('delete', '/sys/position/delete?id=zz-none', '/sys/position/delete');
    for (const path of ['/sys/permission/getUserPermissionByToken', '/sys/user/getUserInfo', '/sys/dict/queryAllDictItems', '/sys/setting/site', '/web/news/list']) {
      await check('get', path, path);
    }
  }, 60_000);
});
