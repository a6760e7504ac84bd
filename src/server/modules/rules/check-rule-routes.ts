import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CheckRuleError, parseCheckRule, runCheckRule } from '../../../schema/check-rule.js';
import { badRequest, fail, ok } from '../../http/result.js';

/** GET /sys/checkRule/checkByCode (contract §6.3); the rules themselves are the sys_check_rule schema page. */
export async function checkRuleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  app.get<{ Querystring: { ruleCode?: string; value?: string } }>('/sys/checkRule/checkByCode', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { ruleCode: { type: 'string', maxLength: 100 }, value: { type: 'string', maxLength: 2000 } } } },
  }, async (req) => {
    const { ruleCode } = req.query;
    if (!ruleCode) throw badRequest('缺少参数 ruleCode');
    let value = req.query.value ?? '';
    try { value = decodeURIComponent(value); } catch { /* already decoded once by the query parser */ }
    const row = await db.selectFrom('sys_check_rule').select('ruleJson').where('ruleCode', '=', ruleCode).executeTakeFirst() as { ruleJson: string } | undefined;
    if (!row) return fail('该编码不存在');
    let outcome;
    try {
      outcome = runCheckRule(parseCheckRule(row.ruleJson), value);
    } catch (e) {
      if (e instanceof CheckRuleError) return fail(`校验规则配置有误：${e.message}`);
      throw e;
    }
    return outcome.passed ? ok(null) : fail(outcome.message, 500, outcome);
  });
}
