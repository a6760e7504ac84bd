import { describe, expect, it } from 'vitest';
import { plainText, sanitizeHtml } from './sanitize.js';

describe('sanitizeHtml', () => {
  it('keeps the editor\'s formatting, links and images', () => {
    const html = '<p class="ql-align-center"><strong>大赛</strong> <a href="https://example.org/a">详情</a></p><img src="/jeecg-boot/sys/common/static/web/a.png" alt="封面">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers and script URLs', () => {
    const out = sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)><iframe src="//evil"></iframe><style>p{}</style>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|<style/i);
    expect(out).toContain('a</p>');
    expect(out).toContain('>b</a>');
  });

  it('refuses data: links and unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<a href="data:text/html,<script>1</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<marquee>hi</marquee>')).toBe('hi');
    expect(sanitizeHtml(null)).toBe('');
  });
});

describe('plainText', () => {
  it('strips markup and blanks', () => {
    expect(plainText(' <b>摘要</b> ')).toBe('摘要');
    expect(plainText('')).toBeNull();
    expect(plainText(3)).toBeNull();
  });
});
