import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageSchema } from '../../../schema/types.js';
import { writeWorkbook } from '../../crud/excel-write.js';
import type { CrudHooks, HookContext, SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, ok } from '../../http/result.js';
import { loadRunnable, personalReach, REPORT, runReach } from './report-access.js';
import { ReportService, type Report } from './report-service.js';

const services = new WeakMap<AppContext, ReportService>();
/** One report service per app (its runner holds a worker or a pool), closed with the app. */
export function reportService(ctx: AppContext): ReportService {
  let s = services.get(ctx);
  if (!s) services.set(ctx, (s = ReportService.create(ctx)));
  return s;
}

const idParam = { type: 'object', properties: { code: { type: 'string', maxLength: 100 } } } as const;
const anyQuery = { type: 'object', maxProperties: 100, additionalProperties: { type: ['string', 'number'], maxLength: 500 } } as const;

/** Only the built-in database for now: a report naming another data source is refused rather than run on the wrong one. */
const checkSource = (dbSource: unknown) => {
  if (typeof dbSource === 'string' && dbSource.trim()) throw badRequest(`暂不支持外部数据源: ${dbSource}`);
};

/**
 * Stored SQL is checked when written: a report that could not run safely is never saved, nor one
 * reading a personal column (a phone, a data log) of a page its author may not read. Whoever saves
 * a report becomes its author (its updateBy), so an edit checks the statement again against the
 * editor's pages, even when the edit leaves the statement as it was.
 */
const hooks: CrudHooks = {
  async beforeAdd(h: HookContext, values) {
    checkSource(values.dbSource);
    await reportService(h.ctx).check(values.cgrSql, h.db, await personalReach(h.ctx, h.req));
  },
  afterEdit(h: HookContext) { reportService(h.ctx).forget(); },
  afterDelete(h: HookContext) { reportService(h.ctx).forget(); },
  async beforeEdit(h: HookContext, changes, _body, current) {
    if ('dbSource' in changes) checkSource(changes.dbSource);
    await reportService(h.ctx).check('cgrSql' in changes ? changes.cgrSql : current.cgrSql, h.db, await personalReach(h.ctx, h.req));
  },
};

type DictOption = { value: string; text: string; label: string; title: string };

const shownItems = (report: Report) => report.items.filter((i) => Number(i.isShow ?? 1) === 1);

/** The dictionary of each shown column that names one, by field. */
async function dictOptionsOf(ctx: AppContext, shown: Report['items']): Promise<Record<string, DictOption[]>> {
  const dictOptions: Record<string, DictOption[]> = {};
  for (const item of shown.filter((i) => i.dictCode)) {
    dictOptions[item.fieldName] = ((await ctx.dicts.items(item.dictCode)) ?? []).map((d) => ({ value: d.value, text: d.text, label: d.text, title: d.text }));
  }
  return dictOptions;
}

/** Columns of the report as the popup and the report page draw them (contract §10.2). */
async function rpColumns(ctx: AppContext, report: Report) {
  const shown = shownItems(report);
  const dictOptions = await dictOptionsOf(ctx, shown);
  return {
    cgRpConfigId: report.head.id,
    cgRpConfigName: report.head.name,
    columns: shown.map((i) => ({
      title: i.fieldTxt || i.fieldName,
      dataIndex: i.fieldName,
      align: 'center',
      sorter: Number(i.isOrder) === 1,
      ...(i.fieldWidth ? { width: Number(i.fieldWidth) } : {}),
      ...(i.dictCode ? { customRender: i.fieldName } : {}),
    })),
    dictOptions,
  };
}

/** Search fields: `view` is `list` with a dictionary, else the lower-cased field type; items after the third start hidden. */
function queryInfo(report: Report) {
  return report.items.filter((i) => Number(i.isSearch) === 1).map((i, n) => ({
    field: i.fieldName,
    label: i.fieldTxt || i.fieldName,
    view: i.dictCode ? 'list' : String(i.fieldType || 'String').toLowerCase(),
    mode: i.searchMode === 'group' ? 'group' : 'single',
    ...(i.dictCode ? { dictCode: i.dictCode } : {}),
    ...(n >= 3 ? { hidden: '1' } : {}),
  }));
}

/** JeecgBoot's page size meaning "every row" (the service then applies its row cap). */
const WHOLE_REPORT = -521;

/**
 * The report as the workbook writer's page schema: its shown columns by their texts. The writer
 * titles the sheet "<title>报表", so a name already ending in 报表 is not doubled.
 */
