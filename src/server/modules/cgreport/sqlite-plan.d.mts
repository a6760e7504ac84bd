import type { Database, Statement } from 'better-sqlite3';

export class PlanRefusal extends Error {}

export interface PlanPolicy {
  /** Table (lower case) → the columns a report may read; a table missing is internal. */
  readable: Map<string, Set<string>>;
  /** Table → its sensitive columns (named in refusals). */
  sensitive: Map<string, Set<string>>;
}

export function planChecker(db: Database): (stmt: Statement, params: unknown[], policy: PlanPolicy) => void;
