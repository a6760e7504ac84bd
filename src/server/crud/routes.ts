import { areaCodeOfText } from '../../schema/area.js';
import { areaData } from '../area-data.js';
import type { FastifyRequest } from 'fastify';
import type { CrudRegistrar } from './registrar.js';
import type { CompiledQuery, Kysely } from 'kysely';
import { columnFields } from '../../schema/ddl.js';
import { parseListQuery, QueryError, type Condition, type ParsedQuery, type QueryField } from '../../schema/query.js';
import { snakeCase, type ColumnType, type PageSchema } from '../../schema/types.js';
import { actionPermission, mainsOf, type CrudAction } from '../../schema/permission.js';
import { compileLinkageEnforcer } from '../../schema/linkage-enforce.js';
import { compileValidators } from '../../schema/validator.js';
import { dictItemsOf, dictValueProblem } from './dict-values.js';
import { badRequest, ClientError, fail, forbidden, notFound, ok, okMessage } from '../http/result.js';
import { newId } from '../util/ids.js';
import { formatDateTime } from '../util/time.js';
import { composeHooks } from './compose-hooks.js';
import { addDictText } from './dict-text.js';
import type { CrudHooks, HookContext, Row, RowScope } from './hooks.js';
import { readWorkbook, writeWorkbook } from './excel.js';
import { streamWorkbook } from './excel-stream.js';
import { exportOrder, exportPaging, idsInOrder, keyColumns, seekSql, type ReadKeys } from './export-order.js';
import { requireAction } from './permission.js';
import { viewInterface } from '../../schema/views.js';
import { subTableSupport } from './sub-tables.js';
import { recordDataLog } from './data-log.js';
import { childListPid, normalizeHasChild, rootCondition, treeHooks } from './tree.js';
import { conditionShape, conditionSql, type TextSearch } from './where.js';
import { countList, countStatements, exactUpTo, type CountStatements } from './list-count.js';
import { bind, openConditions, slim, Slot, StatementCache } from './open-statements.js';
import { ftsTableName, planText } from '../db/index-plan.js';
import { inTransaction } from '../db/transaction.js';
import { workflowGuard, workflowRoutes } from './workflow.js';
import { pageAccess } from './access.js';
import { checkStoredFiles } from './file-fields.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const KIND: Record<ColumnType, QueryField['kind']> = {
  string: 'string', text: 'string', blob: 'string', time: 'string', int: 'number', long: 'number', double: 'number',
  decimal: 'number', date: 'date', datetime: 'datetime', boolean: 'boolean',
};

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** An export is one spreadsheet (Excel holds 1,048,576 rows): beyond this the client should narrow the query. */
const EXPORT_MAX_ROWS = 1_000_000;
/** Rows read and written per step of a streamed export. */
const EXPORT_BATCH = 2000;
/** Rows per INSERT of an import (16 columns × 100 stays far under both databases' parameter limits). */
const IMPORT_BATCH = 100;
/** A main page's export, with its sub rows, is built in memory. */
const EXPORT_WITH_SUBS_MAX_ROWS = 100_000;
/** From this offset on, a page is found by its ids first (a deferred join). */
const DEEP_OFFSET = 1000;
/** A module's unpaged answer (a whole menu tree) is a screen's worth of rows, not a dump. */
const UNPAGED_MAX_ROWS = 10_000;

const idList = (raw: unknown): string[] => {
  if (typeof raw !== 'string' || !raw.trim()) throw badRequest('缺少参数 ids');
  const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length > 1000) throw badRequest('一次最多删除1000条');
  return ids;
};

/**
 * The JeecgBoot CRUD contract for one page schema, under its `api` path: list, queryById, add,
 * edit, delete, deleteBatch, exportXls, importExcel. Every field name comes from the schema; the client names none.
 * Tree pages (tree.ts) list their roots and add childList/rootList; main pages (sub-tables.ts) store
 * their sub rows with the main row and add subList.
 */
