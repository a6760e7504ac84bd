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

/** Refuses a declaration outside the contest's window (both ends included). */
export function requireDeclarationOpen(race: Window, now = formatDateTime()): void {
  const { declareStart: start, declareEnd: end } = race;
  if (!start || !end) throw new ClientError(409, `「${race.title}」尚未设置申报时间`);
  if (now < start || now > end) throw new ClientError(409, `不在申报时间内（${start} 至 ${end}）`);
}

/**
 * 全部项目 / 我的项目 / 项目审核 (schemas/pms/pms_project.json): what the workflow and row rules
 * cannot say — a project belongs to a contest that exists, and 提交申报 only inside its window.
 */
export const projectModule: SchemaModule = {
  schema: PROJECT,
  hooks: {
    async beforeAdd(h: HookContext, values) {
      if (!(await raceOf(h.db, values.raceId))) throw badRequest('所属赛事不存在');
    },
    async beforeEdit(h: HookContext, changes) {
      if ('raceId' in changes && !(await raceOf(h.db, changes.raceId))) throw badRequest('所属赛事不存在');
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
