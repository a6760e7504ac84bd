import { describe, expect, it } from 'vitest';
import { REPORT_ROLE, reachRole } from '../../db/report-role.js';
import { withoutParams } from './runner.js';

describe('withoutParams (a statement parsed as a view, where parameters cannot be)', () => {
  it('turns each $n into NULL and leaves quoted text and names alone', () => {
    expect(withoutParams('select * from (select a from t where b = $1 and c like $12) cgr limit $3 offset $4'))
      .toBe('select * from (select a from t where b = NULL and c like NULL) cgr limit NULL offset NULL');
    expect(withoutParams(`select 'costs $1' as "x$2", 'it''s $3' from t where a = $1`)).toBe(`select 'costs $1' as "x$2", 'it''s $3' from t where a = NULL`);
  });
});

describe('reachRole (the PostgreSQL role a report runs as)', () => {
  it('is the plain report role for no reach, and one role per set of tables, whatever their order', () => {
    expect(reachRole([])).toBe(REPORT_ROLE);
    expect(reachRole(['sys_user', 'sys_data_log'])).toBe(reachRole(['sys_data_log', 'sys_user', 'sys_user']));
    expect(reachRole(['sys_user'])).not.toBe(reachRole(['sys_user', 'sys_data_log']));
    expect(reachRole(['sys_user'])).toMatch(/^platform_report_reader_[0-9a-f]{16}$/);
  });
});
