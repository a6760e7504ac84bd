// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    const html = '<p style="color: red">通知<b>内容</b></p><img src="/files/a.png" alt="图"><a href="https://example.com/x">链接</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and embedded objects with their content', () => {
    const out = sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe name="f"></iframe><object data="x"></object><embed src="x"><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<svg><script>alert(2)</script></svg><math><mi>x</mi></math>')).toBe('');
  });

  it('removes event-handler attributes whatever their case', () => {
    const out = sanitizeHtml('<img src="/a.png" onerror="alert(1)" ONLOAD="x()"><div onmouseover="y()" class="k">t</div>');
    expect(out).toBe('<img src="/a.png"><div class="k">t</div>');
  });

  it('removes javascript: and vbscript: URLs, also disguised', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><a href="vbscript:msgbox">c</a><form action="javascript:x"></form>');
    expect(out).toBe('<a>a</a><a>b</a><a>c</a><form></form>');
  });

  it('keeps inline raster images but no other data: URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeHtml(`<img src="${png}">`)).toBe(`<img src="${png}">`);
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });

  it('drops srcdoc and scripted styles, and isolates new-window links', () => {
    expect(sanitizeHtml('<div srcdoc="<script></script>" style="width: expression(alert(1))">x</div>')).toBe('<div>x</div>');
    expect(sanitizeHtml('<a href="/n" target="_blank">n</a>')).toBe('<a href="/n" target="_blank" rel="noopener noreferrer">n</a>');
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
