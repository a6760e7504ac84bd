import type { PageSchema } from './types';

/**
 * Which rows of a page a role reaches (数据权限). Every condition given in one rule must hold;
 * a role's rules are alternatives; a user reaches the rows any of their roles reaches. A role
 * without a rule on the page is not restricted by it, nor is the administrator role.
 */
export interface RowRule {
  role: string;
  /** Rows the user created. */
  own?: boolean;
  /** Rows whose field names the user (a user picker: one account or a comma list). */
  field?: string;
  /** Rows linked to the user through a relation table: its column holding the row id and its column holding the user. */
  via?: { table: string; row: string; user: string };
  /** Rows created in the user's department or below it. */
  department?: boolean;
  /** Rows in one of these workflow states. */
  states?: string[];
  /**
   * What the rule lets the user do with the rows it reaches: read them (list, detail, export,
   * history, sub rows, files), fire their transitions, write them (edit, delete, their sub rows).
   * All three when not said; a task's assignee reads it and fires 开始/完成 (`["read", "transition"]`)
   * while only its creator edits it.
   */
  reach?: Reach[];
}

/** The three ways a user reaches a row: every data path of a page asks for one of them. */
export type Reach = 'read' | 'transition' | 'write';
export const REACHES: readonly Reach[] = ['read', 'transition', 'write'];

export const UNRESTRICTED_ROLE = 'admin';

/**
 * The rules that bind a user holding `roles` for `reach`, or null when the user reaches every row.
 * A role bound on the page by rules none of which gives `reach` reaches no row for it.
 */
export function rulesFor(schema: PageSchema, roles: string[], reach: Reach = 'read'): RowRule[] | null {
  const rules = schema.rowRules ?? [];
  if (!rules.length || roles.includes(UNRESTRICTED_ROLE)) return null;
  if (roles.some((r) => !rules.some((x) => x.role === r))) return null;
  return rules.filter((x) => roles.includes(x.role) && (x.reach ?? REACHES).includes(reach));
}

/** The problem with a page's row rules (a path under /rowRules and what is wrong), or null. */
export function rowRulesProblem(schema: PageSchema, tableColumns: (table: string) => Set<string> | undefined): { path: string; problem: string } | null {
  const own = new Set(schema.fields.filter((f) => !f.virtual).map((f) => f.name));
  for (const [i, r] of (schema.rowRules ?? []).entries()) {
    const at = `/rowRules/${i}`;
    if (!r.own && !r.field && !r.via && !r.department && !r.states) return { path: at, problem: 'a rule needs at least one condition (own, field, via, department, states)' };
    if (r.role === UNRESTRICTED_ROLE) return { path: `${at}/role`, problem: 'the administrator role reaches every row' };
    if (r.field && !own.has(r.field)) return { path: `${at}/field`, problem: `field "${r.field}" is not a declared column` };
    if (r.states && !schema.workflow) return { path: `${at}/states`, problem: 'states need a workflow' };
    if (r.reach && !r.reach.includes('read')) return { path: `${at}/reach`, problem: 'a rule that reaches rows for transitions or writes reaches them for reading too' };
    if (r.reach?.includes('transition') && !schema.workflow) return { path: `${at}/reach`, problem: 'transitions need a workflow' };
    if (r.via) {
      const cols = tableColumns(r.via.table);
      if (!cols) return { path: `${at}/via/table`, problem: `table "${r.via.table}" is not declared by any schema` };
      for (const k of ['row', 'user'] as const) {
        if (!cols.has(r.via[k])) return { path: `${at}/via/${k}`, problem: `"${r.via[k]}" is not a column of ${r.via.table}` };
      }
    }
  }
  return null;
}
