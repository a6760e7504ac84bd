// Ad-hoc look at pages: start the product, log in as admin, screenshot each path given. Not a test (not *.test.ts).
// npx tsx test/e2e/try-once.mts /isystem/user /isystem/role …   (screenshots in /tmp/try)
import fs from 'node:fs';
import { launchBrowser, loginAsAdmin, startServer } from './harness';

const paths = process.argv.slice(2);
fs.mkdirSync('/tmp/try', { recursive: true });
const server = await startServer();
try {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text().slice(0, 300)); });
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await loginAsAdmin(page, server.baseUrl);
    for (const p of paths) {
      await page.goto(`${server.baseUrl}/2025${p}`);
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `/tmp/try/${p.replace(/\W+/g, '_')}.png` });
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
