import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../../src/server/modules/site/settings.js';
import { expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const race = JSON.parse(fs.readFileSync('schemas/seed/race.json', 'utf8')) as Record<string, string>;

describe(`site settings and guest login [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  describe('GET /site/siteinfoFz', () => {
    it('is public and answers the site settings with the current race', async () => {
      const r = expectOk(await s.api.get('/site/siteinfoFz'));
      for (const key of ['appName', 'appAbbr', 'appDesc', 'appLogo', 'appLogoWhite', 'iconLogo', 'helpPath', 'allowRegister',
        'allowPhoneLogin', 'allowThirdLogin', 'isSetAppLogo', 'imgUrl', 'imgWhiteUrl', 'iconUrl', 'race']) {
        expect(r, key).toHaveProperty(key);
      }
      expect(r.appName).toBe(DEFAULT_SITE.appName);
      expect(typeof r.allowRegister).toBe('boolean');
      expect(typeof r.allowPhoneLogin).toBe('boolean');
      expect(typeof r.allowThirdLogin).toBe('boolean');
      expect(r.race).toMatchObject({
        title: race.title, postalCode: race.postalCode, email: race.email, registrationHotline: race.registrationHotline,
        address: race.address, copyright: race.copyright,
      });
      expect(typeof r.race.id).toBe('string');
      expect(r.race.declareEnd).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // The server's clock, written as the race's times are, for a countdown that needs no time zone.
      expect(r.serverTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Math.abs(new Date(r.serverTime.replace(' ', 'T')).getTime() - Date.now())).toBeLessThan(5000);
    });

    it('answers the same with a token', async () => {
      const token = await s.login();
      const r = expectOk(await s.api.get('/site/siteinfoFz', { token }));
      expect(r.race.title).toBe(race.title);
    });

    it('reflects stored settings and falls back to the defaults on a broken row', async () => {
      await s.db.updateTable('sysSetting').set({ value: JSON.stringify({ ...DEFAULT_SITE, appName: '测试平台', allowRegister: false }) })
        .where('key', '=', 'site').execute();
      let r = expectOk(await s.api.get('/site/siteinfoFz'));
      expect(r.appName).toBe('测试平台');
      expect(r.allowRegister).toBe(false);
      await s.db.updateTable('sysSetting').set({ value: '{not json' }).where('key', '=', 'site').execute();
      r = expectOk(await s.api.get('/site/siteinfoFz'));
      expect(r.appName).toBe(DEFAULT_SITE.appName);
      await s.db.updateTable('sysSetting').set({ value: JSON.stringify(DEFAULT_SITE) }).where('key', '=', 'site').execute();
    });
  });

  describe('POST /sys/guestLogin', () => {
    it('gives a token whose menu has only the home page', async () => {
      const r = expectOk(await s.api.post('/sys/guestLogin', {}), '登录成功');
      expect(typeof r.token).toBe('string');
      expect(r.userInfo.username).toBe('guest');
      expect(r.userInfo).not.toHaveProperty('password');
      expect(r.multi_depart).toBe(0);
      expect(r.departs).toEqual([]);
      expect(r.sysAllDictItems).toHaveProperty('sex');

      const p = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: r.token }));
      expect(p.menu).toHaveLength(1);
      expect(p.menu[0]).toMatchObject({ path: '/dashboard/analysis', route: '1', meta: { title: '首页' } });
      expect(p.menu[0]).not.toHaveProperty('children');
      expect(p.auth).toEqual([]);
    });

    it('reaches the shell (menu, user, notices, dictionaries) and no page data: the guest sees a login button only', async () => {
      const guest = expectOk(await s.api.post('/sys/guestLogin', {})).token as string;
      for (const path of ['/sys/user/getUserInfo', '/sys/user/getCurrentUserDeparts', '/sys/annountCement/listByUser', '/sys/dict/queryAllDictItems', '/sys/dict/getDictItems/sex']) {
        expect((await s.api.get(path, { token: guest })).status, path).toBe(200);
      }
      // Its token is one public call away: every other route refuses it, whatever the route's own checks.
      for (const path of ['/sys/user/list', '/sys/role/list', '/sys/dict/list', '/sys/schema/page?code=sys_user', '/sys/schema/pages?codes=sys_user', '/online/cgform/head/list', '/sys/permission/list']) {
        const res = await s.api.get(path, { token: guest });
        expect(res.status, path).toBe(403);
        expect(res.body, path).toMatchObject({ success: false, message: '访客不能使用该功能，请先登录' });
      }
      const res = await s.api.post('/sys/user/add', { username: 'x' }, { token: guest });
      expect(res.status).toBe(403);
      // Logging out stays open to it.
      expectOk(await s.api.post('/sys/logout', {}, { token: guest }));
    });

    it('works without a body too', async () => {
      const res = await s.api('POST', '/sys/guestLogin');
      expectOk(res, '登录成功');
    });

    it('is refused when the guest account is frozen', async () => {
      await s.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'guest').execute();
      expectRefused(await s.api.post('/sys/guestLogin', {}), '访客账号未启用');
      await s.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'guest').execute();
      expectOk(await s.api.post('/sys/guestLogin', {}), '登录成功');
    });
  });
});
