// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richTextNodes, safeImage, safeLink } from './rich-text';

const render = (html: string) => renderToStaticMarkup(createElement('div', null, ...richTextNodes(html)));

describe('richTextNodes', () => {
  it('keeps the structure of an ordinary article', () => {
    const out = render('<h2>标题</h2><p class="ql-align-center">正文<strong>加粗</strong><br>换行</p><ul><li>一</li></ul><img src="/jeecg-boot/sys/common/static/a.png" alt="图">');
    expect(out).toBe('<div><h2>标题</h2><p class="align-center">正文<strong>加粗</strong><br/>换行</p><ul><li>一</li></ul><img src="/jeecg-boot/sys/common/static/a.png" loading="lazy" alt="图"/></div>');
  });

  it('drops scripts, styles, embedded objects and forms with their content', () => {
    const out = render('<p>a</p><script>alert(1)</script><style>p{}</style><embed src="x.swf"><object data="x.swf"></object><form><input value="x"></form><svg><script>alert(2)</script></svg>');
    expect(out).toBe('<div><p>a</p></div>');
  });

  it('drops event handlers, style and unknown attributes', () => {
    const out = render('<p onclick="alert(1)" style="color:red" id="x" data-a="1">t</p><img src="/a.png" onerror="alert(1)">');
    expect(out).toBe('<div><p>t</p><img src="/a.png" loading="lazy"/></div>');
  });

  it('refuses script-bearing URLs in links and images', () => {
    const out = render('<a href="javascript:alert(1)">x</a><a href="java&#10;script:alert(1)">y</a><a href="JaVaScRiPt:alert(1)">z</a><img src="javascript:alert(1)"><img src="data:text/html;base64,PHNjcmlwdD4=">');
    expect(out).toBe('<div><a>x</a><a>y</a><a>z</a></div>');
  });

  it('opens external links safely in a new tab', () => {
    expect(render('<a href="https://example.org/a">外链</a>')).toBe('<div><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">外链</a></div>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(render('<font color="red">红<b>字</b></font>')).toBe('<div>红<b>字</b></div>');
  });

  it('renders nothing for an empty body', () => {
    expect(richTextNodes(null)).toEqual([]);
    expect(richTextNodes('')).toEqual([]);
  });
});

describe('safeLink / safeImage', () => {
  it.each([
    ['https://a.cn/x', 'https://a.cn/x'],
    ['mailto:a@b.cn', 'mailto:a@b.cn'],
    ['/2025/web/news', '/2025/web/news'],
    ['#top', '#top'],
    ['detail?id=1', 'detail?id=1'],
    ['javascript:alert(1)', null],
    [' vbscript:x', null],
    ['data:text/html,x', null],
    ['java\tscript:alert(1)', null],
    ['//evil.example/x', null],
  ])('link %j → %j', (input, expected) => expect(safeLink(input)).toBe(expected));

  it.each([
    ['https://a.cn/x.png', 'https://a.cn/x.png'],
    ['/jeecg-boot/sys/common/static/x.png', '/jeecg-boot/sys/common/static/x.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml;base64,PHN2Zz4=', null],
    ['javascript:alert(1)', null],
    ['//evil.example/x.png', null],
  ])('image %j → %j', (input, expected) => expect(safeImage(input)).toBe(expected));
});
