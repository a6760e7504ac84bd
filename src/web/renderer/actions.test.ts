import { describe, expect, it } from 'vitest';
import type { PageAction } from '../../schema/types';
import { actionApplies, resolveValues } from './actions';

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
});
