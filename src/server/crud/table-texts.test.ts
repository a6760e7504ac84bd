import { describe, expect, it } from 'vitest';
import { TableTexts } from './table-texts.js';

const read = (pairs: [string, string][]) => new Map(pairs);

describe('TableTexts: table dictionaries\' texts kept a moment', () => {
  it('answers kept texts and names the values it must read', () => {
    const t = new TableTexts(10_000);
    t.store('pms_race', 'title', 'id', t.generation('pms_race'), read([['r1', '第一届'], ['r2', '第二届']]), 0);
    const { texts, missing } = t.lookup('pms_race', 'title', 'id', ['r1', 'r2', 'r3'], 5_000);
    expect([...texts]).toEqual([['r1', '第一届'], ['r2', '第二届']]);
    expect(missing).toEqual(['r3']);
  });

  it('reads again once the TTL has passed', () => {
    const t = new TableTexts(10_000);
    t.store('pms_race', 'title', 'id', 0, read([['r1', '第一届']]), 0);
    expect(t.lookup('pms_race', 'title', 'id', ['r1'], 10_000).missing).toEqual(['r1']);
  });

  it('forgets a table\'s texts when it is written, and keeps other tables\'', () => {
    const t = new TableTexts();
    t.store('pms_race', 'title', 'id', 0, read([['r1', '第一届']]));
    t.store('sys_user', 'realname', 'username', 0, read([['u1', '张三']]));
    t.forget(['pmsRace']); // as the camel-case handle names it
    expect(t.lookup('pms_race', 'title', 'id', ['r1']).missing).toEqual(['r1']);
    expect(t.lookup('sys_user', 'realname', 'username', ['u1']).texts.get('u1')).toBe('张三');
  });

  it('keeps nothing read before a write to its table: the read may hold the old text', () => {
    const t = new TableTexts();
    const before = t.generation('pms_race');
    t.forget(['pms_race']); // a rename committed while the lookup was reading
    t.store('pms_race', 'title', 'id', before, read([['r1', '旧名称']]));
    expect(t.lookup('pms_race', 'title', 'id', ['r1']).missing).toEqual(['r1']);
  });

  it('keeps each dictionary (table, text column, value column) apart', () => {
    const t = new TableTexts();
    t.store('sys_user', 'realname', 'username', 0, read([['u1', '张三']]));
    expect(t.lookup('sys_user', 'realname', 'id', ['u1']).missing).toEqual(['u1']);
  });

  it('keeps nothing with a TTL of 0', () => {
    const t = new TableTexts(0);
    t.store('pms_race', 'title', 'id', 0, read([['r1', '第一届']]));
    expect(t.lookup('pms_race', 'title', 'id', ['r1']).missing).toEqual(['r1']);
  });
});
