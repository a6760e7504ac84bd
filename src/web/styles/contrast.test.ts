import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';
import { backOfficeTheme } from './theme';

describe('contrast', () => {
  it('measures the WCAG ratio: black on white 21, a colour on itself 1, antd blue on white 3.2', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1890ff', '#1890ff')).toBe(1);
    expect(contrastRatio('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
  });

  it('keeps a colour that is readable already and darkens one that is not just enough, keeping its hue', () => {
    expect(readableOn('#333333')).toBe('#333333');
    const blue = readableOn('#1890ff');
    expect(contrastRatio(blue, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(blue, '#ffffff')).toBeLessThan(4.8);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(blue.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it('gives every 主题色 of the settings drawer a primary readable on white, and white readable on it', () => {
    for (const color of ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1']) {
      const { token } = backOfficeTheme(color);
      expect(contrastRatio(token!.colorPrimary!, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
      expect(token!.colorLink).toBe(token!.colorPrimary);
    }
    expect(contrastRatio(backOfficeTheme('#1890FF').token!.colorError!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens every tag text to 4.5:1 on its tag: the preset colours and the four statuses', () => {
    const config = backOfficeTheme('#1890FF');
    const t = theme.getDesignToken(config) as unknown as Record<string, string>;
    const tag = config.components!.Tag as Record<string, string>;
    expect(contrastRatio(tag.green7, t.green1)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tag.gold7, t.gold1)).toBeGreaterThanOrEqual(4.5);
    for (const s of ['Success', 'Info', 'Warning', 'Error']) expect(contrastRatio(tag[`color${s}`], t[`color${s}Bg`]), s).toBeGreaterThanOrEqual(4.5);
  });
});
