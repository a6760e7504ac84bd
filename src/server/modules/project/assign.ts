import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Row } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ClientError, ok } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { OPEN_STATES, refreshProgress, REVIEW } from './review-module.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

import type { SchemaRegistry } from '../../schema/registry.js';
import { tellExperts, type SheetChange } from './expert-notice.js';
/* eslint-disable @typescript-eslint/no-explicit-any */

interface Expert { username: string; realname: string; orgs: Set<string> }

/**
 * The accounts holding the expert role (not frozen), each with the organisations they belong to:
 * their department names and, when 导师智库 lists them by name, the organisation given there.
 */
async function expertsOf(db: Kysely<any>): Promise<Expert[]> {
  const users = await db.selectFrom('sys_user').innerJoin('sys_user_role', 'sys_user_role.userId', 'sys_user.id')
    .innerJoin('sys_role', 'sys_role.id', 'sys_user_role.roleId')
    .select(['sys_user.id', 'sys_user.username', 'sys_user.realname'])
    .where('sys_role.roleCode', '=', 'expert').where('sys_user.status', '=', 1).where('sys_user.delFlag', '=', 0)
    .orderBy('sys_user.username').execute() as Row[];
  const experts: Expert[] = [];
  for (const u of users) {
    const departs = await db.selectFrom('sys_user_depart').innerJoin('sys_depart', 'sys_depart.id', 'sys_user_depart.depId')
      .select('sys_depart.departName').where('sys_user_depart.userId', '=', String(u.id)).execute() as Row[];
    const listed = await db.selectFrom('pms_expert').select('organisation').where('name', '=', String(u.realname ?? '')).execute() as Row[];
    const orgs = new Set([...departs.map((d) => d.departName), ...listed.map((e) => e.organisation)].filter(Boolean).map((o) => String(o).trim()));
    experts.push({ username: String(u.username), realname: String(u.realname ?? u.username), orgs });
  }
  return experts;
}

const sameOrg = (e: Expert, project: Row) => e.orgs.has(String(project.orgName ?? '').trim());

/**
 * 分配专家 (全部项目): `POST /pms/project/assignExperts` — by hand `{projectId, experts: "a,b"}`, or
 * automatically `{raceId?, auto: true}` (the current contest when none is named): every passed
 * project gets the contest's experts-per-project, the least loaded experts first, never one of the
 * project's own organisation, never twice the same. All in one transaction, so a refusal assigns nothing.
 */
