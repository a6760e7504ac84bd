import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { RULE_CONDITIONS, SQL_RULES, type DataRule, type RuleVariable } from '../../schema/data-rules.js';
import { columnFields } from '../../schema/ddl.js';
import { pageComponents } from '../../schema/permission.js';
import { escapeLike } from '../../schema/query.js';
import { snakeCase, type FieldSchema, type PageSchema } from '../../schema/types.js';
import { grantsOf } from '../auth/grants.js';
import type { Database, Db, SysRolePermission, SysUser } from '../db/tables.js';
import { forbidden } from '../http/result.js';
import { formatDateTime } from '../util/time.js';
import { keyedScope, type RowScope } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type EB = ExpressionBuilder<any, any>;

/** A row of sys_permission_data_rule. */
export interface SysPermissionDataRule extends DataRule {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** The tables of data rules: the rules, and a role's grant of a menu with the rules it selects. */
export type RuleDb = Kysely<Database & {
  sysPermissionDataRule: SysPermissionDataRule;
  sysRolePermission: SysRolePermission & { dataRuleIds: string | null };
}>;
export const ruleDb = (db: Db | Kysely<any>) => db as unknown as RuleDb;

type RuleCondition = typeof RULE_CONDITIONS[number];

type RuleUser = Pick<SysUser, 'username' | 'orgCode'>;

/** The system variables a rule value may use (JwtUtil.getUserSystemData), resolved from the request's user. */
const VARIABLES: Record<RuleVariable, (user: RuleUser, now: Date) => string | null | undefined> = {
  sys_user_code: (u) => u.username,
  sysUserCode: (u) => u.username,
  sys_org_code: (u) => u.orgCode,
  sysOrgCode: (u) => u.orgCode,
  sysDate: (_, now) => formatDateTime(now).slice(0, 10),
  sysTime: (_, now) => formatDateTime(now),
};
export const SYSTEM_VARIABLES = Object.keys(VARIABLES).map((v) => `#{${v}}`);
const VARIABLE = /#\{([^}]*)\}/g;

/** Menus whose rules are kept by their own pages: restricting them could lock the administrator out of undoing it. */
const SELF_ADMINISTERED = new Set(['sys_permission', 'sys_role']);

/** The pages a menu entry draws: the schemas (or schema views) whose component is the menu's. */
export function menuSchemas(component: string | null | undefined, schemas: PageSchema[]): PageSchema[] {
  return component ? schemas.filter((s) => pageComponents(s).includes(component)) : [];
}

/** The page's column a rule names, by field name (`createBy`) or column name (`create_by`). */
function namedColumn(schema: PageSchema, column: string): FieldSchema | undefined {
  return columnFields(schema).find((f) => f.name === column || snakeCase(f.name) === column);
}

const isNumeric = (f: FieldSchema) => ['int', 'long', 'double', 'decimal'].includes(f.type);

/** What is wrong with the rule's column on one page, or null: it must be a readable column of the page. */
function columnProblem(schema: PageSchema, column: string): string | null {
  const field = namedColumn(schema, column);
  if (!field) return `规则字段“${column}”不是页面“${schema.title}”的字段，请从页面字段中选择`;
  if (field.sensitive) return `规则字段“${column}”是敏感字段，不能用于数据规则`;
  return null;
}

/** What is wrong with a rule's value (unknown variables, a non-number for a number column), or null. */
function valueProblem(value: string, condition: string, fields: FieldSchema[]): string | null {
  if (!value.trim()) return '规则值不能为空';
  const unknown = [...value.matchAll(VARIABLE)].map((m) => m[1]).find((name) => !(name in VARIABLES));
  if (unknown !== undefined) return `规则值中的系统变量 #{${unknown}} 不存在，可用：${SYSTEM_VARIABLES.join('、')}`;
  if (value.includes('#{') || !fields.some(isNumeric) || condition.endsWith('LIKE')) return null;
  const parts = condition === 'IN' ? value.split(',') : [value];
  const bad = parts.find((p) => !Number.isFinite(Number(p.trim())) || !p.trim());
  return bad === undefined ? null : `规则值“${bad}”不是数字，字段是数字类型`;
}

export interface RuleInput { ruleColumn: string; ruleConditions: string; ruleValue: string }

/**
 * What is wrong with a rule attached to a menu drawing `pages`, or null. Checked when it is saved,
 * and again whenever it is used: a page may have changed since.
 */
export function ruleProblem(rule: RuleInput, pages: PageSchema[]): string | null {
  if (!pages.length) return '该菜单没有对应的页面配置，不能配置数据规则';
  const self = pages.find((p) => SELF_ADMINISTERED.has(p.code));
  if (self) return `“${self.title}”页面不能配置数据规则：数据规则由它维护，限制它会让管理员无法撤销规则`;
  if (rule.ruleConditions === SQL_RULES) return '不支持自定义SQL表达式（USE_SQL_RULES）：数据库中保存的文本不会作为SQL执行，请改用字段条件';
  if (!(RULE_CONDITIONS as readonly string[]).includes(rule.ruleConditions)) return `条件规则“${rule.ruleConditions}”不支持，可选：${RULE_CONDITIONS.join('、')}`;
  for (const page of pages) {
    const problem = columnProblem(page, rule.ruleColumn);
    if (problem) return problem;
  }
  return valueProblem(rule.ruleValue, rule.ruleConditions, pages.map((p) => namedColumn(p, rule.ruleColumn)!));
}

/** The value with its system variables resolved for the user; null when one has no value for them (no department). */
export function resolveValue(value: string, user: RuleUser, now = new Date()): string | null {
  let missing = false;
  const out = value.replace(VARIABLE, (_, name: string) => {
    const v = VARIABLES[name as RuleVariable]?.(user, now);
    if (v === null || v === undefined || v === '') missing = true;
    return v ?? '';
  });
  return missing ? null : out;
}

/** One rule as a condition on the page's table, its value bound. */
function ruleCondition(eb: EB, field: FieldSchema, rule: SysPermissionDataRule, user: RuleUser, now: Date): Expression<SqlBool> {
  const value = resolveValue(rule.ruleValue, user, now);
  // A variable without a value for this user (no department) reaches no row rather than every row.
  if (value === null) return sql<SqlBool>`1 = 0`;
  const typed = (v: string) => (isNumeric(field) ? Number(v.trim()) : v);
  const ref = eb.ref(field.name);
  const like = (pattern: string) => sql<SqlBool>`cast(${ref} as varchar(4000)) like ${pattern} escape '\\'`;
  switch (rule.ruleConditions as RuleCondition) {
    case '=': return eb(field.name, '=', typed(value));
    case '!=': return eb(field.name, '<>', typed(value));
    case '>': return eb(field.name, '>', typed(value));
    case '>=': return eb(field.name, '>=', typed(value));
    case '<': return eb(field.name, '<', typed(value));
    case '<=': return eb(field.name, '<=', typed(value));
    case 'IN': {
      const list = value.split(',').map((v) => v.trim()).filter(Boolean).map(typed);
      return list.length ? eb(field.name, 'in', list) : sql<SqlBool>`1 = 0`;
    }
    case 'LIKE': return like(`%${escapeLike(value)}%`);
    case 'LEFT_LIKE': return like(`%${escapeLike(value)}`);
    case 'RIGHT_LIKE': return like(`${escapeLike(value)}%`);
  }
}

interface SelectedRule { rule: SysPermissionDataRule; component: string | null }

const selectedCache = new WeakMap<FastifyRequest, Promise<SelectedRule[]>>();

/**
 * The valid rules the user's roles selected, with the component of their menu (read once per
 * request). A user with several roles gets every rule any of their grants of the menu selects
 * (JeecgBoot collects the selected ids over all the roles).
 */
function selectedRules(db: Db, req: FastifyRequest): Promise<SelectedRule[]> {
  let found = selectedCache.get(req);
  if (!found) {
    found = grantsOf(db, req).then(async ({ ruleGrants }) => {
      // Most users' grants select no rule: then nothing more is read.
      const ids = [...new Set(ruleGrants.flatMap((g) => g.ruleIds))];
      if (!ids.length) return [];
      const rules = await ruleDb(db).selectFrom('sysPermissionDataRule').selectAll()
        .where('id', 'in', ids).where('status', '=', '1').execute();
      // A rule counts when a grant of its own menu selects it (JeecgBoot collects the ids over all the roles).
      const out = new Map<string, SelectedRule>();
      for (const g of ruleGrants) {
        for (const rule of rules) if (rule.permissionId === g.permissionId && g.ruleIds.includes(rule.id)) out.set(rule.id, { rule, component: g.component });
      }
      return [...out.values()];
    });
    selectedCache.set(req, found);
  }
  return found;
}

/**
 * The data rules (数据规则) bearing on a page for this request, ANDed, or null when none does: the
 * rules the user's roles selected on every menu drawing the page (its component or a view's). A
 * rule whose column is no longer a readable column of the page is not turned into SQL: the request
 * is refused (403) naming the rule, never answered with more rows than the rule allows.
 */
export async function dataRuleScope(db: Db, req: FastifyRequest, schema: PageSchema): Promise<RowScope | null> {
  const components = pageComponents(schema);
  if (!components.length) return null;
  const rules = (await selectedRules(db, req)).filter((s) => s.component && components.includes(s.component)).map((s) => s.rule);
  if (!rules.length) return null;
  const fields = rules.map((rule) => {
    const problem = ruleProblem(rule, [schema]);
    if (problem) throw forbidden(`数据规则“${rule.ruleName}”已失效（${problem}），已拒绝访问，请管理员在菜单管理中修改该规则`);
    return namedColumn(schema, rule.ruleColumn)!;
  });
  const user = req.user!;
  const now = new Date();
  // Each rule as it applies now: its column, condition and value with the user's variables (and the date, the time) resolved.
  const key = JSON.stringify(rules.map((rule, i) => [fields[i].name, rule.ruleConditions, resolveValue(rule.ruleValue, user, now)]));
  return keyedScope(key, (eb) => eb.and(rules.map((rule, i) => ruleCondition(eb, fields[i], rule, user, now))));
}
