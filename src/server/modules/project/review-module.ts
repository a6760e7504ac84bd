import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseSheetScores, sheetProblem, sheetTotal, type Indicator, type SheetScores } from '../../../schema/scoring.js';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { requireRead } from '../../crud/read-access.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { badRequest, ClientError, forbidden, notFound, ok } from '../../http/result.js';
import { tellExperts } from './expert-notice.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const REVIEW = 'pms_project_review';
/** The projects whose reviews a delete request removes, from before the delete to after it. */
const unassigned = new WeakMap<FastifyRequest, string[]>();
const PROJECT = 'pms_project';
/** The states in which a sheet is still the expert's to change (or the administrator's to reassign). */
export const OPEN_STATES = ['pending', 'draft'];

/** The contest's scoring sheet, in its order. */
export async function indicatorsOf(db: Kysely<any>, raceId: string): Promise<Indicator[]> {
  const rows = await db.selectFrom('pms_race_indicator').select(['id', 'name', 'maxScore', 'weight', 'description'])
    .where('raceId', '=', raceId).orderBy('sortNo').orderBy('id').execute() as Row[];
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), maxScore: Number(r.maxScore), weight: Number(r.weight), description: (r.description as string | null) ?? null }));
}

function parseScores(raw: unknown): SheetScores {
  const scores = parseSheetScores(raw);
  if (!scores) throw badRequest('评分数据格式错误');
  return scores;
}

/** "submitted/assigned" on the project, kept by every write that changes either count. */
export async function refreshProgress(db: Kysely<any>, projectIds: string[]): Promise<void> {
  for (const id of new Set(projectIds)) {
    const rows = await db.selectFrom(REVIEW).select('state').where('projectId', '=', id).execute() as Row[];
    const done = rows.filter((r) => r.state === 'submitted').length;
    await db.updateTable(PROJECT).set({ reviewProgress: rows.length ? `${done}/${rows.length}` : null }).where('id', '=', id).execute();
  }
}

async function raceSettings(db: Kysely<any>, raceId: string) {
  return db.selectFrom('pms_race').select(['id', 'title', 'expertsPerProject', 'commentBelow', 'resultPublished']).where('id', '=', raceId).executeTakeFirst() as Promise<Row | undefined>;
}

/** What the form of one review needs: the project, the sheet, the scores so far, the comment rule. */
async function sheetOf(db: Kysely<any>, review: Row) {
  const race = await raceSettings(db, String(review.raceId));
  const project = await db.selectFrom(PROJECT).select(['name', 'track', 'orgName', 'summary', 'attachment', 'videoUrl']).where('id', '=', String(review.projectId)).executeTakeFirst() as Row | undefined;
  return {
    id: review.id, state: review.state, projectName: project?.name ?? '', orgName: project?.orgName ?? '',
    // What an expert scores from; never who declared it beyond the organisation, nor other experts' sheets.
    project: { track: project?.track ?? null, summary: project?.summary ?? null, attachment: project?.attachment ?? null, videoUrl: project?.videoUrl ?? null },
    indicators: await indicatorsOf(db, String(review.raceId)), scores: parseScores(review.scores), comment: review.comment ?? '',
    commentBelow: race?.commentBelow === null || race?.commentBelow === undefined ? null : Number(race.commentBelow),
  };
}

/**
 * 项目评分 (schemas/pms/pms_project_review.json): an expert's scoring sheet for one assigned project.
 * The server validates every save against the contest's sheet and computes the total itself; the
 * assignment (project, expert, contest) is the administrator's, never the body's; 提交评分 needs a
 * complete sheet and, below the contest's threshold, a comment; a submitted sheet is locked.
 */
/**
 * Experts score, managers see: a sheet is filled in and submitted by its expert alone, so a score is
 * always the expert's own (an administrator reassigns a sheet rather than scoring it for them).
 */
function requireOwnSheet(h: HookContext, sheet: Row): void {
  if (sheet.expert !== h.user.username) throw forbidden('评分只能由评审专家本人填写和提交；如需调整请更换专家');
}

