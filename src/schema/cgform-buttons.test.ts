import { describe, expect, it } from 'vitest';
import {
  checkUrlTemplate, checkValue, conditionHolds, fillUrl, isSafeUrl, parseCondition, parseSetPlan, planFields, resolveValue, showsFor, templateFields,
} from './cgform-buttons';

describe('show conditions', () => {
  it('reads `field op value` and nothing else', () => {
    expect(parseCondition('status == 1')).toEqual({ field: 'status', op: 'eq', value: '1' });
    expect(parseCondition('status=1')).toEqual({ field: 'status', op: 'eq', value: '1' });
    expect(parseCondition(' level in L, M ,H')).toEqual({ field: 'level', op: 'in', value: ['L', 'M', 'H'] });
    expect(parseCondition('level not  in L,M')).toEqual({ field: 'level', op: 'notIn', value: ['L', 'M'] });
    expect(parseCondition('remark not empty')).toEqual({ field: 'remark', op: 'notEmpty' });
    expect(parseCondition("title != 'a b'")).toEqual({ field: 'title', op: 'ne', value: 'a b' });
    expect(parseCondition('amount <= 5')).toEqual({ field: 'amount', op: 'le', value: '5' });
    expect(parseCondition('')).toBeNull();
    expect(parseCondition(null)).toBeNull();
    for (const bad of ['alert(1)', '1=1', 'status', 'status ==', 'remark empty 1', 'a.b == 1', 'x ~ 1']) {
      expect(() => parseCondition(bad), bad).toThrow(/条件格式错误/);
    }
  });

  it('compares numbers as numbers and text as text; blank values never pass a comparison', () => {
    const row = { amount: '1200', state: 'done', remark: '', level: 'M' };
    expect(conditionHolds(parseCondition('amount > 1000'), row)).toBe(true);
    expect(conditionHolds(parseCondition('amount > 900'), { amount: 1000 })).toBe(true);
    expect(conditionHolds(parseCondition('amount < 200'), row)).toBe(false); // text would say '1200' < '200'
    expect(conditionHolds(parseCondition('amount >= 1200'), row)).toBe(true);
    expect(conditionHolds(parseCondition('state == done'), row)).toBe(true);
    expect(conditionHolds(parseCondition('state != done'), row)).toBe(false);
    expect(conditionHolds(parseCondition('level in L,M'), row)).toBe(true);
    expect(conditionHolds(parseCondition('level not in L,M'), row)).toBe(false);
    expect(conditionHolds(parseCondition('remark empty'), row)).toBe(true);
    expect(conditionHolds(parseCondition('missing empty'), row)).toBe(true);
    expect(conditionHolds(parseCondition('missing > 0'), row)).toBe(false);
    expect(conditionHolds(parseCondition('missing != x'), row)).toBe(true);
    expect(conditionHolds(null, row)).toBe(true);
  });

  it('hides a button whose stored condition cannot be read', () => {
    expect(showsFor('state == done', { state: 'done' })).toBe(true);
    expect(showsFor('state == done', { state: 'new' })).toBe(false);
    expect(showsFor('while(true){}', { state: 'new' })).toBe(false);
    expect(showsFor(null, {})).toBe(true);
  });
});

describe('link templates', () => {
  it('fills ${field} slots URL-encoded', () => {
    expect(templateFields('/x/${id}?n=${name}')).toEqual(['id', 'name']);
    expect(fillUrl('https://example.com/q?t=${title}&id=${id}', { title: 'a&b c/d', id: 7 })).toBe('https://example.com/q?t=a%26b%20c%2Fd&id=7');
    expect(fillUrl('/online/cgformList/${code}', { code: null })).toBe('/online/cgformList/');
    // A value cannot turn an in-app path into another host.
    expect(fillUrl('/${p}', { p: '/evil.example' })).toBe('/%2Fevil.example');
  });

  it('allows only the web or this app', () => {
    for (const ok of ['https://a.example/x', 'http://a.example', '/sys/user']) expect(isSafeUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'sys/user', 'https://', 'ftp://a']) {
      expect(isSafeUrl(bad), bad).toBe(false);
    }
    expect(fillUrl('${u}', { u: 'javascript:alert(1)' })).toBeNull();
    expect(() => checkUrlTemplate('javascript:${x}')).toThrow('链接地址只能是 http(s):// 开头的网址或以 / 开头的站内路径');
    expect(() => checkUrlTemplate('/x/${a.b}')).toThrow('链接地址中的 ${...} 只能是字段名');
    expect(() => checkUrlTemplate('/x/${a}')).not.toThrow();
  });
});

describe('update plans and value tokens', () => {
  const c = { row: { title: '标题', amount: 3 }, now: '2025-06-01 10:20:30', user: { username: 'rev', realname: '评审', orgCode: 'A01' } };

  it('resolves the time, the user and another field; keeps literals', () => {
    expect(resolveValue('#{now}', c)).toBe('2025-06-01 10:20:30');
    expect(resolveValue('#{date}', c)).toBe('2025-06-01');
    expect(resolveValue('#{sysUserCode}', c)).toBe('rev');
    expect(resolveValue('#{sysUserName}', c)).toBe('评审');
    expect(resolveValue('#{sysOrgCode}', c)).toBe('A01');
    expect(resolveValue('${title}', c)).toBe('标题');
    expect(resolveValue('${missing}', c)).toBeNull();
    expect(resolveValue("x'; DROP TABLE t; --", c)).toBe("x'; DROP TABLE t; --");
    expect(resolveValue(5, c)).toBe(5);
    expect(() => resolveValue('#{process.exit()}', c)).toThrow(/^未知的取值/);
  });

  it('reads a JSON object of fields and value tokens', () => {
    const plan = parseSetPlan('{"state": "done", "handler": "#{sysUserCode}", "copy": "${title}", "n": 2}');
    expect(planFields(plan)).toEqual(['state', 'handler', 'copy', 'n', 'title']);
    expect(() => parseSetPlan('UPDATE t SET a=1')).toThrow('更新内容需为 JSON 对象，如 {"status": "2"}');
    expect(() => parseSetPlan('[1]')).toThrow('更新内容需为 JSON 对象');
    expect(() => parseSetPlan('{}')).toThrow('请填写要更新的字段');
    expect(() => parseSetPlan('')).toThrow('请填写要更新的字段');
    expect(() => parseSetPlan('{"a b": 1}')).toThrow('字段名不正确：a b');
    expect(() => parseSetPlan('{"a": {"$ne": 1}}')).toThrow('取值只能是文字、数字、true/false 或 null');
    expect(() => parseSetPlan(JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 1]))))).toThrow('一次最多更新50个字段');
    expect(() => checkValue('#{now}')).not.toThrow();
  });
});
