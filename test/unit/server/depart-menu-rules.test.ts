import { describe, expect, it } from 'vitest';
import { nextOrgCode, OrgCodeExhausted } from '../../../src/server/modules/depart/org-code.js';
import { tidyMenu } from '../../../src/server/modules/permission/menu-data.js';

describe('nextOrgCode (JeecgBoot OrgCodeRule)', () => {
  it('starts each level at A01 and prefixes children with the parent code', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('A01', ['A01', 'A02'])).toBe('A01A01');
  });

  it('continues above the highest code in use, whoever assigned it', () => {
    expect(nextOrgCode('', ['A01', 'A02', 'A01A05'])).toBe('A03');
    expect(nextOrgCode('A01', ['A01', 'A01A01', 'A01A07', 'A01A02A09', 'A02A30'])).toBe('A01A08');
    expect(nextOrgCode('A01', ['A01A0X', 'A01a05', 'A01A1'])).toBe('A01A01');
  });

  it('rolls A99 over to B01 and stops after Z99', () => {
    expect(nextOrgCode('A01', ['A01A99'])).toBe('A01B01');
    expect(nextOrgCode('', ['C42'])).toBe('C43');
    expect(() => nextOrgCode('A01', ['A01Z99'])).toThrow(OrgCodeExhausted);
    expect(() => nextOrgCode('', ['Z99'])).toThrow('顶级下的部门编码已用尽');
  });
});

describe('tidyMenu (JeecgBoot intelligentProcessData)', () => {
  it('normalises component and url, and gives a bare top menu a RouteView', () => {
    const top = { menuType: 0, url: 'report', component: '' };
    tidyMenu(top);
    expect(top).toEqual({ menuType: 0, url: '/report', component: 'layouts/RouteView' });
    const sub = { menuType: 1, url: '/report/sales.vue', component: '/src/views/report/SalesList.vue' };
    tidyMenu(sub);
    expect(sub).toEqual({ menuType: 1, url: '/report/sales', component: 'report/SalesList' });
  });

  it('leaves external and expression urls alone', () => {
    for (const url of ['https://example.com/a', 'http://x', "{{ window._CONFIG['domianURL'] }}/druid/"]) {
      const m = { menuType: 1, url, component: 'layouts/IframePageView' };
      tidyMenu(m);
      expect(m.url).toBe(url);
    }
  });
});