export function crudRoutes(schema: PageSchema, moduleHooks: CrudHooks = {}) {
  return async (app: CrudRegistrar) => {
    const { dicts, dialect } = app.ctx;
    const db = app.ctx.db as unknown as Kysely<any>;
    const fields = columnFields(schema);
    const readable = fields.filter((f) => !f.sensitive);
    const queryFields: QueryField[] = readable.map((f) => ({
      name: f.name, kind: KIND[f.type], sortable: f.sortable !== false, multiple: !!viewInterface(f.view).multiple?.(f),
    }));
    const columns = readable.map((f) => f.name);
    const byName = new Map(fields.map((f) => [f.name, f]));
    // A sub page's own add and edit take the key its main page attaches its rows by (the main's id).
    const attachedBy = mainsOf(schema, app.ctx.schemas.schemas).flatMap((m) => m.subTables!.filter((t) => t.code === schema.code).map((t) => t.foreignKey));
    const validate = compileValidators(schema, { attachedBy });
    const linkage = compileLinkageEnforcer(schema);
    /** The body as the linkage rules leave it (hidden fields' values dropped), or their refusal. */
    const linked = (body: Row, stored: Row | null): Row => {
      const r = linkage?.(body, stored);
      if (r?.problem) throw badRequest(r.problem);
      return r ? r.body : body;
    };
    /** Looked up at each request: the set of pages (and so a sub page's main) can change as online forms sync. */
    const perm = (action: CrudAction) => {
      const code = actionPermission(schema, action, app.ctx.schemas.schemas);
      if (!code) throw forbidden(); // the schema checks refuse such a page; never open by omission
      return code;
    };
    const text: TextSearch | null = dialect === 'sqlite' && planText(schema)
      ? { fts: ftsTableName(schema.table), columns: new Map(fields.filter((f) => f.search && !f.sensitive).map((f) => [f.name, snakeCase(f.name)])) }
      : null;
    const countCap = exactUpTo(schema);
    const defaultSort = schema.defaultSort ? [{ field: schema.defaultSort.column, dir: schema.defaultSort.order }] : [{ field: 'createTime', dir: 'desc' as const }];
    const base = schema.api;
    const tree = schema.kind === 'tree' ? schema.tree : undefined;
    const subs = schema.kind === 'main' ? subTableSupport(schema, app.ctx.schemas) : undefined;
    const hooks = composeHooks([tree && treeHooks(schema), subs?.hooks], moduleHooks);
    const access = pageAccess(app.ctx, schema, hooks.scope);

    const virtual = new Set(schema.fields.filter((f) => f.virtual).map((f) => f.name));
    const flow = workflowGuard(schema);
    const uploads = app.ctx.uploads;
    const hookCtx = (req: FastifyRequest, tx: Kysely<any> = db): HookContext => ({ db: tx, user: req.user!, req, ctx: app.ctx });
    /** Runs a write and its hooks in one transaction: a refusing hook leaves nothing behind. */
    const write = <T>(fn: (tx: Kysely<any>) => Promise<T>) => inTransaction(db, fn);

    /** The rows the request reads (access.ts): every read path of the page asks it. */
    const scopeOf = (req: FastifyRequest) => access.rows(req, 'read');
    /**
     * The stored rows `ids` when the request may write every one of them; a row it reads but may not
     * write is refused (403), one it does not read is not there (404).
     */
    const writable = async (req: FastifyRequest, tx: Kysely<any>, ids: string[], what: '修改' | '删除'): Promise<Row[]> => {
      const scope = await access.rows(req, 'write');
      let q = tx.selectFrom(schema.table).select(columns).where('id', 'in', ids);
      if (scope) q = q.where(scope);
      const found = (await q.execute()) as Row[];
      if (!scope || found.length === new Set(ids).size) return found; // an id that exists nowhere is simply not written
      const read = await scopeOf(req);
      let seen = tx.selectFrom(schema.table).select('id').where('id', 'in', ids);
      if (read) seen = seen.where(read);
      if ((await seen.execute()).length === new Set(ids).size) throw forbidden(`无权${what}该数据`);
      throw notFound('未找到对应数据');
    };

    const findById = (id: string, scope: RowScope | null = null) => {
      let q = db.selectFrom(schema.table).select(columns).where('id', '=', id);
      if (scope) q = q.where(scope);
      return q.executeTakeFirst() as Promise<Row | undefined>;
    };

    const parse = (req: FastifyRequest, opts: { maxPageSize?: number } = {}) => {
      try {
        const q = parseListQuery(req.query as Record<string, unknown>, queryFields, { defaultSort, ...opts });
        q.where.push(...(hooks.queryConditions?.(req) ?? []));
        return q;
      } catch (e) {
        if (e instanceof QueryError) throw badRequest(e.message);
        throw e;
      }
    };

    /** The rows a query selects: its conditions, its super query, the read scope and, for exports, `selections`. */
    /** `real`: the query `q` stands for when its values are open (slots), for what the values decide. */
    const filtered = (q: ParsedQuery, scope: RowScope | null, withSelections = false, real: ParsedQuery = q) => db.selectFrom(schema.table).where((eb) => {
      const parts = q.where.map((c, i) => conditionSql(eb, c, dialect, text, real.where[i]));
      if (scope) parts.push(scope(eb));
      if (q.superWhere.length) {
        const sup = q.superWhere.map((c, i) => conditionSql(eb, c, dialect, text, real.superWhere[i]));
        parts.push(q.superMatch === 'or' ? eb.or(sup) : eb.and(sup));
      }
      if (withSelections && q.selections.length) parts.push(eb('id', 'in', q.selections));
      return eb.and(parts);
    });

    const ordered = <Q extends { orderBy: (f: string, d: 'asc' | 'desc') => Q }>(q: ParsedQuery, query: Q): Q => {
      let out = query;
      for (const s of q.sort) out = out.orderBy(s.field, s.dir);
      return out.orderBy('id', 'desc');
    };
    const sorted = (q: ParsedQuery, base: ReturnType<typeof filtered>) => ordered(q, base.select(columns));

    /** Rows as every read shows them: dictionary texts, the tree's has-child flag, the module's derived values. */
    const present = async (req: FastifyRequest, records: Row[]) => {
      await addDictText(db, dicts, readable, records);
      if (tree) normalizeHasChild(tree, records);
      if (hooks.decorate) await hooks.decorate(hookCtx(req), records);
      return records;
    };

    type Paging = 'all' | 'page' | 'deep';
    const listStatements = new StatementCache<{ page: CompiledQuery } & CountStatements>();
    /**
     * A list request's statements, bound to its values, compiled once per query shape (open-statements.ts)
     * and read scope: a keyed scope (row and data rules) names the user's values it binds; a scope without
     * a key (a module's, such as an announcement's readers) has its statements built for the request.
     */
    const listSql = (q: ParsedQuery, scope: RowScope | null, paging: Paging, rootsOnly: boolean, size = 0, offset = 0) => {
      const values: unknown[] = [];
      const open: ParsedQuery = { ...q, where: openConditions(q.where, values), superWhere: openConditions(q.superWhere, values) };
      const limit = new Slot(values.length) as unknown as number, skip = new Slot(values.length + 1) as unknown as number;
      const build = () => {
        const rowsOf = rootsOnly ? filtered(open, scope, false, q).where((eb) => rootCondition(eb, tree!.pidField)) : filtered(open, scope, false, q);
        // A deep page skips its offset over the ids alone (the planned filter+sort index covers them), then reads only its own rows.
        const page = paging === 'all' ? sorted(open, rowsOf)
          : paging === 'page' ? sorted(open, rowsOf).limit(limit).offset(skip)
            : sorted(open, db.selectFrom(schema.table).where('id', 'in', ordered(open, rowsOf.select('id')).limit(limit).offset(skip)));
        const counts = countStatements(db, rowsOf, paging === 'all' ? null : countCap);
        let rows: CompiledQuery | undefined;
        return { page: slim(page.compile()), count: slim(counts.count), rows: () => (rows ??= slim(counts.rows())) };
      };
      const shapeOf = (c: Condition) => conditionShape(c, text);
      const key = `${paging}|${rootsOnly ? 'roots' : ''}|${q.where.map(shapeOf).join(',')}|${q.superMatch}:${q.superWhere.map(shapeOf).join(',')}|${q.sort.map((s) => `${s.field} ${s.dir}`).join(',')}`;
      const made = !scope ? listStatements.get(key, build) : scope.key !== undefined ? listStatements.get(`${key}|${scope.key}`, build) : build();
      values.push(size, offset);
      return { page: bind(made.page, values), count: bind(made.count, values), rows: () => bind(made.rows(), values) };
    };

    const list = async (req: FastifyRequest) => {
      const q = parse(req);
      // A tree without filter conditions lists its roots; any condition lists the flat matches (JeecgBoot).
      const rootsOnly = !!tree && !q.where.length && !q.superWhere.length;
      const scope = await scopeOf(req);
      const shape = hooks.reshape?.(req, 'list');
      if (shape) {
        const rowsOf = rootsOnly ? filtered(q, scope).where((eb) => rootCondition(eb, tree.pidField)) : filtered(q, scope);
        return ok(shape(await present(req, (await sorted(q, rowsOf).limit(UNPAGED_MAX_ROWS).execute()) as Row[])));
      }
      const estimate = { table: schema.table, where: q.where };
      if (q.pageSize === -521) {
        const statements = listSql(q, scope, 'all', rootsOnly);
        const { total } = await countList(db, dialect, statements, null, estimate);
        const records = await present(req, (await db.executeQuery(statements.page)).rows as Row[]);
        return ok({ records, total, size: total, current: q.pageNo, pages: total ? 1 : 0 });
      }
      const size = q.pageSize, offset = (q.pageNo - 1) * size;
      const statements = listSql(q, scope, offset < DEEP_OFFSET ? 'page' : 'deep', rootsOnly, size, offset);
      // The page's rows never wait on the count: on PostgreSQL both run at once, on two connections.
      const [page, counted] = await Promise.all([db.executeQuery(statements.page), countList(db, dialect, statements, countCap, estimate)]);
      const records = await present(req, page.rows as Row[]);
      const { total, estimated } = counted;
      return ok({ records, total, size, current: q.pageNo, pages: Math.ceil(total / size), ...(estimated ? { totalEstimated: true } : {}) });
    };
    app.get(`${base}/list`, list);

    if (tree) {
      app.get(`${base}/rootList`, list);
      // All direct children of one node, unpaged, in the list's order, as a page (JeecgBoot's shape).
      app.get(`${base}/childList`, async (req) => {
        const pid = childListPid(req.query);
        const q = parse(req);
        const records = await present(req, (await sorted(q, filtered(q, await scopeOf(req)).where(tree.pidField, '=', pid)).execute()) as Row[]);
        const shape = hooks.reshape?.(req, 'childList');
        return ok(shape ? shape(records) : { records, total: records.length, size: records.length, current: 1, pages: 1 });
      });
      // The children of several expanded nodes at once (`parentIds=a,b`), as childList answers them (JeecgBoot's category list after a save).
      app.get(`${base}/getChildListBatch`, async (req) => {
        const raw = (req.query as Row).parentIds;
        const pids = typeof raw === 'string' ? raw.split(',').map((x) => x.trim()).filter(Boolean) : [];
        if (!pids.length) throw badRequest('缺少参数 parentIds');
        if (pids.length > 1000) throw badRequest('parentIds 一次最多1000个');
        const q = parse(req);
        const records = await present(req, (await sorted(q, filtered(q, await scopeOf(req)).where(tree.pidField, 'in', pids)).execute()) as Row[]);
        return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
      });
    }
    if (subs) subs.routes(app, access);
    if (schema.workflow) workflowRoutes(app, schema, { access, beforeTransition: hooks.beforeTransition, afterTransition: hooks.afterTransition });

    /**
     * The export's rows in the list's order, a batch at a time: a page of ids read after the last one
     * read (keyset paging, export-order.ts), then each batch's rows by id with their dictionary texts —
     * never every id, nor the whole export, at once.
     */
    async function* exportBatches(q: ParsedQuery, scope: RowScope | null) {
      const order = exportOrder(q.sort);
      const keys = keyColumns(order, dialect);
      const read: ReadKeys = async (seeks, limit) => {
        let found = filtered(q, scope, true).select(keys);
        if (seeks.length) found = found.where((eb) => eb.and(seeks.map((s) => seekSql(eb, s))));
        return (await ordered(q, found).limit(limit).execute()).map((r) => order.map((_, i) => r[`k${i}`]));
      };
      for await (const ids of idsInOrder(order, dialect === 'sqlite', read, { perRead: exportPaging.keysPerRead, max: EXPORT_MAX_ROWS })) {
        for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
          const batch = ids.slice(i, i + EXPORT_BATCH);
          const byId = new Map(((await db.selectFrom(schema.table).select(columns).where('id', 'in', batch).execute()) as Row[]).map((r) => [String(r.id), r]));
          const rows = batch.map((id) => byId.get(id)).filter((r): r is Row => !!r); // a row deleted meanwhile is left out
          await addDictText(db, dicts, readable, rows);
          yield rows;
        }
      }
    }

    app.get(`${base}/exportXls`, async (req, reply) => {
      await requireAction(app.ctx.db, req, perm('export'));
      const q = parse(req, { maxPageSize: EXPORT_MAX_ROWS });
      const scope = await scopeOf(req);
      const exportedBy = req.user!.realname || req.user!.username;
      const name = encodeURIComponent(`${schema.title}.xlsx`);
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${schema.code}.xlsx"; filename*=UTF-8''${name}`);
      if (!subs) return reply.send(await streamWorkbook(schema, exportedBy, exportBatches(q, scope)));
      // A main page's sub sheets name each sub row's main row: that export is built whole, and smaller.
      const rows = (await sorted(q, filtered(q, scope, true)).limit(EXPORT_WITH_SUBS_MAX_ROWS).execute()) as Row[];
      await addDictText(db, dicts, readable, rows);
      const subSheets = await subs.exportRows(db, dicts, rows.map((r) => String(r.id)));
      return reply.send(await writeWorkbook(schema, rows, exportedBy, subSheets));
    });

    app.post(`${base}/importExcel`, async (req) => {
      await requireAction(app.ctx.db, req, perm('import'));
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 .xlsx 文件');
      const part = await req.file();
      if (!part) throw badRequest('没有收到文件');
      const data = await part.toBuffer();
      let sheetRows;
      try {
        sheetRows = await readWorkbook(schema, data);
      } catch (e) {
        throw badRequest((e as Error).message);
      }
      if (!sheetRows.length) return fail('文件中没有数据行');
      const user = req.user!;
      const now = formatDateTime();
      const errors: string[] = [];
      const prepared: { line: number; values: Row }[] = [];
      const items = await dictItemsOf(dicts, fields);
      for (const { line, values } of sheetRows) {
        const { problem, body: converted } = validate.add(await fromSheet(values));
        const ruled = problem ? null : linkage?.(converted!);
        const unknown = problem || ruled?.problem ? null : dictValueProblem(items, fields, ruled?.body ?? converted!);
        if (problem || ruled?.problem || unknown) errors.push(`第${line}行: ${problem ?? ruled?.problem ?? unknown}`);
        else {
          const values: Row = { ...(ruled?.body ?? converted), id: newId(), createBy: user.username, createTime: now, updateBy: null, updateTime: null, sysOrgCode: user.orgCode };
          flow?.onAdd(values);
          prepared.push({ line, values });
        }
      }
      if (errors.length) return fail(`导入失败，未导入任何数据。${errors.slice(0, 20).join('；')}${errors.length > 20 ? `；等${errors.length}处错误` : ''}`, 500, { errorCount: errors.length, errors: errors.slice(0, 200) });
      // Each main row the sheet's sub rows name is one the user writes and that may change now.
      if (attachedBy.length) {
        await inTransaction(db, async (tx) => {
          const firstOfEach = new Map<string, { line: number; values: Row }>();
          for (const r of prepared) {
            const key = attachedBy.map((fk) => String(r.values[fk] ?? '')).join('\u0000');
            if (!firstOfEach.has(key)) firstOfEach.set(key, r);
          }
          for (const { line, values } of firstOfEach.values()) {
            await access.requireMains(hookCtx(req, tx), [values]).catch((e) => Promise.reject(e instanceof ClientError ? new ClientError(e.statusCode, `导入失败，未导入任何数据。第${line}行: ${e.message}`) : e));
          }
        });
      }
      let failedLine = 0;
      const oneByOne = () => inTransaction(db, async (tx) => {
        const h = hookCtx(req, tx);
        for (const r of prepared) {
          failedLine = r.line;
          const body = { ...r.values };
          await hooks.beforeAdd?.(h, r.values, body);
          await tx.insertInto(schema.table).values(r.values).execute();
          await hooks.afterAdd?.(h, r.values, body);
        }
      });
      // Without a page's add hooks, rows go in by the hundred (same columns in one statement); a refusal
      // is found again row by row, to name its line.
      const batched = () => inTransaction(db, async (tx) => {
        for (let i = 0; i < prepared.length;) {
          const keys = Object.keys(prepared[i].values).join();
          let j = i + 1;
          while (j < prepared.length && j - i < IMPORT_BATCH && Object.keys(prepared[j].values).join() === keys) j++;
          await tx.insertInto(schema.table).values(prepared.slice(i, j).map((r) => r.values)).execute();
          i = j;
        }
      });
      try {
        if (hooks.beforeAdd || hooks.afterAdd) await oneByOne();
        else await batched().catch((e) => (isUniqueViolation(e) ? oneByOne() : Promise.reject(e)));
      } catch (e) {
        if (isUniqueViolation(e)) return fail(`导入失败，未导入任何数据。第${failedLine}行: 数据库中已存在该记录`);
        throw e;
      }
      return okMessage(`文件导入成功！数据行数：${prepared.length}`);
    });

    /** Sheet cells to field values: dictionary texts back to values, numbers and text to the field's type. */
    const fromSheet = async (values: Row): Promise<Row> => {
      const out: Row = {};
      for (const [name, raw] of Object.entries(values)) {
        const f = byName.get(name)!;
        let v: unknown = raw;
        if (f.dict?.code) {
          const items = (await dicts.items(f.dict.code)) ?? [];
          v = String(v).split(',').map((part) => items.find((i) => i.text === part.trim())?.value ?? part.trim()).join(',');
        }
        // An exported area reads 省/市/区: back to its code.
        if (f.view === 'pca' && typeof v === 'string') v = areaCodeOfText(v, areaData()) ?? v;
        if (['int', 'long', 'double', 'decimal'].includes(f.type)) v = typeof v === 'number' ? v : Number.isFinite(Number(v)) && String(v).trim() !== '' ? Number(v) : v;
        else if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
        out[name] = v;
      }
      return out;
    };

    app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, async (req) => {
      const id = req.query.id;
      if (!id) throw badRequest('缺少参数 id');
      const row = await findById(String(id), await scopeOf(req));
      if (!row) return fail('未找到对应数据');
      if (tree) normalizeHasChild(tree, [row]);
      if (hooks.decorate) await hooks.decorate(hookCtx(req), [row]);
      return ok(row);
    });

    /** The column values of a checked body (declared fields only): virtual fields are the module's, not columns. */
    const cleanBody = (body: Row) => Object.fromEntries(Object.entries(body).filter(([k]) => !virtual.has(k)));

    /** The main row's part of a body: a main page's `<subCode>List` arrays are checked by sub-tables.ts. */
    const ownBody = (body: unknown) => (subs ? subs.strip(body) : body);

    app.post(`${base}/add`, async (req) => {
      await requireAction(app.ctx.db, req, perm('add'));
      const { problem, body } = validate.add(ownBody(req.body));
      if (problem !== null) throw badRequest(problem);
      const user = req.user!;
      const values = {
        ...cleanBody(linked(body, null)), id: newId(), createBy: user.username, createTime: formatDateTime(),
        updateBy: null, updateTime: null, sysOrgCode: user.orgCode,
      };
      flow?.onAdd(values);
      await checkStoredFiles(schema, values, uploads);
      const items = await dictItemsOf(dicts, fields);
      try {
        await write(async (tx) => {
          const h = hookCtx(req, tx);
          await access.requireMains(h, [values]);
          await hooks.beforeAdd?.(h, values, req.body as Row);
          const unknown = dictValueProblem(items, fields, values);
          if (unknown) throw badRequest(unknown);
          await tx.insertInto(schema.table).values(values).execute();
          await hooks.afterAdd?.(h, values, req.body as Row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) return fail('数据库中已存在该记录');
        throw e;
      }
      // `?answer=id`: the new row's id as the result (JeecgBoot's online form API answers it so), for
      // a form that goes on with the row (保存草稿 then 提交申报); the message is the same.
      if ((req.query as Row | undefined)?.answer === 'id') return ok(values.id, '添加成功！');
      return okMessage('添加成功！');
    });

    const edit = async (req: FastifyRequest) => {
      await requireAction(app.ctx.db, req, perm('edit'));
      const { problem, body } = validate.edit(ownBody(req.body));
      if (problem !== null) throw badRequest(problem);
      const { id, createBy: _cb, createTime: _ct, sysOrgCode: _so, ...rest } = cleanBody(body);
      const [current] = await writable(req, db, [String(id)], '修改').catch((e) => (e instanceof ClientError && e.statusCode === 404 ? [] : Promise.reject(e)));
      if (!current) return fail('未找到对应数据');
      // A sub row stays with its main row: a move is a delete and an add, each checked.
      for (const fk of access.attachedBy) {
        if (fk in rest && String(rest[fk] ?? '') !== String(current[fk] ?? '')) throw forbidden('不能把数据移到其他记录，请删除后重新添加');
      }
      const changes: Row = { ...linked(rest, current), updateBy: req.user!.username, updateTime: formatDateTime() };
      flow?.onEdit(changes);
      await checkStoredFiles(schema, changes, uploads);
      const items = await dictItemsOf(dicts, fields);
      try {
        await write(async (tx) => {
          const h = hookCtx(req, tx);
          await access.requireChangeable(h, [String(id)], '修改');
          await hooks.beforeEdit?.(h, changes, req.body as Row, current);
          const unknown = dictValueProblem(items, fields, changes, current);
          if (unknown) throw badRequest(unknown);
          await tx.updateTable(schema.table).set(changes).where('id', '=', String(id)).execute();
          await hooks.afterEdit?.(h, String(id), changes, req.body as Row);
          await recordDataLog(tx, schema, String(id), current, req.user!);
        });
      } catch (e) {
        if (isUniqueViolation(e)) return fail('数据库中已存在该记录');
        throw e;
      }
      return okMessage('编辑成功!');
    };
    app.put(`${base}/edit`, edit);
    app.post(`${base}/edit`, edit);

    app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, async (req) => {
      await requireAction(app.ctx.db, req, perm('delete'));
      const id = req.query.id;
      if (!id) throw badRequest('缺少参数 id');
      const deleted = await remove(req, [String(id)]);
      return deleted ? okMessage('删除成功!') : fail('未找到对应数据');
    });

    app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, async (req) => {
      await requireAction(app.ctx.db, req, perm('delete'));
      await remove(req, idList(req.query.ids));
      return okMessage('批量删除成功!');
    });

    /** Deletes rows with the page's hooks in one transaction; answers how many went. */
    async function remove(req: FastifyRequest, ids: string[]): Promise<number> {
      return write(async (tx) => {
        const h = hookCtx(req, tx);
        await writable(req, tx, ids, '删除');
        await access.requireChangeable(h, ids, '删除');
        await hooks.beforeDelete?.(h, ids);
        const res = await tx.deleteFrom(schema.table).where('id', 'in', ids).executeTakeFirst();
        await hooks.afterDelete?.(h, ids);
        return Number(res.numDeletedRows);
      });
    }
  };
}
