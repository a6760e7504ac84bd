// Ad-hoc: start the product, log in as admin, open a page, screenshot. Not a test (not *.test.ts).
import { launchBrowser, loginThroughForm, startServer, ADMIN_PASSWORD } from './harness';

const pagePath = process.argv[2] ?? '/system/position';
const shot = process.argv[3] ?? '/tmp/try/page.png';
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  const modal = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
  await modal.waitFor();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL('**/2025/dashboard/analysis');
  await page.goto(`${server.baseUrl}/2025${pagePath}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: shot });
  const step = process.env.STEP;
  if (step === 'add') {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForTimeout(800);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: shot.replace('.png', '-add.png') });
  }
} finally {
  await browser.close();
  await server.stop();
}