export async function assignRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.post<{ Body: { projectId?: unknown; experts?: unknown; raceId?: unknown; auto?: unknown } }>('/pms/project/assignExperts', { config: { access: { permission: 'pms:project:assign' } }, ...documentedOnly({ body: fields({ projectId: ['string', '项目id'], experts: ['string', '专家账号，逗号分隔'], auto: ['boolean', '为所有已通过的项目自动分配'], raceId: ['string', '自动分配的赛事id（默认当前赛事）'] }) }) }, async (req) => {
    await requireAction(app.ctx.db, req, 'pms:project:assign');
    const body = req.body ?? {};
    const by = req.user!.username;
    if (body.auto === true) {
      const raceId = typeof body.raceId === 'string' && body.raceId ? body.raceId
        : (await db.selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirst() as Row | undefined)?.id;
      if (!raceId) throw badRequest('请选择赛事');
      const added = await inTransaction(db, (tx) => assignAutomatically(tx, app.ctx.schemas, String(raceId), by));
      return ok({ added }, added ? `已分配${added}位专家次` : '所有已通过的项目都已分配专家');
    }
    if (typeof body.projectId !== 'string' || !body.projectId) throw badRequest('缺少参数 projectId');
    const wanted = [...new Set(String(body.experts ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
    if (!wanted.length) throw badRequest('请选择评审专家');
    const added = await inTransaction(db, (tx) => assignByHand(tx, app.ctx.schemas, body.projectId as string, wanted, by));
    return ok({ added }, `已分配${added}位专家`);
  });

  /** What the 分配专家 panel shows for one project: its sheets, and every expert with their load and whether they must stand aside. */
  app.get<{ Querystring: { projectId?: string } }>('/pms/project/experts', { config: { access: { permission: 'pms:project:assign' } }, ...documentedOnly({ querystring: fields({ projectId: ['string', '项目id'] }) }) }, async (req) => {
    await requireAction(app.ctx.db, req, 'pms:project:assign');
    const projectId = req.query.projectId;
    if (typeof projectId !== 'string' || !projectId) throw badRequest('缺少参数 projectId');
    const project = await db.selectFrom('pms_project').select(['id', 'raceId', 'name', 'orgName', 'state']).where('id', '=', projectId).executeTakeFirst() as Row | undefined;
    if (!project) throw new ClientError(404, '未找到对应数据');
    const race = await db.selectFrom('pms_race').select('expertsPerProject').where('id', '=', String(project.raceId)).executeTakeFirst() as Row | undefined;
    const experts = await expertsOf(db);
    const names = new Map(experts.map((e) => [e.username, e.realname]));
    const reviews = await db.selectFrom(REVIEW).select(['id', 'projectId', 'expert', 'state', 'total']).where('raceId', '=', String(project.raceId)).execute() as Row[];
    const load = new Map<string, number>();
    for (const r of reviews) load.set(String(r.expert), (load.get(String(r.expert)) ?? 0) + 1);
    return ok({
      project: { id: project.id, name: project.name, orgName: project.orgName, state: project.state },
      expertsPerProject: Number(race?.expertsPerProject) || 3,
      assigned: reviews.filter((r) => r.projectId === projectId).map((r) => ({
        id: r.id, expert: r.expert, realname: names.get(String(r.expert)) ?? r.expert, state: r.state, total: r.total === null ? null : Number(r.total),
      })),
      experts: experts.map((e) => ({ username: e.username, realname: e.realname, orgs: [...e.orgs], load: load.get(e.username) ?? 0, avoid: sameOrg(e, project) })),
    });
  });

  /** 更换专家: an unsubmitted sheet goes to another expert, emptied; a submitted one stays. */
  app.post<{ Body: { reviewId?: unknown; expert?: unknown } }>('/pms/project/reassignExpert', { config: { access: { permission: 'pms:project:assign' } }, ...documentedOnly({ body: fields({ reviewId: ['string', '评分单id'], expert: ['string', '新的专家账号'] }, ['reviewId', 'expert']) }) }, async (req) => {
    await requireAction(app.ctx.db, req, 'pms:project:assign');
    const { reviewId, expert } = req.body ?? {};
    if (typeof reviewId !== 'string' || !reviewId) throw badRequest('缺少参数 reviewId');
    if (typeof expert !== 'string' || !expert.trim()) throw badRequest('请选择评审专家');
    await inTransaction(db, (tx) => reassign(tx, app.ctx.schemas, reviewId, expert.trim(), req.user!.username));
    return ok(null, '已更换评审专家');
  });
}

async function reassign(tx: Kysely<any>, schemas: SchemaRegistry, reviewId: string, name: string, by: string): Promise<void> {
  const sheet = await tx.selectFrom(REVIEW).select(['projectId', 'expert', 'state']).where('id', '=', reviewId).executeTakeFirst() as Row | undefined;
  if (!sheet) throw new ClientError(404, '未找到对应数据');
  if (sheet.expert === name) return;
  const project = await passedProject(tx, String(sheet.projectId));
  const e = (await expertsOf(tx)).find((x) => x.username === name);
  if (!e) throw badRequest(`${name.slice(0, 64)} 不是评审专家`);
  if (sameOrg(e, project)) throw new ClientError(409, `${name} 与「${project.name}」同属 ${project.orgName}，需回避`);
  const taken = await tx.selectFrom(REVIEW).select('id').where('projectId', '=', String(sheet.projectId)).where('expert', '=', name).executeTakeFirst();
  if (taken) throw new ClientError(409, `${name} 已是「${project.name}」的评审专家`);
  const moved = await tx.updateTable(REVIEW)
    .set({ expert: name, scores: null, total: null, comment: null, state: 'pending', submitTime: null, updateBy: by, updateTime: formatDateTime() })
    .where('id', '=', reviewId).where('state', 'in', OPEN_STATES).executeTakeFirst();
  if (!Number(moved.numUpdatedRows)) throw new ClientError(409, `${String(sheet.expert)} 已提交评分，不能更换`);
  await refreshProgress(tx, [String(sheet.projectId)]);
  await tellExperts(tx, schemas, 'removed', [{ id: reviewId, projectId: String(sheet.projectId), expert: String(sheet.expert) }], by);
  await tellExperts(tx, schemas, 'assigned', [{ id: reviewId, projectId: String(sheet.projectId), expert: name }], by);
}

async function passedProject(tx: Kysely<any>, id: string): Promise<Row> {
  const project = await tx.selectFrom('pms_project').select(['id', 'raceId', 'orgName', 'state', 'name']).where('id', '=', id).executeTakeFirst() as Row | undefined;
  if (!project) throw new ClientError(404, '未找到对应数据');
  if (project.state !== 'passed') throw new ClientError(409, `「${project.name}」未通过审核，不能分配专家`);
  return project;
}

const review = (project: Row, expert: string, by: string) => ({
  id: newId(), projectId: project.id, raceId: project.raceId, expert, scores: null, total: null, comment: null, state: 'pending', submitTime: null,
  createBy: by, createTime: formatDateTime(), updateBy: null, updateTime: null, sysOrgCode: null,
});

async function assignByHand(tx: Kysely<any>, schemas: SchemaRegistry, projectId: string, wanted: string[], by: string): Promise<number> {
  const project = await passedProject(tx, projectId);
  const experts = new Map((await expertsOf(tx)).map((e) => [e.username, e]));
  const already = new Set((await tx.selectFrom(REVIEW).select('expert').where('projectId', '=', projectId).execute() as Row[]).map((r) => String(r.expert)));
  const given: SheetChange[] = [];
  for (const name of wanted) {
    const e = experts.get(name);
    if (!e) throw badRequest(`${name.slice(0, 64)} 不是评审专家`);
    if (sameOrg(e, project)) throw new ClientError(409, `${name} 与「${project.name}」同属 ${project.orgName}，需回避`);
    if (already.has(name)) continue;
    const sheet = review(project, name, by);
    await tx.insertInto(REVIEW).values(sheet).execute();
    given.push({ id: sheet.id, projectId, expert: name });
  }
  await refreshProgress(tx, [projectId]);
  await tellExperts(tx, schemas, 'assigned', given, by);
  return given.length;
}

async function assignAutomatically(tx: Kysely<any>, schemas: SchemaRegistry, raceId: string, by: string): Promise<number> {
  const race = await tx.selectFrom('pms_race').select(['expertsPerProject']).where('id', '=', raceId).executeTakeFirst() as Row | undefined;
  if (!race) throw badRequest('赛事不存在');
  const perProject = Math.max(1, Number(race.expertsPerProject) || 3);
  const experts = await expertsOf(tx);
  if (!experts.length) throw new ClientError(409, '没有可分配的评审专家');
  const projects = await tx.selectFrom('pms_project').select(['id', 'raceId', 'orgName', 'name'])
    .where('raceId', '=', raceId).where('state', '=', 'passed').orderBy('submitTime').orderBy('id').execute() as Row[];
  const reviews = await tx.selectFrom(REVIEW).select(['projectId', 'expert']).where('raceId', '=', raceId).execute() as Row[];
  const load = new Map(experts.map((e) => [e.username, 0]));
  const assigned = new Map<string, Set<string>>();
  for (const r of reviews) {
    load.set(String(r.expert), (load.get(String(r.expert)) ?? 0) + 1);
    assigned.set(String(r.projectId), (assigned.get(String(r.projectId)) ?? new Set()).add(String(r.expert)));
  }
  const given: SheetChange[] = [];
  const touched: string[] = [];
  for (const p of projects) {
    const mine = assigned.get(String(p.id)) ?? new Set<string>();
    const candidates = experts.filter((e) => !mine.has(e.username) && !sameOrg(e, p))
      .sort((a, b) => (load.get(a.username)! - load.get(b.username)!) || a.username.localeCompare(b.username));
    for (const e of candidates.slice(0, Math.max(0, perProject - mine.size))) {
      const sheet = review(p, e.username, by);
      await tx.insertInto(REVIEW).values(sheet).execute();
      load.set(e.username, load.get(e.username)! + 1);
      given.push({ id: sheet.id, projectId: String(p.id), expert: e.username });
      touched.push(String(p.id));
    }
  }
  await refreshProgress(tx, touched);
  await tellExperts(tx, schemas, 'assigned', given, by);
  return given.length;
}
