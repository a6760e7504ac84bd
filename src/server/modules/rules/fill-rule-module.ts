import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FillRuleError, parseFillRule, periodOf, renderFillRule, usesSequence, type FillRule } from '../../../schema/fill-rule.js';
import type { CrudHooks, SchemaModule } from '../../crud/hooks.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, fail, forbidden, ok, type Result } from '../../http/result.js';
import { holdsPage } from '../cgreport/report-access.js';
import { nextSequence } from './fill-rule-counter.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_fill_rule';
const RULE_CODE = /^[A-Za-z0-9_]{1,100}$/;
const MAX_BATCH = 50;

type Form = Record<string, unknown>;

const checkParams = (raw: unknown) => {
  try {
    parseFillRule(typeof raw === 'string' ? raw : '');
  } catch (e) {
    if (e instanceof FillRuleError) throw badRequest(`规则参数有误：${e.message}`);
    throw e;
  }
};

/** Stored params are checked when written: a rule that cannot run is refused at add/edit/import. */
const hooks: CrudHooks = {
  beforeAdd(_h, values) { checkParams(values.ruleParams); },
  beforeEdit(_h, changes) { if ('ruleParams' in changes) checkParams(changes.ruleParams); },
};

const formOf = (raw: unknown, what: string): Form => {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${what}需要一个JSON对象`);
  return raw as Form;
};

/** A rule that is stored but cannot run (edited behind the engine's back): a business failure, not the client's. */
class BrokenRule extends Error {}

/**
 * The next value of a rule. The form is checked before the counter moves, so a refused call
 * does not use up a number.
 */
async function execute(db: Kysely<any>, ruleCode: unknown, form: Form): Promise<string> {
  if (typeof ruleCode !== 'string' || !RULE_CODE.test(ruleCode)) throw badRequest('规则编码格式不正确');
  const row = (await db.selectFrom(TABLE).select('ruleParams').where('ruleCode', '=', ruleCode).executeTakeFirst()) as { ruleParams: string | null } | undefined;
  if (!row) throw badRequest(`填值规则不存在: ${ruleCode}`);
  let rule: FillRule;
  try {
    rule = parseFillRule(row.ruleParams);
  } catch (e) {
    if (e instanceof FillRuleError) throw new BrokenRule(`填值规则配置有误：${e.message}`);
    throw e;
  }
  const now = new Date();
  try {
    renderFillRule(rule, { now, seq: 0, form });
  } catch (e) {
    if (e instanceof FillRuleError) throw badRequest(e.message);
    throw e;
  }
  const seq = usesSequence(rule) ? await nextSequence(db, ruleCode, periodOf(rule, now), rule.start) : undefined;
  return renderFillRule(rule, { now, seq, form });
}

const answer = async (run: () => Promise<unknown>): Promise<Result> => {
  try {
    return ok(await run());
  } catch (e) {
    if (e instanceof BrokenRule) return fail(e.message);
    throw e;
  }
};

/** The pages whose forms fill a field with the rule (`extend.fillRule` names its code). */
const pagesUsing = (ctx: AppContext, ruleCode: unknown) =>
  ctx.schemas.schemas.filter((s) => s.fields.some((f) => f.extend?.fillRule === ruleCode));

/**
 * Drawing a value moves the rule's counter: only for holders of the fill-rule page (the
 * administrator role holds it) or of a page whose form uses the rule.
 */
async function requireRuleUse(ctx: AppContext, req: FastifyRequest, ruleCode: unknown): Promise<void> {
  if (await holdsPage(ctx, req, ctx.schemas.table(TABLE))) return;
  for (const page of pagesUsing(ctx, ruleCode)) if (await holdsPage(ctx, req, page)) return;
  throw forbidden();
}

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  // Contract §11.1: body = the form being filled; the value is in `result` (data overload of ok).
  const executeByCode = async (req: FastifyRequest<{ Params: { ruleCode: string } }>) => {
    await requireRuleUse(app.ctx, req, req.params.ruleCode);
    return answer(() => execute(db, req.params.ruleCode, formOf(req.body, '表单数据')));
  };
  app.put<{ Params: { ruleCode: string } }>('/sys/fillRule/executeRuleByCode/:ruleCode', { config: { access: 'record' }, ...documentedOnly({ body: { type: 'object', description: '表单数据：规则可引用的字段值' } }) }, executeByCode);
  app.post<{ Params: { ruleCode: string } }>('/sys/fillRule/executeRuleByCode/:ruleCode', { config: { access: 'record' }, ...documentedOnly({ body: { type: 'object', description: '表单数据：规则可引用的字段值' } }) }, executeByCode);

  app.put('/sys/fillRule/executeRuleByCodeBatch', { config: { access: 'record' }, ...documentedOnly({ body: fields({ commonFormData: ['object', '各规则共用的表单数据'], rules: ['array', '[{ruleCode, formData}]'] }) }) }, async (req) => {
    const body = formOf(req.body, '请求体');
    const common = formOf(body.commonFormData, 'commonFormData');
    if (!Array.isArray(body.rules) || !body.rules.length) throw badRequest('rules 需要一个非空数组');
    if (body.rules.length > MAX_BATCH) throw badRequest(`一次最多执行${MAX_BATCH}个规则`);
    const rules = body.rules.map((r: unknown) => formOf(r, 'rules 的每一项'));
    for (const r of rules) await requireRuleUse(app.ctx, req, r.ruleCode);
    return answer(async () => {
      const out: { ruleCode: string; result: string }[] = [];
      for (const r of rules) {
        out.push({ ruleCode: String(r.ruleCode), result: await execute(db, r.ruleCode, { ...common, ...formOf(r.formData, 'formData') }) });
      }
      return out;
    });
  });

  // The fill-rule page's own test button (it moves the counter too).
  app.get<{ Querystring: { ruleCode?: unknown } }>('/sys/fillRule/testFillRule', { config: { access: { page: TABLE } }, ...documentedOnly({ querystring: fields({ ruleCode: ['string', '规则编码'] }) }) }, async (req) => {
    if (!(await holdsPage(app.ctx, req, app.ctx.schemas.table(TABLE)))) throw forbidden();
    return answer(() => execute(db, req.query.ruleCode, {}));
  });
}

/** sys_fill_rule (contract §11.1): declarative rules (src/schema/fill-rule.ts) with an atomic counter. */
export const fillRuleModule: SchemaModule = { schema: 'sys_fill_rule', hooks, routes };
