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
}

export const UNRESTRICTED_ROLE = 'admin';

/** The rules that bind a user holding `roles`, or null when the user reaches every row. */
export function rulesFor(schema: PageSchema, roles: string[]): RowRule[] | null {
  const rules = schema.rowRules ?? [];
  if (!rules.length || roles.includes(UNRESTRICTED_ROLE)) return null;
  if (roles.some((r) => !rules.some((x) => x.role === r))) return null;
  return rules.filter((x) => roles.includes(x.role));
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
