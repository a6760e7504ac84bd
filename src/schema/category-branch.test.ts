import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  branchMessages, branchNamed, branchProblem, branchTouched, categoryBranches, categoryBranchProblem, categoryIds, insideCode,
} from './category-branch';
import { checkPageSchema } from './check';
import type { FieldSchema, PageSchema } from './types';

const track: FieldSchema = { name: 'track', label: '赛道', type: 'string', view: 'list', dict: { code: 'race_track' } };
const category: FieldSchema = { name: 'category', label: '所属领域', type: 'string', view: 'cat_tree', extend: { pcode: 'A02', branchBy: 'track' } };

describe('category branches (a cat_tree field following another field)', () => {
  it('finds the declared category fields with the field each follows and the code of their root', () => {
    const [b] = categoryBranches([track, category, { name: 'other', label: '行业', type: 'string', view: 'cat_tree', extend: { pcode: 'A02' } }]);
    expect(b).toEqual({ field: category, by: track, rootCode: 'A02' });
    expect(categoryBranches([track, { ...category, extend: { branchBy: 'track', pcode: '0' } }])[0].rootCode).toBe('');
    expect(categoryBranches([track, { ...category, view: 'sel_tree' }])).toEqual([]);
  });

  it('takes a category strictly below the scope code, the top categories being code ""', () => {
    expect(insideCode('A02A01A01', 'A02A01')).toBe(true);
    expect(insideCode('A02A01', 'A02A01')).toBe(false); // the branch itself is not one of its options
    expect(insideCode('A02A02A01', 'A02A01')).toBe(false);
    expect(insideCode('A01', '')).toBe(true);
  });

  it("names the branch by the other field's text, blanks around it ignored; none for an empty text", () => {
    const children = [{ name: '信息技术', code: 'A02A01' }, { name: '生物医药 ', code: 'A02A02' }];
    expect(branchNamed(children, '生物医药')?.code).toBe('A02A02');
    expect(branchNamed(children, '现代农业')).toBeUndefined();
    expect(branchNamed(children, undefined)).toBeUndefined();
  });

  it('refuses a category outside the branch, naming both fields; the whole root when no branch is named so', () => {
    const [b] = categoryBranches([track, category]);
    const codes = new Map([['ai', 'A02A01A01'], ['drug', 'A02A02A01'], ['it', 'A02A01'], ['kind', 'A01A01']]);
    const facts = { byText: '信息技术', branch: { code: 'A02A01' }, rootName: '行业领域', codes };
    expect(branchProblem(b, ['ai'], facts)).toBeNull();
    expect(branchProblem(b, ['drug'], facts)).toBe('「所属领域」不属于赛道「信息技术」');
    expect(branchProblem(b, ['it'], facts)).toBe('「所属领域」不属于赛道「信息技术」');
    expect(branchProblem(b, ['gone'], facts)).toBe('「所属领域」不属于赛道「信息技术」');
    expect(branchProblem(b, [], facts)).toBeNull();
    // 赛道 empty: choose it first.
    expect(branchProblem(b, ['ai'], { ...facts, byText: undefined })).toBe('请先选择「赛道」，再选择「所属领域」');
    // No child of 行业领域 is named so: anything under 行业领域 goes.
    const unnamed = { ...facts, byText: '其他', branch: undefined };
    expect(branchProblem(b, ['drug'], unnamed)).toBeNull();
    expect(branchProblem(b, ['kind'], unnamed)).toBe('「所属领域」不属于「行业领域」');
  });

  it('checks an add always, an edit only when it changes the category or the field it follows', () => {
    const [b] = categoryBranches([track, category]);
    const stored = { track: 'it', category: 'ai', name: '旧' };
    expect(branchTouched(b, { category: 'ai' })).toBe(true);
    expect(branchTouched(b, { name: '新', track: 'it', category: 'ai' }, stored)).toBe(false);
    expect(branchTouched(b, { track: 'bio' }, stored)).toBe(true);
    expect(branchTouched(b, { category: 'drug' }, stored)).toBe(true);
  });

  it('reads a multiple field\'s ids comma-joined, a single one whole', () => {
    expect(categoryIds(category, 'a,b')).toEqual(['a,b']);
    expect(categoryIds({ ...category, extend: { ...category.extend, multiple: true } }, 'a,b')).toEqual(['a', 'b']);
    expect(categoryIds(category, null)).toEqual([]);
  });

  it('says the placeholder of the waiting tree', () => {
    expect(branchMessages.placeholder({ by: track })).toBe('请先选择赛道');
  });
});

describe('the schema check of branchBy', () => {
  const page = (fields: FieldSchema[]): PageSchema => ({ code: 'p', title: 'P', table: 'p', api: '/p', permission: 'p', fields } as PageSchema);
  it('accepts a cat_tree following a field on a code dictionary', () => {
    expect(categoryBranchProblem(page([track, category]))).toBeNull();
    expect(() => checkPageSchema(page([track, category]), 't.json')).not.toThrow();
  });

  it.each([
    ['another view', [track, { ...category, view: 'sel_tree' as const }], 'only a cat_tree field'],
    ['an undeclared field', [track, { ...category, extend: { branchBy: 'race' } }], 'field "race" is not declared'],
    ['itself', [track, { ...category, extend: { branchBy: 'category' } }], 'cannot follow itself'],
    ['a field without a code dictionary', [{ ...track, dict: undefined, view: 'text' as const }, category], 'needs a code dictionary'],
    ['a table dictionary', [{ ...track, dict: { table: 'pms_race', text: 'title', value: 'id' }, view: 'sel_search' as const }, category], 'needs a code dictionary'],
  ])('refuses a branchBy on %s', (_, fields, problem) => {
    expect(() => checkPageSchema(page(fields), 't.json')).toThrow(problem);
  });

  it('refuses a branchBy that is not a field name by the meta-schema', () => {
    expect(() => checkPageSchema(page([track, { ...category, extend: { branchBy: 'Track-1' } }]), 't.json')).toThrow(/extend\/branchBy/);
  });
});

describe('the seed: 所属领域 follows 赛道', () => {
  const seed = (file: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas', file), 'utf8'));
  it('has one branch under 行业领域 per 赛道, named as its dictionary text, each with 领域 leaves; leaf names unique', () => {
    const tracks = (seed('seed/dicts.json') as { dictCode: string; items: [string, string][] }[]).find((d) => d.dictCode === 'race_track')!.items.map(([text]) => text);
    const industry = (seed('seed/categories.json') as { name: string; children?: { name: string; children?: { name: string }[] }[] }[]).find((n) => n.name === '行业领域')!;
    expect(industry.children!.map((c) => c.name)).toEqual(tracks);
    for (const c of industry.children!) expect(c.children!.length, c.name).toBeGreaterThanOrEqual(3);
    const names = industry.children!.flatMap((c) => [c.name, ...c.children!.map((l) => l.name)]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares 所属领域 of 全部项目 as following 赛道 under 行业领域', () => {
    const project = seed('pms/pms_project.json') as PageSchema;
    expect(categoryBranches(project.fields).map((b) => [b.field.name, b.by.name, b.rootCode])).toEqual([['category', 'track', 'A02']]);
  });
});
