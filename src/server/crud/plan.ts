import type { CompiledQuery, Kysely } from 'kysely';
import { columnFields } from '../../schema/ddl.js';
import { compileLinkageEnforcer } from '../../schema/linkage-enforce.js';
import { mainsOf } from '../../schema/permission.js';
import type { QueryField, SortOrder } from '../../schema/query.js';
import { snakeCase, type ColumnType, type FieldSchema, type PageSchema, type TreeSettings } from '../../schema/types.js';
import { compileValidators } from '../../schema/validator.js';
import { dictOf, viewInterface } from '../../schema/views.js';
import { ftsTableName, planText } from '../db/index-plan.js';
import type { AppContext } from '../http/context.js';
import { pageAccess, type PageAccess } from './access.js';
import { composeHooks } from './compose-hooks.js';
import type { CrudHooks } from './hooks.js';
import { exactUpTo, type CountStatements } from './list-count.js';
import { StatementCache } from './open-statements.js';
import { subTableSupport } from './sub-tables.js';
import { treeHooks } from './tree.js';
import type { TextSearch } from './where.js';
import { workflowGuard } from './workflow.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const KIND: Record<ColumnType, QueryField['kind']> = {
  string: 'string', text: 'string', blob: 'string', time: 'string', int: 'number', long: 'number', double: 'number',
  decimal: 'number', date: 'date', datetime: 'datetime', boolean: 'boolean',
};

/** A list's statements for one query shape, compiled once with their values open (open-statements.ts). */
export type ListStatements = { page: CompiledQuery } & CountStatements;

/**
 * Everything about a page that does not change between its requests, worked out once when the
 * page's CRUD is registered (at start, and again at each online-form sync, which registers the
 * form's page anew). The actions (actions/*.ts) are functions of it: a request only adds its token,
 * its query and its values.
 */
export interface PagePlan {
  readonly ctx: AppContext;
  readonly schema: PageSchema;
  readonly db: Kysely<any>;
  /** The page's stored columns, its readable ones (not sensitive) and their names. */
  readonly fields: FieldSchema[];
  readonly readable: FieldSchema[];
  readonly columns: string[];
  readonly byName: ReadonlyMap<string, FieldSchema>;
  /** The readable fields whose values a read shows with a text too (dictionaries, areas). */
  readonly translated: FieldSchema[];
  /** What a list query may filter and sort on, and its order when it names none. */
  readonly queryFields: QueryField[];
  readonly defaultSort: SortOrder[];
  /** SQLite's text index of the page, when it has one. */
  readonly text: TextSearch | null;
  /** A total counted exactly up to this many rows, estimated beyond. */
  readonly countCap: number | null;
  /** A sub page's foreign keys to its main pages, as the page set stood at compile time. */
  readonly attachedBy: string[];
  readonly validate: ReturnType<typeof compileValidators>;
  readonly linkage: ReturnType<typeof compileLinkageEnforcer>;
  /** Declared fields that are not columns (a module's). */
  readonly virtual: ReadonlySet<string>;
  readonly flow: ReturnType<typeof workflowGuard>;
  readonly tree: TreeSettings | undefined;
  readonly subs: ReturnType<typeof subTableSupport> | undefined;
  /** The engine's own behaviour (tree, sub tables) and the page's module, as one hook set. */
  readonly hooks: CrudHooks;
  /** The page's one access decision (access.ts). */
  readonly access: PageAccess;
  /** The list's compiled statements, by query shape. */
  readonly listStatements: StatementCache<ListStatements>;
  /** queryById's compiled statement, by read scope. */
  readonly byIdStatements: StatementCache<CompiledQuery>;
  /** A main page's subList statement, by sub table. */
  readonly subStatements: StatementCache<CompiledQuery>;
}

export function compilePage(ctx: AppContext, schema: PageSchema, moduleHooks: CrudHooks = {}): PagePlan {
  const fields = columnFields(schema);
  const readable = fields.filter((f) => !f.sensitive);
  // A sub page's own add and edit take the key its main page attaches its rows by (the main's id).
  const attachedBy = mainsOf(schema, ctx.schemas.schemas).flatMap((m) => m.subTables!.filter((t) => t.code === schema.code).map((t) => t.foreignKey));
  const tree = schema.kind === 'tree' ? schema.tree : undefined;
  const subs = schema.kind === 'main' ? subTableSupport(schema, ctx.schemas) : undefined;
  const hooks = composeHooks([tree && treeHooks(schema), subs?.hooks], moduleHooks);
  return {
    ctx,
    schema,
    db: ctx.db as unknown as Kysely<any>,
    fields,
    readable,
    columns: readable.map((f) => f.name),
    byName: new Map(fields.map((f) => [f.name, f])),
    translated: readable.filter((f) => f.view === 'pca' || dictOf(f)),
    queryFields: readable.map((f) => ({
      name: f.name, kind: KIND[f.type], sortable: f.sortable !== false, multiple: !!viewInterface(f.view).multiple?.(f),
    })),
    defaultSort: schema.defaultSort ? [{ field: schema.defaultSort.column, dir: schema.defaultSort.order }] : [{ field: 'createTime', dir: 'desc' }],
    text: ctx.dialect === 'sqlite' && planText(schema)
      ? { fts: ftsTableName(schema.table), columns: new Map(fields.filter((f) => f.search && !f.sensitive).map((f) => [f.name, snakeCase(f.name)])) }
      : null,
    countCap: exactUpTo(schema),
    attachedBy,
    validate: compileValidators(schema, { attachedBy }),
    linkage: compileLinkageEnforcer(schema),
    virtual: new Set(schema.fields.filter((f) => f.virtual).map((f) => f.name)),
    flow: workflowGuard(schema),
    tree,
    subs,
    hooks,
    access: pageAccess(ctx, schema, hooks.scope),
    listStatements: new StatementCache<ListStatements>(),
    byIdStatements: new StatementCache<CompiledQuery>(),
    subStatements: new StatementCache<CompiledQuery>(),
  };
}
