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
});
