import { describe, expect, it } from 'vitest';
import { FillRuleError, parseFillRule, periodOf, renderFillRule, usesSequence } from './fill-rule';

const at = new Date(2025, 2, 7, 9, 5, 3); // 2025-03-07 09:05:03 local time

const problem = (json: string) => {
  try {
    parseFillRule(json);
  } catch (e) {
    if (e instanceof FillRuleError) return e.message;
    throw e;
  }
  return 'ok';
};

describe('fill rules', () => {
  it('renders a pattern with a date, a padded sequence and literal text', () => {
    const rule = parseFillRule('{"pattern":"CN${YYYYMMDD}${seq:4}","reset":"day"}');
    expect(rule.reset).toBe('day');
    expect(renderFillRule(rule, { now: at, seq: 7 })).toBe('CN202503070007');
    expect(renderFillRule(rule, { now: at, seq: 123456 })).toBe('CN20250307123456');
    expect(renderFillRule(parseFillRule('{"pattern":"${YY-MM-DD HH:mm:ss}"}'), { now: at })).toBe('25-03-07 09:05:03');
  });

  it('renders the structured form the same way', () => {
    const rule = parseFillRule('{"prefix":"SO","date":"YYYYMM","seqLength":3,"suffix":"-X","start":5}');
    expect(rule.start).toBe(5);
    expect(rule.reset).toBe('never');
    expect(renderFillRule(rule, { now: at, seq: 5 })).toBe('SO202503005-X');
    expect(usesSequence(rule)).toBe(true);
    expect(usesSequence(parseFillRule('{"prefix":"X","date":"YYYY"}'))).toBe(false);
  });

  it('takes form values that are plain words only', () => {
    const rule = parseFillRule('{"pattern":"${form:dept}-${seq:2}"}');
    expect(renderFillRule(rule, { now: at, seq: 1, form: { dept: 'RD' } })).toBe('RD-01');
    expect(renderFillRule(rule, { now: at, seq: 1, form: {} })).toBe('-01');
    expect(() => renderFillRule(rule, { now: at, seq: 1, form: { dept: "x' or 1=1" } })).toThrow('表单字段 dept 的值只能包含文字、数字、- 和 _');
  });

  it('keys the counter by the reset period', () => {
    expect(periodOf(parseFillRule('{"pattern":"${seq}","reset":"day"}'), at)).toBe('20250307');
    expect(periodOf(parseFillRule('{"pattern":"${seq}","reset":"month"}'), at)).toBe('202503');
    expect(periodOf(parseFillRule('{"pattern":"${seq}","reset":"year"}'), at)).toBe('2025');
    expect(periodOf(parseFillRule('{"pattern":"${seq}"}'), at)).toBe('');
  });

  it('refuses broken params with a clear message', () => {
    expect(problem('')).toBe('规则参数不能为空');
    expect(problem('{pattern:1}')).toBe('规则参数不是合法的JSON');
    expect(problem('[]')).toBe('规则参数需为JSON对象');
    expect(problem('{"class":"org.jeecg.X"}')).toBe('未知的规则参数: class');
    expect(problem('{"pattern":"A${seq}","prefix":"B"}')).toBe('pattern 不能与 prefix、date、seqLength、suffix 同时使用');
    expect(problem('{"pattern":"A${seq"}')).toBe('规则模式中的 ${ 没有闭合');
    expect(problem('{"pattern":"${seq}${seq}"}')).toBe('一个规则最多包含一个序号');
    expect(problem('{"pattern":"${seq:13}"}')).toBe('序号位数需在1到12之间');
    expect(problem('{"pattern":"${whoami}"}')).toBe('不支持的日期格式: whoami');
    expect(problem('{"pattern":"${form:a b}"}')).toBe('表单字段名无效: a b');
    expect(problem('{"prefix":"A","seqLength":0}')).toBe('seqLength 需为1到12的整数');
    expect(problem('{"date":"YYYY%"}')).toBe('不支持的日期格式: YYYY%');
    expect(problem('{}')).toBe('规则至少需要 prefix、date、seqLength 之一');
    expect(problem('{"pattern":"${seq}","reset":"hour"}')).toBe('reset 只能是 never、day、month、year');
    expect(problem('{"pattern":"${seq}","start":-1}')).toBe('start 需为非负整数');
  });
});
