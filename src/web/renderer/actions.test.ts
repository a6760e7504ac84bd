import { describe, expect, it } from 'vitest';
import type { PageAction } from '../../schema/types';
import { actionApplies, resolveValues, workPanel } from './actions';

describe('action values', () => {
  it('reads $field from the row, $ids from the selection, and sends literals as they are', () => {
    expect(resolveValues({ ids: '$id', status: 2, note: 'x' }, { id: 'u1' }, [])).toEqual({ ids: 'u1', status: 2, note: 'x' });
    expect(resolveValues({ ids: '$ids' }, null, ['a', 'b'])).toEqual({ ids: 'a,b' });
    expect(resolveValues({ name: '$missing' }, { id: 'u1' }, [])).toEqual({ name: null });
    expect(resolveValues(undefined, null, [])).toBeUndefined();
  });

  it('shows a row action only when the row matches its condition', () => {
    const freeze: PageAction = { key: 'freeze', label: '冻结', place: 'row', when: { field: 'status', in: [1] }, request: { method: 'put', url: '/x' } };
    expect(actionApplies(freeze, { status: 1 })).toBe(true);
    expect(actionApplies(freeze, { status: '1' })).toBe(true);
    expect(actionApplies(freeze, { status: 2 })).toBe(false);
    expect(actionApplies({ ...freeze, when: undefined }, { status: 2 })).toBe(true);
  });

  it('with a list of conditions, shows it only when every one holds (功能测试: synced, and not a sub table)', () => {
    const preview: PageAction = { key: 'preview', label: '功能测试', place: 'row', panel: 'P', when: [{ field: 'isDbSynch', in: ['Y'] }, { field: 'tableType', in: [1, 2] }] };
    expect(actionApplies(preview, { isDbSynch: 'Y', tableType: 2 })).toBe(true);
    expect(actionApplies(preview, { isDbSynch: 'Y', tableType: 3 })).toBe(false);
    expect(actionApplies(preview, { isDbSynch: 'N', tableType: 1 })).toBe(false);
  });

  it('opens a record by address on the first visible panel that applies to it, if the user may use it: 评分 for a sheet waiting, 详情 otherwise', () => {
    const score: PageAction = { key: 'score', label: '评分', place: 'row', inline: true, panel: 'ReviewSheet', when: { field: 'state', in: ['pending', 'draft'] } };
    const card: PageAction = { key: 'card', label: '结果卡', place: 'row', inline: true, panel: 'AssessResultCard' };
    const ranking: PageAction = { key: 'ranking', label: '评审排名', place: 'row', panel: 'RaceRanking' };
    const all = () => true;
    expect(workPanel([ranking, score], { state: 'pending' }, all)).toBe(score);
    expect(workPanel([ranking, score], { state: 'submitted' }, all)).toBeUndefined();
    expect(workPanel([ranking, card], { state: 'x' }, all)).toBe(card);
    expect(workPanel([score], { state: 'pending' }, () => false)).toBeUndefined();
    expect(workPanel(undefined, { state: 'pending' }, all)).toBeUndefined();
  });
});
