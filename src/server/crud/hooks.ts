import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Condition } from '../../schema/query.js';
import type { WorkflowTransition } from '../../schema/workflow.js';
import type { SysUser } from '../db/tables.js';
import type { AppContext } from '../http/context.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Row = Record<string, unknown>;

/**
 * A condition on the page's table, ANDed into every read of the request. `key`, when set, names all
 * the condition depends on (its rules and the user's values in them): scopes with one key build the
 * same SQL with the same values, so a list may reuse the statements it compiled (open-statements.ts).
 */
export type RowScope = ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) & { key?: string };

/** The scope, named by its key. */
export const keyedScope = (key: string, scope: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>): RowScope => Object.assign(scope, { key });

/** Both scopes ANDed (keyed when each is), or the one given, or null. */
export function bothScopes(a: RowScope | null, b: RowScope | null): RowScope | null {
  if (!a || !b) return a ?? b;
  const both: RowScope = (eb) => eb.and([a(eb), b(eb)]);
  return a.key !== undefined && b.key !== undefined ? keyedScope(JSON.stringify([a.key, b.key]), both) : both;
}

/** What a hook may use: the request's transaction (writes) or the database (reads), the user, the app. */
export interface HookContext {
  db: Kysely<any>;
  user: SysUser;
  req: FastifyRequest;
  ctx: AppContext;
}

/**
 * The named exceptions of an entity (DESIGN.md): a page keeps its schema and the generic engine,
 * and a module adds what CRUD cannot say. Writes run in one transaction with the hooks; a hook
 * refuses with a ClientError (a clear 4xx), which rolls everything back.
 */
export interface CrudHooks {
  /** `values` are the columns about to be inserted (mutable); `body` is the request, virtual fields included. */
  beforeAdd?(h: HookContext, values: Row, body: Row): Promise<void> | void;
  afterAdd?(h: HookContext, values: Row, body: Row): Promise<void> | void;
  /** `changes` are the columns about to be updated (mutable); `current` is the stored row. */
  beforeEdit?(h: HookContext, changes: Row, body: Row, current: Row): Promise<void> | void;
  afterEdit?(h: HookContext, id: string, changes: Row, body: Row): Promise<void> | void;
  beforeDelete?(h: HookContext, ids: string[]): Promise<void> | void;
  /**
   * A workflow transition about to fire on a row (its id, state and creator already checked):
   * refuse with a ClientError what the workflow cannot say (a declaration window closed).
   */
  beforeTransition?(h: HookContext, transition: WorkflowTransition, id: string): Promise<void> | void;
  /** After a transition wrote the row and its history, in the same transaction. */
  afterTransition?(h: HookContext, transition: WorkflowTransition, id: string): Promise<void> | void;
  afterDelete?(h: HookContext, ids: string[]): Promise<void> | void;
  /**
   * The rows this request may read (list, childList, queryById, export), or null for all: an
   * announcement's readers, a user's own receipts. A row outside it simply is not there.
   */
  scope?(h: HookContext): Promise<RowScope | null> | RowScope | null;
  /** Adds derived, non-sensitive values to rows read through list and queryById. */
  decorate?(h: HookContext, rows: Row[]): Promise<void> | void;
  /**
   * Where the page's JeecgBoot controller answers a read otherwise than the generated one (the menu
   * list as one tree, a category's children as an array): for this request, the answer made of every
   * matching row (filters, scope and order applied, not paged), or undefined for the engine's page.
   */
  reshape?(req: FastifyRequest, read: 'list' | 'childList'): ((rows: Row[]) => unknown) | undefined;
  /**
   * Conditions the page's JeecgBoot controller reads from parameters of its own (the log's `keyWord`),
   * on declared fields with bound values; ANDed with the parsed query of list, childList and export.
   */
  queryConditions?(req: FastifyRequest): Condition[];
}

/** A page's server module: hooks into its schema's CRUD routes, and routes of its own under the API base. */
export interface SchemaModule {
  /** The schema code the hooks belong to. */
  schema: string;
  hooks?: CrudHooks;
  routes?: (app: FastifyInstance) => Promise<void>;
}
