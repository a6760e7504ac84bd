import type { FastifyRequest } from 'fastify';
import type { CrudRegistrar } from './registrar.js';
import type { Kysely } from 'kysely';
import type { PageSchema } from '../../schema/types.js';
import { notifyTargets, transitionPermission, workflowFields, type WorkflowSchema, type WorkflowTransition } from '../../schema/workflow.js';
import { inTransaction } from '../db/transaction.js';
import { badRequest, ClientError, forbidden, notFound, ok } from '../http/result.js';
import { tellOfTransition } from './transition-notice.js';
import { addDictText } from './dict-text.js';
import { dictOf } from '../../schema/views.js';
import { newId } from '../util/ids.js';
import { formatDateTime } from '../util/time.js';
import type { PageAccess } from './access.js';
import type { CrudHooks, Row } from './hooks.js';
import { requestActions, requireAction } from './permission.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const HISTORY_TABLE = 'sys_workflow_history';
const OPINION_MAX = 500;
const BATCH_MAX = 200;

/** Orders history written within the same second (createTime has seconds only). */
let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1000));

/** 409: the row is not (or no longer) where the transition starts. */
const conflict = (message: string) => new ClientError(409, message);
export const CHANGED_MESSAGE = '数据已被他人修改，请刷新后重试';

interface Deps {
  /** The page's access decision: the rows a request fires transitions on, and reads the history of. */
  access: PageAccess;
  /** The page module's veto, and its follow-up, inside the transaction. */
  beforeTransition?: CrudHooks['beforeTransition'];
  afterTransition?: CrudHooks['afterTransition'];
}

interface FireBody { id?: unknown; ids?: unknown; transition?: unknown; opinion?: unknown; fromState?: unknown }

/** The label of each state, from the state field's dictionary. */
export async function stateLabels(req: FastifyRequest, schema: PageSchema, wf: WorkflowSchema): Promise<(s: string) => string> {
  const code = schema.fields.find((f) => f.name === wf.field)?.dict?.code;
  const items = code ? (await req.server.ctx.dicts.items(code)) ?? [] : [];
  return (s) => items.find((i) => i.value === s)?.text ?? s;
}

function idsOf(body: FireBody, t: WorkflowTransition): string[] {
  const raw = body.ids ?? body.id;
  if (typeof raw !== 'string' || !raw.trim()) throw badRequest('缺少参数 id');
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > 1 && !t.batch) throw badRequest(`「${t.label}」一次只能处理一条`);
  if (ids.length > BATCH_MAX) throw badRequest(`一次最多处理${BATCH_MAX}条`);
  return ids;
}

function opinionOf(body: FireBody, t: WorkflowTransition): string | null {
  const text = typeof body.opinion === 'string' ? body.opinion.trim() : '';
  if (body.opinion !== undefined && body.opinion !== null && typeof body.opinion !== 'string') throw badRequest('意见需要是文本');
  if (t.opinion === 'required' && !text) throw badRequest(`请填写${t.label}意见`);
  if (text.length > OPINION_MAX) throw badRequest(`意见最多${OPINION_MAX}字`);
  return t.opinion ? text || null : null;
}

/**
 * The one place a row's state changes (DESIGN.md "Beyond CRUD"): `POST <api>/transition` checks
 * the transition's button, the opinion and the row's current state, writes the new state with a
 * compare-and-set on the old one (of two racing 通过, one wins, the other is told the row has
 * changed), stamps the declared fields, keeps the history and tells the owner — all in one
 * transaction. `GET <api>/history?id=` answers a visible row's history, oldest first.
 */
