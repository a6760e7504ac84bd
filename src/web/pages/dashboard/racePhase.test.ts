import { describe, expect, it } from 'vitest';
import type { Race } from '../../api/types';
import { racePhase, remaining, timeOf } from './racePhase';

const race = {
  title: '第十届创新创业大赛', declareStart: '2026-11-01 09:00:00', declareEnd: '2026-11-30 18:00:00', reviewStart: '2026-12-01 00:00:00', reviewEnd: '2026-12-20 18:00:00',
} as Race;
const at = (t: string) => timeOf(t);

describe('racePhase', () => {
  it('says when declaring opens, before it does', () => {
    expect(racePhase(race, at('2026-10-31 12:00:00'))).toEqual({ level: 'info', text: '「第十届创新创业大赛」申报将于 2026-11-01 09:00 开始', declaring: false });
  });

  it('counts down to the end of declaring, more urgently in its last day and last hour', () => {
    expect(racePhase(race, at('2026-11-20 15:00:00'))).toMatchObject({ level: 'info', text: '「第十届创新创业大赛」申报截止时间 2026-11-30 18:00，距截止还有 10 天 3 小时', declaring: true });
    expect(racePhase(race, at('2026-11-30 08:30:00'))).toMatchObject({ level: 'warning', text: expect.stringContaining('距截止还有 9 小时 30 分') });
    const lastHour = racePhase(race, at('2026-11-30 17:47:30'))!;
    expect(lastHour).toMatchObject({ level: 'error', text: expect.stringContaining('距截止还有 12 分 30 秒'), until: at('2026-11-30 18:00:00') });
    // The deadline's own second is still inside the window, as the server's check (both ends included).
    expect(racePhase(race, at('2026-11-30 18:00:00'))).toMatchObject({ declaring: true, text: expect.stringContaining('还有 0 秒') });
  });

  it('after declaring, counts down to the end of the review, then says declaring is closed', () => {
    expect(racePhase(race, at('2026-11-30 18:00:01'))).toMatchObject({
      level: 'info', declaring: false, text: '「第十届创新创业大赛」申报已于 2026-11-30 18:00 截止；评审截止时间 2026-12-20 18:00，距截止还有 19 天 23 小时',
    });
    expect(racePhase(race, at('2026-12-21 00:00:00'))).toEqual({ level: 'info', text: '「第十届创新创业大赛」申报已于 2026-11-30 18:00 截止', declaring: false });
  });

  it('says nothing without a race or a declaration window, or with a malformed time', () => {
    expect(racePhase(null, Date.now())).toBeNull();
    expect(racePhase({ ...race, declareEnd: null }, Date.now())).toBeNull();
    expect(racePhase({ ...race, declareStart: 'soon' }, Date.now())).toBeNull();
  });
});

describe('remaining', () => {
  it('names the two largest units', () => {
    expect(remaining(3 * 86_400_000 + 4 * 3_600_000 + 59_000)).toBe('3 天 4 小时');
    expect(remaining(61_000)).toBe('1 分 1 秒');
    expect(remaining(-5)).toBe('0 秒');
  });
});
