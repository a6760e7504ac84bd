/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import { expectOk } from '../helpers/envelope.js';
import { openLive, type LiveSocket } from '../helpers/live.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Live notices (SPEC §4, contract §8.3): `/websocket/{userId}` with the token as the sub-protocol;
 * what notifies a user reaches that user's open pages, a publication to everyone reaches all; with
 * REDIS_URL, what one instance publishes reaches a socket on another.
 */
describe(`live notices over WebSocket [${BACKEND}]`, () => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const userId: Record<string, string> = {};
  const sockets: LiveSocket[] = [];
  beforeAll(async () => {
    s = await startServer();
    for (const u of ['admin', 'applicant', 'reviewer']) {
      token[u] = await s.login(u);
      userId[u] = (await s.db.selectFrom('sysUser').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(async () => {
    for (const l of sockets) l.close();
    await s?.close();
  });
  const open = async (who: string, apiUrl = s.apiUrl) => {
    const l = await openLive(apiUrl, userId[who], token[who]);
    sockets.push(l);
    return l;
  };
  const refusal = (who: string, t?: string) => openLive(s.apiUrl, userId[who], t).then(() => 'opened', (e: Error) => e.message);
  /** Adds an announcement as the administrator and publishes it; answers its id. */
  const publish = async (titile: string, to: string[] | 'ALL', api = s.api) => {
    const admin = { token: token.admin };
    expectOk(await api.post('/sys/annountCement/add', {
      titile, msgCategory: '1', priority: 'M', msgType: to === 'ALL' ? 'ALL' : 'USER', userIds: to === 'ALL' ? undefined : to.join(','), msgContent: titile,
    }, admin));
    const row = await (s.db as any).selectFrom('sys_announcement').select('id').where('titile', '=', titile).executeTakeFirstOrThrow();
    expectOk(await api.get(`/sys/annountCement/doReleaseData?id=${row.id}`, admin), '该系统通知发布成功');
    return row.id as string;
  };

  it('refuses an upgrade without a valid token, or for another user’s id', async () => {
    expect(await refusal('applicant')).toBe('Unexpected server response: 401');
    expect(await refusal('applicant', 'not-a-token')).toBe('Unexpected server response: 401');
    expect(await refusal('applicant', token.reviewer)).toBe('Unexpected server response: 403');
    const l = await open('applicant');
    expect(l.ws.protocol).toBe(token.applicant);
    l.ws.send('HeartBeat');
    expect(await l.next((m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
  });

  it('closes a socket at its next heartbeat once its session has ended', async () => {
    const second = await s.login('applicant');
    const l = await openLive(s.apiUrl, userId.applicant, second);
    sockets.push(l);
    expect((await s.api('POST', '/sys/logout', { token: second })).status).toBe(200);
    const closed = new Promise<number>((resolve) => l.ws.once('close', (code) => resolve(code)));
    l.ws.send('HeartBeat');
    expect(await closed).toBe(4401);
  });

  it('tells only the named user of a publication to them, and everyone of one to all, within 1 s', async () => {
    const applicant = await open('applicant');
    const reviewer = await open('reviewer');
    const started = Date.now();
    const toOne = await publish('材料补交提醒', ['applicant']);
    expect(await applicant.next((m) => m.msgId === toOne)).toEqual({ cmd: 'user', msgId: toOne, msgTxt: '材料补交提醒', msgCategory: '1' });
    expect(Date.now() - started).toBeLessThan(1000);
    const toAll = await publish('平台维护通知', 'ALL');
    for (const l of [applicant, reviewer]) expect(await l.next((m) => m.msgId === toAll)).toMatchObject({ cmd: 'topic', msgTxt: '平台维护通知' });
    // The reviewer heard the publication to everyone, and nothing of the one to the applicant.
    expect(reviewer.heard.some((m) => m.msgId === toOne)).toBe(false);
    // Revoked, it leaves the bells showing it: they are told to reload.
    expectOk(await s.api.get(`/sys/annountCement/doReovkeData?id=${toOne}`, { token: token.admin }), '该系统通知撤销成功');
    await applicant.next((m) => m.msgId === toOne && applicant.heard.filter((x) => x.msgId === toOne).length === 2);
    expect(reviewer.heard.some((m) => m.msgId === toOne)).toBe(false);
  });

  it('tells the sender of feedback of the reply, naming the row (a workflow notice through notifyUsers)', async () => {
    const applicant = await open('applicant');
    expectOk(await s.api.post('/pms/feedback/add', { type: 'bug', title: '导出失败', content: '导出按钮无反应' }, { token: token.applicant }));
    const f = await (s.db as any).selectFrom('pms_feedback').select('id').where('title', '=', '导出失败').executeTakeFirstOrThrow();
    expectOk(await s.api.post('/pms/feedback/transition', { id: f.id, transition: 'reply', opinion: '已修复' }, { token: token.admin }));
    const m = await applicant.next((x) => x.cmd === 'user' && String(x.msgTxt).includes('已回复'));
    const stored = await (s.db as any).selectFrom('sys_announcement').select(['id', 'busId']).where('id', '=', m.msgId).executeTakeFirstOrThrow();
    expect(stored.busId).toBe(f.id);
    expect(m.msgCategory).toBe('2');
    // The open 意见反馈 list reloads the row the notice is about.
    expect(m).toMatchObject({ busType: 'pms_feedback', busIds: [f.id] });
  });

  it('tells a user of a task handed to them, on add and on a change of hands', async () => {
    const reviewer = await open('reviewer');
    const applicant = await open('applicant');
    expectOk(await s.api.post('/pms/task/add', { title: '汇总评审意见', assignee: 'reviewer', deadline: '2030-01-31', priority: 'M' }, { token: token.admin }));
    const added = await reviewer.next((m) => m.msgTxt === '新任务：汇总评审意见');
    const task = await (s.db as any).selectFrom('pms_task').select('id').where('title', '=', '汇总评审意见').executeTakeFirstOrThrow();
    // 去处理 opens the task from the assignee's 任务管理.
    expect(await (s.db as any).selectFrom('sys_announcement').select(['busId', 'openPage']).where('id', '=', added.msgId).executeTakeFirstOrThrow()).toEqual({ busId: task.id, openPage: `/pms/task?id=${task.id}` });
    expectOk(await s.api.put('/pms/task/edit', { id: task.id, title: '汇总评审意见', assignee: 'applicant', deadline: '2030-01-31', priority: 'M' }, { token: token.admin }));
    expect(await applicant.next((m) => m.msgTxt === '新任务：汇总评审意见')).toMatchObject({ cmd: 'user' });
    // An edit that keeps the assignee tells nobody again.
    expectOk(await s.api.put('/pms/task/edit', { id: task.id, title: '汇总评审意见', assignee: 'applicant', deadline: '2030-02-28', priority: 'M' }, { token: token.admin }));
    await new Promise((r) => setTimeout(r, 300));
    expect(applicant.heard.filter((m) => m.msgTxt === '新任务：汇总评审意见')).toHaveLength(1);
  });

  it('keeps at most LIVE_SOCKETS_PER_USER of a user (the oldest closed, 4008) and LIVE_SOCKETS_PER_ADDRESS from one address (one more closed, 4029)', async () => {
    const capped = await startServer({ env: { LIVE_SOCKETS_PER_USER: '3', LIVE_SOCKETS_PER_ADDRESS: '5' } });
    const mine: LiveSocket[] = [];
    try {
      const t = { applicant: await capped.login('applicant'), reviewer: await capped.login('reviewer'), admin: await capped.login('admin') };
      const openAs = async (who: keyof typeof t) => { const l = await openLive(capped.apiUrl, userId[who], t[who]); mine.push(l); return l; };
      const closeOf = (l: LiveSocket) => new Promise<[number, string]>((resolve) => {
        if (l.ws.readyState === l.ws.CLOSED) throw new Error('already closed');
        l.ws.once('close', (code, reason) => resolve([code, String(reason)]));
      });
      const [first, second, third] = [await openAs('applicant'), await openAs('applicant'), await openAs('applicant')];
      const firstClosed = closeOf(first);
      const fourth = await openAs('applicant');
      expect(await firstClosed).toEqual([4008, 'too many sockets of this user: oldest closed']);
      // The three newest still answer, and hear the user's notices.
      for (const l of [second, third, fourth]) {
        expect(l.ws.readyState).toBe(l.ws.OPEN);
        l.ws.send('HeartBeat');
        expect(await l.next((m) => m.cmd === 'heartcheck')).toMatchObject({ cmd: 'heartcheck' });
      }
      expect(capped.app.ctx.live.hub.socketsOf(userId.applicant).size).toBe(3);
      // 127.0.0.1 holds three (the applicant's); two more of another user fill it to five, the sixth is closed at once.
      await openAs('reviewer');
      await openAs('reviewer');
      const sixth = await openAs('admin');
      expect(await closeOf(sixth)).toEqual([4029, 'too many sockets from this address']);
      expect(capped.app.ctx.live.hub.socketsOf(userId.admin).size).toBe(0);
      // Once one closes, the address may open another.
      const gone = closeOf(second);
      second.close();
      await gone;
      for (let i = 0; i < 50 && capped.app.ctx.live.hub.socketsOf(userId.applicant).size > 2; i++) await new Promise((r) => setTimeout(r, 20));
      const again = await openAs('admin');
      again.ws.send('HeartBeat');
      expect(await again.next((m) => m.cmd === 'heartcheck')).toMatchObject({ cmd: 'heartcheck' });
    } finally {
      for (const l of mine) l.close();
      await capped.close();
    }
    const { readConfig } = await import('../../src/server/config.js');
    expect(readConfig({}).liveSockets).toEqual({ perUser: 10, perAddress: 50 });
    expect(() => readConfig({ LIVE_SOCKETS_PER_USER: '0' })).toThrow('LIVE_SOCKETS_PER_USER must be a whole number of at least 1, got "0"');
    expect(() => readConfig({ LIVE_SOCKETS_PER_ADDRESS: 'many' })).toThrow('LIVE_SOCKETS_PER_ADDRESS must be a whole number of at least 1, got "many"');
  });

  it('with REDIS_URL, a publication on one instance reaches a socket on another', async () => {
    // The test server joins Redis, and a second instance on the same database joins it too.
    await s.app.ctx.live.useRedis(REDIS_URL);
    const { ctx } = await bootstrap({ ...s.app.ctx.config, adminPassword: ADMIN_PASSWORD, redisUrl: REDIS_URL });
    const other = await buildApp(ctx);
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const otherUrl = `http://127.0.0.1:${(other.server.address() as { port: number }).port}${ctx.config.apiBase}`;
      const onThis = await open('applicant');
      const call = (path: string, init: RequestInit = {}) => fetch(`${otherUrl}${path}`, { ...init, headers: { 'X-Access-Token': token.admin, 'Content-Type': 'application/json' } })
        .then(async (r) => ({ status: r.status, body: await r.json(), text: '', headers: r.headers }));
      const onOther = { get: (p: string) => call(p), post: (p: string, body: unknown) => call(p, { method: 'POST', body: JSON.stringify(body) }) };
      const started = Date.now();
      const id = await publish('跨实例通知', ['applicant'], onOther as any);
      expect(await onThis.next((m) => m.msgId === id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨实例通知', msgCategory: '1' });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.close();
      await ctx.db.destroy();
    }
  });
});
