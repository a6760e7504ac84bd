// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pageNumbers } from './components/Pager';
import { dateRange, formatDate } from './lib/format';
import { pageTitle } from './lib/site-info';
import { activeSection, SECTIONS } from './nav';

describe('sections', () => {
  it('lists every public route of SPEC §2 (detail aside)', () => {
    expect(SECTIONS.map((s) => s.path)).toEqual(['/web', '/web/match', '/web/news', '/web/aiExpert', '/web/organ', '/web/project', '/web/goodExample', '/web/history', '/web/tradeUnion', '/web/raceServices', '/web/mmSci', '/web/zlSci']);
  });

  it('lights the section of the current path', () => {
    expect(activeSection('/')).toBe('/web');
    expect(activeSection('/web/')).toBe('/web');
    expect(activeSection('/web/news')).toBe('/web/news');
    expect(activeSection('/web/mmSci')).toBe('/web/mmSci');
    expect(activeSection('/web/detail')).toBeNull();
    expect(activeSection('/web/newsletter')).toBeNull();
  });
});

describe('pageNumbers', () => {
  it('shows all pages when there are few', () => expect(pageNumbers(1, 3)).toEqual([1, 2, 3]));
  it('collapses the far pages into gaps', () => {
    expect(pageNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageNumbers(1, 12)).toEqual([1, 2, 3, null, 12]);
  });
});

describe('formatting', () => {
  it('dates', () => {
    expect(formatDate('2025-03-01 10:02:46')).toBe('2025-03-01');
    expect(formatDate(null)).toBe('');
    expect(dateRange('2025-03-01', '2025-11-30 00:00:00')).toBe('2025-03-01 至 2025-11-30');
    expect(dateRange(null, '2025-11-30')).toBe('2025-11-30');
  });
  it('titles', () => {
    expect(pageTitle('新闻动态', '大赛')).toBe('新闻动态 | 大赛');
    expect(pageTitle(null, '大赛')).toBe('大赛');
  });
});