const sheetSchema = (r: Report, shown: Report['items']): PageSchema => ({
  code: r.head.code,
  title: String(r.head.name).replace(/报表$/, '') || r.head.name,
  table: 'onl_cgreport_head',
  api: '/online/cgreport/api',
  fields: shown.map((i) => ({ name: i.fieldName, label: i.fieldTxt || i.fieldName, type: 'string' })),
});

/** `<field>_dictText` for dictionary columns (several comma-joined values each translated). */
function withDictText(records: Record<string, unknown>[], dictOptions: Record<string, DictOption[]>) {
  const dictFields = Object.entries(dictOptions);
  if (!dictFields.length) return records;
  return records.map((row) => {
    const out = { ...row };
    for (const [field, options] of dictFields) {
      const v = row[field];
      if (v === null || v === undefined || v === '') continue;
      out[`${field}_dictText`] = String(v).split(',').map((part) => options.find((o) => String(o.value) === part)?.text ?? part).join(',');
    }
    return out;
  });
}

async function routes(app: FastifyInstance): Promise<void> {
  const service = reportService(app.ctx);
  app.addHook('onClose', () => service.close());
  /** The report a runtime route names, once the user may run it. */
  const report = (req: FastifyRequest) => loadRunnable(app.ctx, req, REPORT,
    () => service.load((req.params as { code?: string }).code ?? ''), (r) => ({ id: r.head.id, code: r.head.code }));
  // The database learns what reports may read at start (PostgreSQL: the report role and its grants),
  // without holding the start up (SQLite: a worker thread to boot): a report asking meanwhile waits
  // for that same preparation.
  app.addHook('onReady', async () => {
    void service.prepare().catch((e) => app.log.warn(`report policy not prepared: ${(e as Error).message}`));
  });

  app.get('/online/cgreport/api/getRpColumns/:code', { config: { access: 'record' }, schema: { params: idParam } }, async (req) => ok(await rpColumns(app.ctx, await report(req))));
  app.get('/online/cgreport/api/getQueryInfo/:code', { config: { access: 'record' }, schema: { params: idParam } }, async (req) => ok(queryInfo(await report(req))));
  app.get('/online/cgreport/api/getParamsInfo/:code', { config: { access: 'record' }, schema: { params: idParam } }, async (req) => ok((await report(req)).params));
  app.get('/online/cgreport/api/getData/:code', { config: { access: 'record' }, schema: { params: idParam, querystring: anyQuery } }, async (req) => {
    const r = await report(req);
    return ok(await service.data(r, req.query as Record<string, unknown>, await runReach(app.ctx, req, r.head)));
  });

  /** The whole report as .xlsx: getData's query without paging (the row cap applies), shown columns, dictionary texts. */
  app.get('/online/cgreport/api/exportXls/:code', { config: { access: 'record' }, schema: { params: idParam, querystring: anyQuery } }, async (req, reply) => {
    const r = await report(req);
    const { records } = await service.data(r, { ...(req.query as Record<string, unknown>), pageNo: 1, pageSize: WHOLE_REPORT }, await runReach(app.ctx, req, r.head));
    const shown = shownItems(r);
    const file = await writeWorkbook(sheetSchema(r, shown), withDictText(records, await dictOptionsOf(app.ctx, shown)), req.user!.realname || req.user!.username);
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(r.head.code)}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${r.head.name}.xlsx`)}`)
      .send(file);
  });

  /** The designer's "解析SQL": the columns and `${}` parameters of a statement, without reading a row. */
  app.get<{ Querystring: { sql?: string; dbKey?: string } }>('/online/cgreport/head/parseSql', {
    config: { access: { permission: ['online:cgreport:add', 'online:cgreport:edit'] } },
    schema: { querystring: { type: 'object', properties: { sql: { type: 'string', maxLength: 10_000 }, dbKey: { type: 'string', maxLength: 100 } } } },
  }, async (req) => {
    await requireAction(app.ctx.db, req, 'online:cgreport:add').catch(() => requireAction(app.ctx.db, req, 'online:cgreport:edit'));
    checkSource(req.query.dbKey);
    const { guarded, columns } = await service.check(req.query.sql, undefined, await personalReach(app.ctx, req));
    return ok({
      fields: columns.map((name, i) => ({ fieldName: name, fieldTxt: name, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: 'single', orderNum: i })),
      params: guarded.params.map((name, i) => ({ paramName: name, paramTxt: name, paramValue: '', orderNum: i })),
    });
  });
}

export const cgreportModule: SchemaModule = { schema: 'onl_cgreport_head', hooks, routes };
