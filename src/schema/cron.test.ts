import { describe, expect, it } from 'vitest';
import { quartzCronProblem } from './cron';

describe('quartzCronProblem', () => {
  it('accepts the Quartz forms JeecgBoot jobs use', () => {
    for (const expr of [
      '0/1 * * * * ?',
      '0 0 12 * * ?',
      '0 15 10 ? * *',
      '0 15 10 * * ? 2025',
      '0 0/5 14,18 * * ?',
      '0 0-5 14 * * ?',
      '0 10,44 14 ? 3 WED',
      '0 15 10 ? * MON-FRI',
      '0 15 10 L * ?',
      '0 15 10 L-2 * ?',
      '0 15 10 LW * ?',
      '0 15 10 15W * ?',
      '0 15 10 ? * 6L',
      '0 15 10 ? * FRIL',
      '0 15 10 ? * 6#3',
      '0 15 10 ? * L',
      '0 0 22-2 * * ?',
      '0 0 12 1/5 jan-mar ?',
      '  0   0  12 * * ?  ',
      '0 0 0 1 1 ? 2025-2030/2',
    ]) expect(quartzCronProblem(expr), expr).toBeNull();
  });

  it('names the field count', () => {
    expect(quartzCronProblem('* * * * *')).toBe('Cron表达式应有6或7个字段（秒 分 时 日 月 周 [年]），当前为5个');
    expect(quartzCronProblem('0 0 0 * * ? 2025 x')).toBe('Cron表达式应有6或7个字段（秒 分 时 日 月 周 [年]），当前为8个');
  });

  it('refuses empty and non-text input', () => {
    expect(quartzCronProblem('')).toBe('Cron表达式不能为空');
    expect(quartzCronProblem('   ')).toBe('Cron表达式不能为空');
    expect(quartzCronProblem(null)).toBe('Cron表达式不能为空');
    expect(quartzCronProblem(5)).toBe('Cron表达式不能为空');
  });

  it('names the field whose value is out of range', () => {
    expect(quartzCronProblem('60 * * * * ?')).toBe('Cron表达式的秒字段取值应在 0-59 之间：60');
    expect(quartzCronProblem('0 61 * * * ?')).toBe('Cron表达式的分字段取值应在 0-59 之间：61');
    expect(quartzCronProblem('0 0 24 * * ?')).toBe('Cron表达式的时字段取值应在 0-23 之间：24');
    expect(quartzCronProblem('0 0 0 0 * ?')).toBe('Cron表达式的日字段取值应在 1-31 之间：0');
    expect(quartzCronProblem('0 0 0 ? 13 *')).toBe('Cron表达式的月字段取值应在 1-12 之间：13');
    expect(quartzCronProblem('0 0 0 ? * 8')).toBe('Cron表达式的周字段取值应在 1-7 之间：8');
    expect(quartzCronProblem('0 0 0 * * ? 1969')).toBe('Cron表达式的年字段取值应在 1970-2099 之间：1969');
    expect(quartzCronProblem('0 0 1-30 * * ?')).toBe('Cron表达式的时字段取值应在 0-23 之间：30');
  });

  it('refuses unknown words, bad steps and malformed parts', () => {
    expect(quartzCronProblem('0 0 0 ? FOO *')).toBe('Cron表达式的月字段含有无法识别的值：FOO');
    expect(quartzCronProblem('0 0 0 ? * MON-XYZ')).toBe('Cron表达式的周字段含有无法识别的值：XYZ');
    expect(quartzCronProblem('0/0 * * * * ?')).toBe('Cron表达式的秒字段步长应在 1-59 之间：0/0');
    expect(quartzCronProblem('0/x * * * * ?')).toBe('Cron表达式的秒字段步长应在 1-59 之间：0/x');
    expect(quartzCronProblem('0 1-2-3 * * * ?')).toBe('Cron表达式的分字段格式不正确：1-2-3');
    expect(quartzCronProblem('0 0 1,,2 * * ?')).toBe('Cron表达式的时字段格式不正确：1,,2');
    expect(quartzCronProblem('0 0 0 ? * 2#6')).toBe('Cron表达式的周字段 # 之后应为 1-5：2#6');
    expect(quartzCronProblem('0 0 0 L-31 * ?')).toBe('Cron表达式的日字段 L- 之后的偏移应在 0-30 之间：L-31');
    expect(quartzCronProblem('0 0 0 32W * ?')).toBe('Cron表达式的日字段取值应在 1-31 之间：32');
  });

  it('allows ? only on the day fields, alone, and on exactly one of them', () => {
    expect(quartzCronProblem('? 0 0 * * ?')).toBe('Cron表达式的秒字段不能使用 ?（只用于日或周）');
    expect(quartzCronProblem('0 0 0 1,? * MON')).toBe('Cron表达式的日字段中 ? 必须单独使用');
    expect(quartzCronProblem('0 0 0 * * *')).toBe('Cron表达式的日和周字段必须有且只有一个为 ?');
    expect(quartzCronProblem('0 0 0 ? * ?')).toBe('Cron表达式的日和周字段必须有且只有一个为 ?');
    expect(quartzCronProblem('0 0 0 1 * MON')).toBe('Cron表达式的日和周字段必须有且只有一个为 ?');
  });
});
