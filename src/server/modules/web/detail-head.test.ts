import { describe, expect, it } from 'vitest';
import { injectHead } from './detail-head.js';

const page = '<!doctype html><html><head><meta charset="UTF-8"><title>大赛</title><meta name="description" content="old" /><meta content="x" property="og:title"></head><body></body></html>';

describe('injectHead', () => {
  it('puts the escaped title and description (and og twins) in the head, once', () => {
    const html = injectHead(page, { title: '<script>alert("x")</script> & 标题', description: '摘要 "引号"' }, '科创服务平台');
    expect(html).toContain('<title>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; 标题 - 科创服务平台</title>');
    expect(html).toContain('<meta property="og:title" content="&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; 标题">');
    expect(html).toContain('<meta name="description" content="摘要 &#34;引号&#34;">');
    expect(html).not.toContain('<script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).not.toContain('old');
    expect(html.indexOf('<meta charset="UTF-8">')).toBeLessThan(html.indexOf('<title>'));
  });
});
