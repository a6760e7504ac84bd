import { describe, expect, it } from 'vitest';
import { CategoryCodeError, extendsParent, nextChildCode, nextSegment } from './code';

describe('category codes (YouBianCodeUtil scheme)', () => {
  it('counts segments A01 … A99, B01 … and stops after Z99', () => {
    expect(nextSegment()).toBe('A01');
    expect(nextSegment('A01')).toBe('A02');
    expect(nextSegment('A09')).toBe('A10');
    expect(nextSegment('A99')).toBe('B01');
    expect(nextSegment('Y99')).toBe('Z01');
    expect(() => nextSegment('Z99')).toThrow(new CategoryCodeError('同级分类编码已用尽（最大为Z99）'));
    expect(() => nextSegment('a1')).toThrow(CategoryCodeError);
  });

  it('continues after the highest generated sibling, ignoring hand-made codes and other levels', () => {
    expect(nextChildCode('', [])).toBe('A01');
    expect(nextChildCode('', ['A01', 'A03', 'A02'])).toBe('A04');
    expect(nextChildCode('', ['A99', 'B01', 'custom', null, 'B01A01'])).toBe('B02');
    expect(nextChildCode('A01', [])).toBe('A01A01');
    expect(nextChildCode('A01', ['A01A01', 'A01A02', 'A01X', 'A02A07', 'A01A01A01'])).toBe('A01A03');
  });

  it('checks that a chosen code extends its parent code', () => {
    expect(extendsParent('A01A05', 'A01')).toBe(true);
    expect(extendsParent('A01', 'A01')).toBe(false);
    expect(extendsParent('B01A01', 'A01')).toBe(false);
    expect(extendsParent('ANY', '')).toBe(true);
  });
});
