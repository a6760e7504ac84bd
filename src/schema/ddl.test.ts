import { describe, expect, it } from 'vitest';
import { describeStep, planSync } from './ddl';
import type { PageSchema } from './types';

const schema: PageSchema = {
  code: 'sys_position', title: '职务', table: 'sys_position', api: '/sys/position',
  fields: [
    { name: 'code', label: '编码', type: 'string', length: 32, unique: true, nullable: false },
    { name: 'postRank', label: '职级', type: 'string', index: true },
    { name: 'score', label: '分数', type: 'decimal', length: 10, scale: 2 },
  ],
};

describe('planSync', () => {
  it('creates a missing table with the system columns and its indexes', () => {
    const plan = planSync(schema, null);
    expect(plan.map(describeStep)).toEqual([
      'create table sys_position (id, create_by, create_time, update_by, update_time, sys_org_code, code, post_rank, score)',
      'create unique index uk_sys_position_code on sys_position (code)',
      'create index idx_sys_position_post_rank on sys_position (post_rank)',
    ]);
    const create = plan[0];
    expect(create.kind === 'createTable' && create.columns.find((c) => c.column === 'id')).toMatchObject({ primaryKey: true, nullable: false });
    expect(create.kind === 'createTable' && create.columns.find((c) => c.column === 'code')).toMatchObject({ length: 32, nullable: false });
  });

  it('adds only what is missing and reports undeclared columns as destructive', () => {
    const plan = planSync(schema, {
      columns: ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'code', 'old_col'],
      indexes: ['uk_sys_position_code'],
    });
    expect(plan.map(describeStep)).toEqual([
      'add column sys_position.post_rank string(255)',
      'add column sys_position.score decimal(10)',
      'create index idx_sys_position_post_rank on sys_position (post_rank)',
      'drop column sys_position.old_col (data in it is lost)',
    ]);
    expect(plan.at(-1)).toMatchObject({ kind: 'dropColumn', destructive: true });
  });

  it('is empty when the table matches', () => {
    const existing = { columns: ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'code', 'post_rank', 'score'], indexes: ['uk_sys_position_code', 'idx_sys_position_post_rank'] };
    expect(planSync(schema, existing)).toEqual([]);
  });

  it('plans a several-column index over a filter and its sort, once', () => {
    const withIndex = { ...schema, indexes: [{ columns: ['postRank', 'createTime'] }] };
    const existing = { columns: ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'code', 'post_rank', 'score'], indexes: ['uk_sys_position_code', 'idx_sys_position_post_rank'] };
    expect(planSync(withIndex, existing)).toEqual([
      { kind: 'createIndex', table: 'sys_position', name: 'idx_sys_position_post_rank_create_time', columns: ['post_rank', 'create_time'], unique: false },
    ]);
    expect(planSync(withIndex, { ...existing, indexes: [...existing.indexes, 'idx_sys_position_post_rank_create_time'] })).toEqual([]);
  });
});
