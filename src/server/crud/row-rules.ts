import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { mainsOf } from '../../schema/permission.js';
import { rulesFor, type Reach, type RowRule } from '../../schema/row-rules.js';
import { viewInterface } from '../../schema/views.js';
import type { PageSchema } from '../../schema/types.js';
import type { NotifyTarget } from '../../schema/workflow.js';
import { grantsOf } from '../auth/grants.js';
import type { Db } from '../db/tables.js';
import { dataRuleScope } from './data-rules.js';
import { bothScopes, keyedScope, type RowScope } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type EB = ExpressionBuilder<any, any>;

/** The codes of the roles the request's user holds (read once per request). */
export async function roleCodes(db: Db, req: FastifyRequest): Promise<string[]> {
  return (await grantsOf(db, req)).roles;
}

/** A LIKE pattern matching `value` literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(eb: EB, schema: PageSchema, r: RowRule, user: { username: string; orgCode?: string | null }): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  if (r.own) parts.push(eb('createBy', '=', user.username));
  if (r.field) {
    const field = schema.fields.find((f) => f.name === r.field)!;
    if (!viewInterface(field.view).multiple?.(field)) parts.push(eb(r.field, '=', user.username)); // one account: its index serves
    else {
      // A picker storing a comma list: the account must be one of its parts.
      const whole = sql`(',' || ${eb.ref(r.field)} || ',')`;
      parts.push(sql<SqlBool>`${whole} like ${`%,${literal(user.username)},%`} escape '\\'`);
    }
  }
  if (r.via) parts.push(eb('id', 'in', eb.selectFrom(r.via.table).select(r.via.row).where(r.via.user, '=', user.username)));
  if (r.department) {
    parts.push(user.orgCode ? sql<SqlBool>`${eb.ref('sysOrgCode')} like ${`${literal(user.orgCode)}%`} escape '\\'` : sql<SqlBool>`1 = 0`);
  }
  if (r.states) parts.push(eb(schema.workflow!.field, 'in', r.states));
  return parts;
}

/**
 * The rows that name the user as `who` says: their own (created by them), or those whose user
 * field holds their account, matched as a row rule matches it. A role names no row: null.
 */
export function namingUser(schema: PageSchema, who: NotifyTarget, user: { username: string }): RowScope | null {
  if (typeof who === 'object' && 'role' in who) return null;
  const rule: RowRule = who === 'owner' ? { role: '', own: true } : { role: '', field: who.field };
  return (eb) => eb.and(conditions(eb, schema, rule, user));
}

/**
 * The page's row rules for this request and `reach` as one condition, or null when the user
 * reaches every row. A sub page without rules of its own reaches, for each reach, the sub rows of
 * the main rows its main page reaches so. The data rules administrators attach to the page's menus
 * (data-rules.ts) are ANDed with the schema's, for every reach. Data paths ask access.ts, which
 * adds the page's read guard and its lock; this is the rows part of that decision.
 */
export async function rowRuleScope(db: Db, req: FastifyRequest, schema: PageSchema, schemas: PageSchema[], reach: Reach = 'read'): Promise<RowScope | null> {
  const declared = await declaredScope(db, req, schema, schemas, reach);
  const menu = await dataRuleScope(db, req, schema);
  return bothScopes(declared, menu);
}

async function declaredScope(db: Db, req: FastifyRequest, schema: PageSchema, schemas: PageSchema[], reach: Reach): Promise<RowScope | null> {
  if (!schema.rowRules?.length) {
    let scope: RowScope | null = null;
    for (const main of mainsOf(schema, schemas)) {
      // A sub row's write is its main row's edit; reading and firing reach it as the main is read.
      const mainScope = await rowRuleScope(db, req, main, schemas, reach === 'write' ? 'write' : 'read');
      if (!mainScope) continue;
      const fk = main.subTables!.find((t) => t.code === schema.code)!.foreignKey;
      const sub: RowScope = (eb) => eb(fk, 'in', eb.selectFrom(main.table).select('id').where(mainScope));
      scope = bothScopes(scope, mainScope.key === undefined ? sub : keyedScope(JSON.stringify([main.code, fk, mainScope.key]), sub));
    }
    return scope;
  }
  const rules = rulesFor(schema, await roleCodes(db, req), reach);
  if (!rules) return null;
  const user = req.user!;
  // The rules (by their place in the schema) and the user's values they use.
  const key = JSON.stringify([rules.map((r) => schema.rowRules!.indexOf(r)), user.username, user.orgCode ?? null]);
  return keyedScope(key, (eb) => eb.or(rules.map((r) => eb.and(conditions(eb, schema, r, user)))));
}
