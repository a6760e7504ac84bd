import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../schema/types.js';
import { recordNames } from './record-notice.js';

const project = { code: 'p', title: '全部项目', record: { noun: '项目', title: 'name' } } as unknown as PageSchema;

describe('recordNames', () => {
  it('names one row by its noun and title, several by count and their first titles', () => {
    expect(recordNames(project, [{ name: '城市地下管网智能巡检机器人' }])).toBe('项目「城市地下管网智能巡检机器人」');
    expect(recordNames(project, [{ name: '甲' }, { name: '乙' }])).toBe('2个项目「甲」「乙」');
    expect(recordNames(project, ['甲', '乙', '丙', '丁'].map((name) => ({ name })))).toBe('4个项目「甲」「乙」「丙」等');
    expect(recordNames(project, [{ name: null }])).toBe('项目「未命名」');
  });

  it('falls back to the page title where the schema names no record', () => {
    const bare = { ...project, record: undefined } as PageSchema;
    expect(recordNames(bare, [{ id: 'x' }])).toBe('「全部项目」');
    expect(recordNames(bare, [{ id: 'x' }, { id: 'y' }])).toBe('「全部项目」2条数据');
  });
});
