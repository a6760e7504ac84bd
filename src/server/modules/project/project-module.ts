import type { Kysely } from 'kysely';
import type { HookContext, SchemaModule } from '../../crud/hooks.js';
import { badRequest, ClientError } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { assignRoutes } from './assign.js';
import { hideUnpublished, resultRoutes } from './results.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PROJECT = 'pms_project';

interface Window { title: string; declareStart: string | null; declareEnd: string | null }

async function raceOf(db: Kysely<any>, raceId: unknown): Promise<Window | undefined> {
  if (typeof raceId !== 'string' || !raceId) return undefined;
  return db.selectFrom('pms_race').select(['title', 'declareStart', 'declareEnd']).where('id', '=', raceId).executeTakeFirst() as Promise<Window | undefined>;
}

/** Refuses a declaration outside the contest's window (both ends included); `adding` names the contest. */
export function requireDeclarationOpen(race: Window, now = formatDateTime(), adding = false): void {
  const { declareStart: start, declareEnd: end } = race;
  if (!start || !end) throw new ClientError(409, `「${race.title}」尚未设置申报时间${adding ? '，不能申报' : ''}`);
  if (now < start || now > end) throw new ClientError(409, adding ? `「${race.title}」不在申报时间内（${start} 至 ${end}），不能申报` : `不在申报时间内（${start} 至 ${end}）`);
}

/** The contest a project is declared to: one that exists and takes declarations now. */
async function requireDeclaring(db: Kysely<any>, raceId: unknown): Promise<void> {
  const race = await raceOf(db, raceId);
  if (!race) throw badRequest('所属赛事不存在');
  requireDeclarationOpen(race, formatDateTime(), true);
}

/**
 * 全部项目 / 我的项目 / 项目审核 (schemas/pms/pms_project.json): what the workflow and row rules
 * cannot say — a project is declared to a contest that exists and takes declarations now (added, or
 * moved to it), and 提交申报 only inside its window.
 */
export const projectModule: SchemaModule = {
  schema: PROJECT,
  hooks: {
    async beforeAdd(h: HookContext, values) {
      await requireDeclaring(h.db, values.raceId);
    },
    async beforeEdit(h: HookContext, changes, _body, current) {
      if ('raceId' in changes && String(changes.raceId ?? '') !== String(current.raceId ?? '')) await requireDeclaring(h.db, changes.raceId);
    },
    async decorate(h: HookContext, rows) {
      await hideUnpublished(h.db, h.req, rows);
    },
    async beforeTransition(h: HookContext, t, id) {
      if (t.name !== 'submit') return;
      const row = await h.db.selectFrom(PROJECT).select('raceId').where('id', '=', id).executeTakeFirstOrThrow();
      const race = await raceOf(h.db, row.raceId);
      if (!race) throw badRequest('所属赛事不存在');
      requireDeclarationOpen(race);
    },
  },
  routes: async (app) => {
    await assignRoutes(app);
    await resultRoutes(app);
  },
};
