import { describe, expect, it } from 'vitest';
import china from 'china-area-data/v5/data.json';
import { AREA_ROOT, areaChildren, areaCodeOfText, areaPath, areaText, isAreaCode, type AreaData } from './area';

const data = china as AreaData;

describe('area codes over china-area-data v5', () => {
  it('walks a district up to its province: codes and names joined by /', () => {
    expect(areaPath('110101', data)).toEqual(['110000', '110100', '110101']);
    expect(areaText('110101', data)).toBe('北京市/市辖区/东城区');
    expect(areaText('440305', data)).toBe('广东省/深圳市/南山区');
  });

  it('takes province-only and city-only codes, and numbers from integer columns', () => {
    expect(areaPath('110000', data)).toEqual(['110000']);
    expect(areaText('110000', data)).toBe('北京市');
    expect(areaPath('440300', data)).toEqual(['440000', '440300']);
    expect(areaText('440300', data)).toBe('广东省/深圳市');
    expect(areaText(110101, data)).toBe('北京市/市辖区/东城区');
    expect(areaText(' 110101 ', data)).toBe('北京市/市辖区/东城区');
  });

  it('follows the data where a province has districts directly or a district has a 9-digit code', () => {
    expect(areaPath('810001', data)).toEqual(['810000', '810001']);
    expect(areaText('441900003', data)).toBe('广东省/东莞市/东城街道');
  });

  it('keeps the first parent of a code the data lists twice (its code prefix)', () => {
    expect(areaPath('710301', data)).toEqual(['710000', '710300', '710301']);
  });

  it('answers undefined for unknown, empty and non-code values, so the raw value can be shown', () => {
    for (const v of ['999999', '', '   ', null, undefined, {}, ['110101'], '86', true]) {
      expect(areaPath(v, data)).toBeUndefined();
      expect(areaText(v, data)).toBeUndefined();
      expect(isAreaCode(v, data)).toBe(false);
    }
    expect(isAreaCode('110101', data)).toBe(true);
    expect(isAreaCode('110000', data)).toBe(true);
  });

  it('lists children as area tree nodes {id, text, pid}; the provinces under 86', () => {
    const provinces = areaChildren(AREA_ROOT, data);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ id: '110000', text: '北京市', pid: '86' });
    expect(areaChildren('110000', data)).toEqual([{ id: '110100', text: '市辖区', pid: '110000' }]);
    expect(areaChildren('110100', data).slice(0, 2)).toEqual([
      { id: '110101', text: '东城区', pid: '110100' }, { id: '110102', text: '西城区', pid: '110100' },
    ]);
    expect(areaChildren('110101', data)).toEqual([]);
    expect(areaChildren('nope', data)).toEqual([]);
  });

  it('reads an exported text back to its code, the path of names from the province down', () => {
    expect(areaCodeOfText('北京市/市辖区/东城区', data)).toBe('110101');
    expect(areaCodeOfText(' 广东省 / 深圳市 ', data)).toBe('440300');
    expect(areaCodeOfText('浙江省', data)).toBe('330000');
    expect(areaCodeOfText(areaText('710301', data)!, data)).toBe('710301');
    for (const bad of ['', '东城区', '北京市/东城区', '北京市//东城区', '110101', '火星/市辖区']) expect(areaCodeOfText(bad, data), bad).toBeUndefined();
  });

  it('indexes each data object separately', () => {
    const small: AreaData = { 86: { 100000: '甲省' }, 100000: { 100100: '乙市' } };
    expect(areaText('100100', small)).toBe('甲省/乙市');
    expect(areaText('100100', data)).toBeUndefined();
    expect(areaText('110101', small)).toBeUndefined();
  });
});
