import type { Database, Statement } from 'better-sqlite3';

export class PlanRefusal extends Error {}

export function personalColumnRefusal(table: string, column: string, page: string): string;
export function personalTableRefusal(table: string, page: string): string;

export interface PlanPolicy {
  /** Table (lower case) → the columns every report may read; a table missing is internal. */
  readable: Map<string, Set<string>>;
  /** Table → its sensitive columns (named in refusals). */
  sensitive: Map<string, Set<string>>;
  /** Table → its personal columns: read only when the statement's reach holds the table. */
  personal?: Map<string, Set<string>>;
  /** Tables personal as a whole: not even opened unless the reach holds them. */
  whole?: Set<string>;
  /** Table → the title of the page whose readers may read its personal columns. */
  pages?: Map<string, string>;
}

/** `reach`: the tables whose personal columns this statement may read (none when left out). */
export function planChecker(db: Database): (stmt: Statement, params: unknown[], policy: PlanPolicy, reach?: ReadonlySet<string>) => void;
