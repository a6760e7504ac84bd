import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { CrudHooks, HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { isRootPid, PARENT_MISSING, rootCondition } from '../../crud/tree.js';
import { badRequest, ok } from '../../http/result.js';
import { keyParam, parseEqualities, treeNodes } from '../dict/tree-data.js';
import { CategoryCodeError, extendsParent, nextChildCode, nextSegment } from './code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const TABLE = 'sys_category';
/** SPEC §5: the category select's condition must be a JSON string too. */
export const CATEGORY_CONDITION_MESSAGE = 'JCategorySelect condition传值有误，需要一个json字符串!';
const ROOT = '0';

const codeOf = async (db: AnyDb, id: unknown): Promise<string> => {
  if (isRootPid(id)) return '';
  const row = (await db.selectFrom(TABLE).select('code').where('id', '=', String(id)).executeTakeFirst()) as Row | undefined;
  if (!row) throw badRequest(PARENT_MISSING);
  return typeof row.code === 'string' ? row.code : '';
};

const requirePrefix = (code: string, parentCode: string) => {
  if (!extendsParent(code, parentCode)) throw badRequest(`编码不符合规范，须以"${parentCode}"开头!`);
};

/**
 * The next free code under a parent. On PostgreSQL a transaction-scoped lock per parent makes two
 * concurrent adds under one parent take turns (SQLite runs one write transaction at a time anyway).
 */
async function generateCode(h: HookContext, pid: string, parentCode: string): Promise<string> {
  if (h.ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`${TABLE}:${pid}`}))`.execute(h.db);
  const siblings = (await h.db.selectFrom(TABLE).select('code')
    .where((eb) => (isRootPid(pid) ? rootCondition(eb, 'pid') : eb('pid', '=', pid))).execute()) as Row[];
  try {
    let code = nextChildCode(parentCode, siblings.map((r) => r.code as string | null));
    // A hand-made code elsewhere may already hold the next value: step past it.
    while (await h.db.selectFrom(TABLE).select('id').where('code', '=', code).executeTakeFirst()) {
      code = parentCode + nextSegment(code.slice(parentCode.length));
    }
    return code;
  } catch (e) {
    if (e instanceof CategoryCodeError) throw badRequest(e.message);
    throw e;
  }
}

/** After a node's code changes, its descendants' codes follow (they start with the node's code). */
async function recodeDescendants(db: AnyDb, id: string, from: string, to: string): Promise<void> {
  let level = [id];
  for (let depth = 0; level.length && depth < 100; depth++) {
    const children = (await db.selectFrom(TABLE).select(['id', 'code']).where('pid', 'in', level).execute()) as Row[];
    for (const c of children) {
      if (typeof c.code === 'string' && c.code.startsWith(from)) {
        await db.updateTable(TABLE).set({ code: to + c.code.slice(from.length) }).where('id', '=', String(c.id)).execute();
      }
    }
    level = children.map((c) => String(c.id));
  }
}

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Category codes are parent-prefixed: generated when left empty, checked when given, and carried
 * along (with the subtree's) when a node moves. These hooks run before the engine's tree hooks,
 * which then refuse a move into the node's own subtree (rolling back the recoding).
 */
const hooks: CrudHooks = {
  async beforeAdd(h, values) {
    if (isRootPid(values.pid)) values.pid = ROOT;
    const parentCode = await codeOf(h.db, values.pid);
    const given = blank(values.code);
    if (given) requirePrefix(given, parentCode);
    values.code = given || await generateCode(h, String(values.pid), parentCode);
  },

  async beforeEdit(h, changes, _body, current) {
    const movedTo = 'pid' in changes ? (isRootPid(changes.pid) ? ROOT : String(changes.pid)) : undefined;
    if (movedTo !== undefined) changes.pid = movedTo;
    const moved = movedTo !== undefined && (isRootPid(current.pid) ? movedTo !== ROOT : movedTo !== String(current.pid));
    const parentPid = movedTo ?? (isRootPid(current.pid) ? ROOT : String(current.pid));
    const given = blank(changes.code);
    const currentCode = String(current.code ?? '');
    let code: string;
    if (given && given !== currentCode) {
      code = given;
      requirePrefix(code, await codeOf(h.db, parentPid));
    } else if (moved) {
      code = await generateCode(h, parentPid, await codeOf(h.db, parentPid));
    } else {
      delete changes.code;
      return;
    }
    changes.code = code;
    if (currentCode) await recodeDescendants(h.db, String(current.id), currentCode, code);
  },

  // JeecgBoot's category controller answers `childList` as a list (Result<List<SysCategory>>), and its
  // client's tree expands a node by reading that array, with or without its list mixin's paging
  // parameters; the engine's own tree reads either shape.
  reshape: (_req, read) => (read === 'childList' ? (rows) => rows : undefined),
};

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as AnyDb;
  const schema = app.ctx.schemas.get('sys_category')!;
  const str = { type: 'string', maxLength: 2000 } as const;

  // Contract §7.2: one level of the category tree for JCategorySelect. `pid` wins; else `pcode`
  // ('0' = the roots, another code = the children of the category with that code).
  app.get<{ Querystring: { pid?: string; pcode?: string; condition?: string } }>('/sys/category/loadTreeData', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { pid: str, pcode: str, condition: str } } },
  }, async (req) => {
    // The Vue3 online widget sends EMPTY_PID when no parent is configured.
    const pid = keyParam('pid', req.query.pid === 'EMPTY_PID' ? undefined : req.query.pid);
    const pcode = keyParam('pcode', req.query.pcode);
    const filters = parseEqualities(schema, req.query.condition, CATEGORY_CONDITION_MESSAGE);
    let parent: string | undefined;
    if (pid) parent = pid === ROOT ? undefined : pid;
    else if (pcode) {
      if (pcode !== ROOT) {
        const row = (await db.selectFrom(TABLE).select('id').where('code', '=', pcode).executeTakeFirst()) as Row | undefined;
        if (!row) return ok([]);
        parent = String(row.id);
      }
    } else throw badRequest('加载分类字典树参数有误.[null]!');
    return ok(await treeNodes(db, { schema, key: 'id', text: 'name', pid: 'pid', flag: 'hasChild', parent, filters, extra: ['code'] }));
  });

  // Contract §7.2: names of categories by id, in the order asked (echo of a category select).
  app.get<{ Querystring: { ids?: string; delNotExist?: string } }>('/sys/category/loadDictItem', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 40000 }, delNotExist: str } } },
  }, async (req) => {
    const ids = String(req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length > 1000) throw badRequest('一次最多翻译1000个值');
    if (!ids.length) return ok([]);
    const rows = (await db.selectFrom(TABLE).select(['id', 'name']).where('id', 'in', ids).execute()) as Row[];
    const names = new Map(rows.map((r) => [String(r.id), String(r.name ?? '')]));
    const keepMissing = req.query.delNotExist === 'false';
    return ok(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keepMissing ? [id] : [])));
  });
}

/** sys_category (contract §7): a tree page with parent-prefixed codes and the category select's endpoints. */
export const categoryModule: SchemaModule = { schema: 'sys_category', hooks, routes };
