import { describe, expect, it } from 'vitest';
import { cronRefusal, firingAt, quartzCron } from './cron.js';

const local = (text: string) => new Date(text);
const next = (expr: string, from: string, n = 2) => quartzCron(expr).nextRuns(n, local(from)).map((d) => d.toString().slice(0, 24));

describe('Quartz cron through croner', () => {
  it('reads Quartz as Quartz: 0/30 from zero, Sunday = 1, ? on one day field, L, #, the year', () => {
    expect(next('0/30 * * * * ?', '2026-01-01T00:00:00')).toEqual(['Thu Jan 01 2026 00:00:30', 'Thu Jan 01 2026 00:01:00']);
    expect(next('0 0 12 ? * 1', '2026-01-01T00:00:00')).toEqual(['Sun Jan 04 2026 12:00:00', 'Sun Jan 11 2026 12:00:00']);
    expect(next('0 0 12 ? * MON-FRI', '2026-01-02T13:00:00')).toEqual(['Mon Jan 05 2026 12:00:00', 'Tue Jan 06 2026 12:00:00']);
    expect(next('0 15 10 ? * 6#3', '2026-01-01T00:00:00')).toEqual(['Fri Jan 16 2026 10:15:00', 'Fri Feb 20 2026 10:15:00']);
    expect(next('0 0 12 L * ?', '2026-01-01T00:00:00')).toEqual(['Sat Jan 31 2026 12:00:00', 'Sat Feb 28 2026 12:00:00']);
    expect(next('0 0 12 1 1 ? 2030', '2026-01-01T00:00:00', 1)).toEqual(['Tue Jan 01 2030 12:00:00']);
  });

  it('refuses with a message what the form check or croner cannot run', () => {
    expect(cronRefusal('0/30 * * * * ?')).toBeNull();
    expect(cronRefusal('* * * * * ? *')).toBeNull();
    expect(cronRefusal('0 0 * * *')).toBe('Cron表达式应有6或7个字段（秒 分 时 日 月 周 [年]），当前为5个');
    expect(cronRefusal('0 0 0 30 2 ?')).toBe('Cron表达式不会再触发：没有将来的执行时间');
    expect(cronRefusal('0 0 0 1 1 ? 2020')).toBe('Cron表达式不会再触发：没有将来的执行时间');
    expect(cronRefusal('0 0 12 L-3 * ?')).toMatch(/^Cron表达式无法解析：/);
  });

  it('names a firing by its scheduled second, however late it is noticed', () => {
    const every5 = quartzCron('*/5 * * * * ?');
    expect(firingAt(every5, local('2026-01-01T00:00:05.004')).getTime()).toBe(local('2026-01-01T00:00:05').getTime());
    expect(firingAt(every5, local('2026-01-01T00:00:07.900')).getTime()).toBe(local('2026-01-01T00:00:05').getTime());
    expect(firingAt(every5, local('2026-01-01T00:00:10.000')).getTime()).toBe(local('2026-01-01T00:00:10').getTime());
  });
});