export const reviewModule: SchemaModule = {
  schema: REVIEW,
  hooks: {
    async beforeEdit(h: HookContext, changes, _body, current) {
      requireOwnSheet(h, current);
      for (const f of ['projectId', 'raceId', 'expert', 'total']) delete changes[f];
      if ('scores' in changes) {
        const scores = parseScores(changes.scores);
        const indicators = await indicatorsOf(h.db, String(current.raceId));
        const problem = sheetProblem(indicators, scores, { complete: false });
        if (problem) throw badRequest(problem);
        changes.scores = JSON.stringify(scores);
        changes.total = sheetTotal(indicators, scores);
      }
      // 保存 moves 待评 to 已保存, compare-and-set inside the save's transaction: a sheet submitted
      // since it was read (another tab, a double click) is not overwritten.
      const moved = await h.db.updateTable(REVIEW).set({ state: 'draft' }).where('id', '=', String(current.id))
        .where('state', 'in', OPEN_STATES).executeTakeFirst();
      if (!Number(moved.numUpdatedRows)) throw new ClientError(409, '评分已提交，不能修改');
    },
    async beforeTransition(h: HookContext, t, id) {
      if (t.name !== 'submit') return;
      const review = await h.db.selectFrom(REVIEW).selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Row;
      requireOwnSheet(h, review);
      const sheet = await sheetOf(h.db, review);
      if (!sheet.indicators.length) throw new ClientError(409, '该赛事尚未设置评分标准');
      const problem = sheetProblem(sheet.indicators, sheet.scores, { complete: true, comment: String(review.comment ?? ''), commentBelow: sheet.commentBelow });
      if (problem) throw badRequest(problem);
    },
    async afterTransition(h: HookContext, _t, id) {
      const row = await h.db.selectFrom(REVIEW).select('projectId').where('id', '=', id).executeTakeFirst() as Row | undefined;
      if (row) await refreshProgress(h.db, [String(row.projectId)]);
    },
    async afterEdit(h: HookContext, id) {
      const row = await h.db.selectFrom(REVIEW).select('projectId').where('id', '=', id).executeTakeFirst() as Row | undefined;
      if (row) await refreshProgress(h.db, [String(row.projectId)]);
    },
    async beforeDelete(h: HookContext, ids) {
      const rows = await h.db.selectFrom(REVIEW).select(['id', 'projectId', 'expert']).where('id', 'in', ids).execute() as Row[];
      unassigned.set(h.req, rows.map((r) => String(r.projectId)));
      await tellExperts(h.db, h.ctx.schemas, 'removed', rows.map((r) => ({ id: String(r.id), projectId: String(r.projectId), expert: String(r.expert) })), h.user.username);
    },
    async afterDelete(h: HookContext) {
      await refreshProgress(h.db, unassigned.get(h.req) ?? []);
    },
  },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;

    /** The review as this user may see it (an expert: only their own), or 404. */
    const visibleReview = async (req: FastifyRequest, id: unknown): Promise<Row> => {
      if (typeof id !== 'string' || !id) throw badRequest('缺少参数 id');
      let q = db.selectFrom(REVIEW).selectAll().where('id', '=', id);
      const scope = await rowRuleScope(app.ctx.db, req, app.ctx.schemas.get(REVIEW)!, app.ctx.schemas.schemas);
      if (scope) q = q.where(scope);
      const row = await q.executeTakeFirst() as Row | undefined;
      if (!row) throw notFound('未找到对应数据');
      return row;
    };

    // Read by whoever reads the sheets (an expert their own, a manager every one): 详情 shows the scores.
    app.get<{ Querystring: { id?: string } }>('/pms/review/sheet', { config: { access: { page: REVIEW } }, ...documentedOnly({ querystring: fields({ id: ['string', '评分单id'] }) }) }, async (req) => {
      await requireRead(app.ctx.db, app.ctx.schemas, req, app.ctx.schemas.get(REVIEW)!);
      return ok(await sheetOf(db, await visibleReview(req, req.query.id)));
    });
  },
};
