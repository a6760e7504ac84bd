import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, loginThroughForm, type RunningServer } from './harness';

/** Self-service accounts as a person uses them: register with an SMS code, log in, reset the password. */
describe('registration and password reset in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  // There is no SMS gateway: the code is read where the server keeps it, as the phone-login tests do.
  const smsCode = async (mobile: string) => {
    const db = new Database(path.join(server.dataDir, 'platform.db'), { readonly: true });
    try {
      await expect.poll(() => db.prepare('select code from sys_sms_code where mobile = ?').get(mobile)).toBeTruthy();
      return (db.prepare('select code from sys_sms_code where mobile = ?').get(mobile) as { code: string }).code;
    } finally {
      db.close();
    }
  };
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const sendCode = async (mobile: string) => {
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await field('验证码').fill(await smsCode(mobile));
  };
  const expectLoggedIn = async () => {
    await page.waitForURL('**/2025/dashboard/analysis');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('Access-Token'))).toBeTruthy();
  };

  it('registers through the form, logs in, resets the password and logs in with the new one', async () => {
    const mobile = '13900000077';
    await page.goto(`${server.baseUrl}/2025/user/login`);
    await page.getByRole('link', { name: '注册账户' }).click();
    await page.waitForURL('**/2025/user/register/user');

    await field('用户名').fill('e2e_user');
    await field('用户名').blur();
    await field('密码').fill('Regist3r-pass');
    await field('确认密码').fill('Regist3r-pass');
    await field('手机号').fill(mobile);
    await sendCode(mobile);
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL('**/2025/user/register-result?username=e2e_user');
    await page.getByText('你的账户：e2e_user 注册成功').waitFor();
    await page.getByRole('link', { name: /立即登录/ }).click();
    await page.waitForURL('**/2025/user/login');

    await loginThroughForm(page, server.baseUrl, 'e2e_user', 'Regist3r-pass');
    await expectLoggedIn();
    await page.evaluate(() => localStorage.clear());

    await page.goto(`${server.baseUrl}/2025/user/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL('**/2025/user/alteration');
    await field('手机号').fill(mobile);
    await sendCode(mobile);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.getByLabel('账户').inputValue()).toBe('e2e_user');
    await field('新密码').fill('N3w-password');
    await field('确认新密码').fill('N3w-password');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('密码修改成功').waitFor();
    await page.getByRole('link', { name: /立即登录/ }).click();

    await loginThroughForm(page, server.baseUrl, 'e2e_user', 'N3w-password');
    await expectLoggedIn();
  });
});
