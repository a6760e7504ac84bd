import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { pageComponents } from '../../../schema/permission.js';
import type { PageSchema } from '../../../schema/types.js';
import type { Work } from '../../../schema/workplace.js';
import { todoOf, transitionPermission, type NotifyTarget } from '../../../schema/workflow.js';
import { grantsOf, type Grants } from '../../auth/grants.js';
import { accessOf } from '../../crud/access.js';
import { addDictText } from '../../crud/dict-text.js';
import { bothScopes, type Row } from '../../crud/hooks.js';
import { namingUser } from '../../crud/row-rules.js';
import { stateLabels } from '../../crud/workflow.js';
import type { AppContext } from '../../http/context.js';
import { ClientError } from '../../http/result.js';
import { pageFor, recordTitle } from '../announcement/record-notice.js';

export type { Work, WorkItem } from '../../../schema/workplace.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** How many of an entry's waiting rows the 工作台 shows by name. */
const SHOWN = 5;

/** A page's transitions that declare a `todo`, grouped by label and audience: one entry each. */
interface Entry { label: string; for?: NotifyTarget; states: Set<string>; permissions: string[]; names: string[] }

function entriesOf(schema: PageSchema): Entry[] {
  const entries = new Map<string, Entry>();
  for (const t of schema.workflow?.transitions ?? []) {
    const todo = todoOf(t);
    if (!todo) continue;
    const key = JSON.stringify([todo.label, todo.for ?? null]);
    const e = entries.get(key) ?? { label: todo.label, for: todo.for, states: new Set(), permissions: [], names: [] };
    for (const s of t.from) e.states.add(s);
    e.permissions.push(transitionPermission(schema, t));
    e.names.push(t.name);
    entries.set(key, e);
  }
  return [...entries.values()];
}

/** The menu urls of the components the user holds (an administrator holds every menu). */
async function heldPages(db: Kysely<any>, grants: Grants, components: string[]): Promise<Map<string, string>> {
  const wanted = grants.admin ? components : components.filter((c) => grants.menus.has(c));
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('sys_permission').select(['component', 'url'])
    .where('component', 'in', wanted).where('delFlag', '=', 0).where('menuType', '<>', 2).execute() as { component: string; url: string | null }[];
  return new Map(rows.filter((r) => r.url).map((r) => [r.component, r.url!]));
}

/**
 * The user's work across pages, generated from what the schemas declare: for each transition
 * with a `todo`, the rows in its from-states that the user may fire it on now (holding its button,
 * reaching the row for transitions by the page's access decision, and named by the row when the
 * todo says whose rows they are), counted by state, the first few named and linked.
 */
export async function workOf(ctx: AppContext, req: FastifyRequest): Promise<Work[]> {
  const db = ctx.db as unknown as Kysely<any>;
  const grants = await grantsOf(ctx.db, req);
  const user = req.user!;
  const work: Work[] = [];
  for (const schema of ctx.schemas.schemas) {
    const entries = entriesOf(schema);
    const access = entries.length ? accessOf(ctx, schema.code) : undefined;
    if (!access) continue;
    const held = await heldPages(db, grants, pageComponents(schema));
    if (!held.size) continue;
    let scope;
    try {
      scope = await access.rows(req, 'transition');
    } catch (e) {
      if (e instanceof ClientError && e.statusCode === 403) continue;
      throw e;
    }
    const wf = schema.workflow!;
    const text = await stateLabels(req, schema, wf);
    for (const e of entries) {
      if (!e.permissions.some((p) => grants.buttons.has(p))) continue;
      if (e.for && typeof e.for === 'object' && 'role' in e.for && !grants.roles.includes(e.for.role)) continue;
      const states = [...e.states];
      const mine = bothScopes(scope, e.for ? namingUser(schema, e.for, user) : null);
      const base = () => {
        const q = db.selectFrom(schema.table).where(wf.field, 'in', states);
        return mine ? q.where(mine) : q;
      };
      const counts = await base().select([wf.field, (eb: any) => eb.fn.countAll().as('n')]).groupBy(wf.field).execute() as Row[];
      const byState = states.map((s) => ({ state: s, text: text(s), count: Number(counts.find((c) => c[wf.field] === s)?.n ?? 0) }));
      const count = byState.reduce((n, s) => n + s.count, 0);
      const path = pageFor(schema, held, { [wf.field]: states[0] });
      if (!path) continue;
      const titleField = schema.fields.find((f) => f.name === schema.record?.title);
      // The rows that arrived last first: a transition stamps updateTime as it moves a row in.
      const rows = count ? await base().select((eb: any) => ['id', wf.field, eb.fn.coalesce('updateTime', 'createTime').as('since'), ...(titleField ? [titleField.name] : [])])
        .orderBy('since', 'desc').orderBy('id').limit(SHOWN).execute() as Row[] : [];
      if (titleField) await addDictText(db, ctx.dicts, [titleField], rows);
      work.push({
        key: `${schema.code}.${e.names.join('+')}`, label: e.label, count, path,
        noun: schema.record?.noun ?? schema.title, byState,
        items: rows.map((r) => ({
          id: String(r.id), title: recordTitle(schema, r) || String(r.id), state: String(r[wf.field]), stateText: text(String(r[wf.field])),
          time: r.since ? String(r.since) : null,
          path: `${pageFor(schema, held, r) ?? path}?id=${encodeURIComponent(String(r.id))}`,
        })),
      });
    }
  }
  return work;
}
