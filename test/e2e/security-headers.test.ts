import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, loginAsAdmin } from './harness.js';

/** Issue 16: the pages run under the server's Content-Security-Policy without a single violation. */
describe('Content-Security-Policy in the browser', () => {
  const session = browserSession();

  /** Console errors and CSP violation reports of the page, from now on. */
  const violations = async (page: Page) => {
    const seen: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text()); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: ${e.violatedDirective} ${e.blockedURI}`));
    });
    return seen;
  };

  it('the login page, the back office with a list page, and the public site', async () => {
    const { page, server } = session;
    const seen = await violations(page);
    const res = await page.goto(`${server.baseUrl}/2025/user/login`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await loginAsAdmin(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/2025/isystem/user`);
    await page.locator('.ant-table-row').first().waitFor();
    await page.goto(`${server.baseUrl}/2025/`);
    await page.locator('img').first().waitFor();
    expect(seen).toEqual([]);
  });
});