export function workflowRoutes(app: CrudRegistrar, schema: PageSchema, deps: Deps): void {
  const wf = schema.workflow!;
  const db = app.ctx.db as unknown as Kysely<any>;
  const base = schema.api;
  // What a transition's notice needs of each row: its owner, the user fields it tells, its title.
  const noticeColumns = [...new Set(['id', wf.field, 'createBy', ...(schema.record ? [schema.record.title] : []),
    ...wf.transitions.flatMap(notifyTargets).flatMap((n) => (typeof n === 'object' && 'field' in n ? [n.field] : []))])];

  // A title held as a key (a sheet's project) is named by its dictionary's text.
  const titleField = schema.fields.find((f) => f.name === schema.record?.title && dictOf(f));

  app.post<{ Body: FireBody }>(`${base}/transition`, async (req) => {
    const body = (req.body ?? {}) as FireBody;
    const t = wf.transitions.find((x) => x.name === body.transition);
    if (!t) {
      // Who may fire none of the page's transitions is refused before being told what is wrong.
      const held = await requestActions(app.ctx.db, req);
      if (!wf.transitions.some((x) => held.has(transitionPermission(schema, x)))) throw forbidden();
      throw badRequest(typeof body.transition === 'string' ? `未知的流程操作: ${body.transition.slice(0, 32)}` : '缺少参数 transition');
    }
    await requireAction(app.ctx.db, req, transitionPermission(schema, t));
    const ids = idsOf(body, t);
    const opinion = opinionOf(body, t);
    const expected = typeof body.fromState === 'string' ? body.fromState : undefined;
    const scope = await deps.access.rows(req, 'transition');
    const label = await stateLabels(req, schema, wf);
    const user = req.user!;
    const now = formatDateTime();
    const stamps: Row = Object.fromEntries(Object.entries(t.stamp ?? {}).map(([f, what]) => [f, what === 'now' ? now : what === 'user' ? user.username : opinion]));

    await inTransaction(db, async (tx) => {
      const moved: Row[] = [];
      for (const id of ids) {
        let q = tx.selectFrom(schema.table).select(noticeColumns).where('id', '=', id);
        if (scope) q = q.where(scope);
        const row = await q.executeTakeFirst() as Row | undefined;
        if (!row) throw notFound('未找到对应数据');
        const from = String(row[wf.field] ?? '');
        if (expected !== undefined && expected !== from) throw conflict(CHANGED_MESSAGE);
        if (!t.from.includes(from)) throw conflict(`当前状态「${label(from)}」不能${t.label}`);
        await deps.beforeTransition?.({ db: tx, user, req, ctx: app.ctx }, t, id);
        const res = await tx.updateTable(schema.table).set({ ...stamps, [wf.field]: t.to, updateBy: user.username, updateTime: now })
          .where('id', '=', id).where(wf.field, '=', from).executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw conflict(CHANGED_MESSAGE);
        await tx.insertInto(HISTORY_TABLE).values({
          id: newId(), seq: nextSeq(), tableName: schema.table, rowId: id, transition: t.name, fromState: from, toState: t.to,
          opinion, createBy: user.username, createName: user.realname || user.username, createTime: now,
        }).execute();
        await deps.afterTransition?.({ db: tx, user, req, ctx: app.ctx }, t, id);
        moved.push(row);
      }
      if (titleField) await addDictText(tx, app.ctx.dicts, [titleField], moved);
      await tellOfTransition(tx, schema, t, moved, { user, opinion, stateLabel: label(t.to) });
    });
    return ok(null, ids.length > 1 ? `${t.label}成功，共${ids.length}条` : `${t.label}成功！`);
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/history`, async (req) => {
    const id = req.query.id;
    if (typeof id !== 'string' || !id) throw badRequest('缺少参数 id');
    const scope = await deps.access.rows(req, 'read');
    let q = db.selectFrom(schema.table).select('id').where('id', '=', id);
    if (scope) q = q.where(scope);
    if (!(await q.executeTakeFirst())) throw notFound('未找到对应数据');
    const label = await stateLabels(req, schema, wf);
    const rows = await db.selectFrom(HISTORY_TABLE)
      .select(['id', 'transition', 'fromState', 'toState', 'opinion', 'createBy', 'createName', 'createTime'])
      .where('tableName', '=', schema.table).where('rowId', '=', id)
      .orderBy('createTime', 'asc').orderBy('seq', 'asc').execute() as Row[];
    const names = new Map(wf.transitions.map((t) => [t.name, t.label]));
    return ok(rows.map((r) => ({
      ...r, transitionText: names.get(String(r.transition)) ?? r.transition,
      fromState_dictText: label(String(r.fromState)), toState_dictText: label(String(r.toState)),
    })));
  });
}

/**
 * The workflow's part of the page's own writes: a new row starts in the initial state, and no body
 * chooses a state or a stamp. Whether a row may change now is the page's access decision (access.ts).
 */
export function workflowGuard(schema: PageSchema) {
  const wf = schema.workflow;
  if (!wf) return null;
  const written = workflowFields(schema);
  return {
    onAdd(values: Row): void {
      for (const f of written) delete values[f];
      values[wf.field] = wf.initial;
    },
    onEdit(changes: Row): void {
      for (const f of written) delete changes[f];
    },
  };
}
