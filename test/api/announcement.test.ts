import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const samples = JSON.parse(fs.readFileSync('schemas/seed/system-samples.json', 'utf8')) as { announcements: { titile: string; msgCategory: string; published: boolean }[] };
const SEEDED_NOTICE = samples.announcements.find((a) => a.published && a.msgCategory === '1')!.titile;

/** Announcements: the sys_announcement page, publishing and revoking, the notice bell and read receipts (contract §8). */
describe(`announcements [${BACKEND}]`, () => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const userId: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer();
    for (const u of ['admin', 'applicant', 'reviewer']) {
      token[u] = await s.login(u);
      userId[u] = (await s.db.selectFrom('sysUser').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string, who = 'admin') => s.api.get(path, { token: token[who] });
  const post = (path: string, body: unknown, who = 'admin') => s.api.post(path, body, { token: token[who] });
  const put = (path: string, body: unknown, who = 'admin') => s.api.put(path, body, { token: token[who] });
  const byTitle = async (titile: string) => expectOk(await get(`/sys/annountCement/list?titile=${encodeURIComponent(titile)}`)).records[0];
  const bell = async (who: string) => expectOk(await get('/sys/annountCement/listByUser', who));
  const titles = (list: any[]) => list.map((a) => a.titile);
  const mine = async (who: string, query = '') => expectOk(await get(`/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50${query}`, who));

  it('every user starts with the seeded notice unread', async () => {
    for (const who of ['applicant', 'reviewer']) {
      const b = await bell(who);
      expect(Object.keys(b).sort()).toEqual(['anntMsgList', 'anntMsgTotal', 'sysMsgList', 'sysMsgTotal']);
      expect(titles(b.anntMsgList)).toEqual([SEEDED_NOTICE]);
      expect([b.anntMsgTotal, b.sysMsgTotal]).toEqual([1, 0]);
      expect(b.anntMsgList[0]).toMatchObject({ sendStatus: '1', msgType: 'ALL', sender: 'admin', sender_dictText: '管理员', priority_dictText: '紧急' });
    }
  });

  it('a draft is stored as 未发布 whatever the client sends, and is not delivered', async () => {
    expectOk(await post('/sys/annountCement/add', {
      titile: '申报材料补交提醒', msgCategory: '1', priority: 'H', msgType: 'USER', userIds: 'applicant', msgContent: '<p>请补交材料</p>',
      sendStatus: '1', sender: 'mallory', sendTime: '2020-01-01 00:00:00',
    }), '添加成功！');
    expectOk(await post('/sys/annountCement/add', { titile: '平台升级完成', msgCategory: '2', priority: 'L', msgType: 'ALL', userIds: 'reviewer' }), '添加成功！');
    const draft = await byTitle('申报材料补交提醒');
    expect(draft).toMatchObject({ sendStatus: '0', sendStatus_dictText: '未发布', sender: null, sendTime: null, userIds: `${userId.applicant},`, msgType_dictText: '指定用户' });
    expect((await byTitle('平台升级完成')).userIds).toBeNull();
    expect(titles((await bell('applicant')).anntMsgList)).toEqual([SEEDED_NOTICE]);
    // a draft is for the managers only: anyone else reads what was published to them
    expectRefused(await get(`/sys/annountCement/queryById?id=${draft.id}`, 'applicant'), '未找到对应数据');
    expect(titles(expectOk(await get('/sys/annountCement/list?pageSize=100', 'applicant')).records)).toEqual([SEEDED_NOTICE]);
    expect(expectOk(await get(`/sys/annountCement/list?titile=${encodeURIComponent('申报材料补交提醒')}`, 'applicant')).total).toBe(0);
  });

  it('publishing delivers to the named users only', async () => {
    const draft = await byTitle('申报材料补交提醒');
    expectOk(await get(`/sys/annountCement/doReleaseData?id=${draft.id}`), '该系统通知发布成功');
    const published = expectOk(await get(`/sys/annountCement/queryById?id=${draft.id}`));
    expect(published).toMatchObject({ sendStatus: '1', sender: 'admin', sender_dictText: '管理员', cancelTime: null });
    expect(published.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const applicant = await bell('applicant');
    expect(titles(applicant.anntMsgList)).toEqual(['申报材料补交提醒', SEEDED_NOTICE]);
    expect(applicant.anntMsgTotal).toBe(2);
    // The bell's rows read as the list's: dictionary texts and the publisher's real name, nothing else added.
    expect(applicant.anntMsgList[0]).toMatchObject({ sender: 'admin', sender_dictText: '管理员', priority: 'H', priority_dictText: '紧急', msgCategory_dictText: '通知公告' });
    expect(Object.keys(applicant.anntMsgList[0]).filter((k) => !k.endsWith('_dictText')).sort()).toEqual(Object.keys(published).filter((k) => k !== 'delFlag' && !k.endsWith('_dictText')).sort());
    // A short bell still counts every unread one.
    const short = expectOk(await get('/sys/annountCement/listByUser?pageSize=1', 'applicant'));
    expect([titles(short.anntMsgList), short.anntMsgTotal]).toEqual([['申报材料补交提醒'], 2]);
    expect(titles((await bell('reviewer')).anntMsgList)).toEqual([SEEDED_NOTICE]);
    expect(expectOk(await get(`/sys/annountCement/queryById?id=${draft.id}`, 'applicant')).titile).toBe('申报材料补交提醒');
    expect(titles(expectOk(await get('/sys/annountCement/list?pageSize=100', 'applicant')).records).sort()).toEqual(['申报材料补交提醒', SEEDED_NOTICE].sort());
    expectRefused(await get(`/sys/annountCement/queryById?id=${draft.id}`, 'reviewer'), '未找到对应数据');
    expect(titles(expectOk(await get('/sys/annountCement/list?pageSize=100', 'reviewer')).records)).toEqual([SEEDED_NOTICE]);

    expectEnvelope(await get(`/sys/annountCement/doReleaseData?id=${draft.id}`), { status: 400, message: '该通告已发布' });
    expectEnvelope(await put('/sys/annountCement/edit', { id: draft.id, titile: '改标题' }), { status: 400, message: '已发布的通告不能编辑，请先撤销' });
  });

  it('marking read takes it out of the bell and shows in my announcements', async () => {
    const annt = await byTitle('申报材料补交提醒');
    expectOk(await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id }, 'applicant'));
    const b = await bell('applicant');
    expect(titles(b.anntMsgList)).toEqual([SEEDED_NOTICE]);
    expect(b.anntMsgTotal).toBe(1);
    const page = await mine('applicant');
    expect(page.total).toBe(2);
    // unread first
    expect(page.records.map((r: any) => [r.titile, r.readFlag, r.readFlag_dictText])).toEqual([[SEEDED_NOTICE, '0', '未读'], ['申报材料补交提醒', '1', '已读']]);
    expect(page.records[1]).toMatchObject({ anntId: annt.id, userId: userId.applicant, sender_dictText: '管理员', msgCategory_dictText: '通知公告' });
    expect(page.records[1].readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await mine('applicant', '&readFlag=0')).records.map((r: any) => r.titile)).toEqual([SEEDED_NOTICE]);
    expect((await mine('applicant', `&titile=${encodeURIComponent('*补交*')}`)).total).toBe(1);
    // not a recipient: nothing to mark
    expectRefused(await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id }, 'reviewer'), '未找到对应数据');
    expectEnvelope(await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', {}, 'reviewer'), { status: 400, message: '缺少参数 anntId' });
  });

  it('a broadcast system message reaches everyone; readAll clears the bell', async () => {
    const msg = await byTitle('平台升级完成');
    expectOk(await get(`/sys/annountCement/doReleaseData?id=${msg.id}`), '该系统通知发布成功');
    for (const who of ['applicant', 'reviewer']) {
      const b = await bell(who);
      expect(titles(b.sysMsgList)).toEqual(['平台升级完成']);
      expect(b.sysMsgTotal).toBe(1);
    }
    expectOk(await put('/sys/sysAnnouncementSend/readAll', {}, 'reviewer'), '全部已读');
    expect(await bell('reviewer')).toMatchObject({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    expect((await bell('applicant')).sysMsgTotal).toBe(1);
    expect((await mine('reviewer', '&msgCategory=2')).records.map((r: any) => [r.titile, r.readFlag])).toEqual([['平台升级完成', '1']]);
  });

  it('revoking withdraws it; a revoked one can be edited and published again', async () => {
    const annt = await byTitle('申报材料补交提醒');
    expectOk(await get(`/sys/annountCement/doReovkeData?id=${annt.id}`), '该系统通知撤销成功');
    const revoked = await byTitle('申报材料补交提醒');
    expect(revoked).toMatchObject({ sendStatus: '2', sendStatus_dictText: '已撤销' });
    expect(revoked.cancelTime).toMatch(/^\d{4}-/);
    expect((await mine('applicant', '&msgCategory=1')).records.map((r: any) => r.titile)).toEqual([SEEDED_NOTICE]);
    expectRefused(await get(`/sys/annountCement/queryById?id=${annt.id}`, 'applicant'), '未找到对应数据');
    expectEnvelope(await get(`/sys/annountCement/doReovkeData?id=${annt.id}`), { status: 400, message: '只有已发布的通告可以撤销' });

    // now for the reviewer instead of the applicant
    expectOk(await put('/sys/annountCement/edit', { id: annt.id, userIds: `${userId.reviewer},` }), '编辑成功!');
    expectOk(await get(`/sys/annountCement/doReleaseData?id=${annt.id}`), '该系统通知发布成功');
    expect(titles((await bell('reviewer')).anntMsgList)).toEqual(['申报材料补交提醒']);
    expect((await mine('applicant', '&msgCategory=1')).records.map((r: any) => r.titile)).toEqual([SEEDED_NOTICE]);
  });

  it('validates what it stores', async () => {
    const add = (body: Record<string, unknown>) => post('/sys/annountCement/add', { titile: '校验', msgCategory: '1', ...body });
    expectEnvelope(await add({ msgType: 'USER' }), { status: 400, message: '通告对象为指定用户时，请选择用户' });
    expectEnvelope(await add({ msgType: 'USER', userIds: 'applicant,nobody' }), { status: 400, message: '指定用户不存在: nobody' });
    expectEnvelope(await add({ msgType: 'GROUP' }), { status: 400, message: '通告对象类型的值不正确: GROUP' });
    expectEnvelope(await add({ msgType: 'ALL', priority: 'X' }), { status: 400, message: '优先级的值不正确: X' });
    expectEnvelope(await add({ msgType: 'ALL', startTime: '2025-05-02 00:00:00', endTime: '2025-05-01 00:00:00' }), { status: 400, message: '结束时间不能早于开始时间' });
    expectEnvelope(await add({ msgType: 'ALL', startTime: '2025-05-02' }), { status: 400, message: '开始时间需要时间 YYYY-MM-DD HH:mm:ss' });
    expectEnvelope(await post('/sys/annountCement/add', { msgType: 'ALL', msgCategory: '1' }), { status: 400, message: '标题不能为空' });
    expectEnvelope(await get('/sys/annountCement/doReleaseData'), { status: 400, message: '缺少参数 id' });
    expectRefused(await get('/sys/annountCement/doReleaseData?id=nope'), '未找到对应数据');
    expectEnvelope(await get('/sys/annountCement/listByUser?pageSize=0', 'applicant'), { status: 400, message: 'pageSize 需在 1 到 100 之间' });
    expectEnvelope(await get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=7', 'applicant'), { status: 400, message: 'readFlag 只能为 0 或 1' });
  });

  it('managing announcements needs the system:announcement buttons', async () => {
    const annt = await byTitle('平台升级完成');
    expectEnvelope(await post('/sys/annountCement/add', { titile: 'x', msgCategory: '1', msgType: 'ALL' }, 'applicant'), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await get(`/sys/annountCement/doReovkeData?id=${annt.id}`, 'applicant'), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await get(`/sys/annountCement/doReleaseData?id=${annt.id}`, 'applicant'), { status: 403 });
    expectEnvelope(await s.api('DELETE', `/sys/annountCement/delete?id=${annt.id}`, { token: token.applicant }), { status: 403 });
    // receipts: my own through the generic list, others' only for managers; never written generically
    // the seeded notice and the broadcast (the targeted one went to the reviewer on republication)
    expect(expectOk(await get(`/sys/sysAnnouncementSend/list?userId=${userId.applicant}`, 'applicant')).total).toBe(2);
    const receipts = expectOk(await get('/sys/sysAnnouncementSend/list?pageSize=100', 'applicant')).records;
    expect(receipts.length).toBe(2);
    expect(receipts.every((r: any) => r.userId === userId.applicant)).toBe(true);
    expect(expectOk(await get(`/sys/sysAnnouncementSend/list?userId=${userId.reviewer}`, 'applicant')).total).toBe(0);
    expectEnvelope(await post('/sys/sysAnnouncementSend/add', { anntId: annt.id, userId: userId.applicant }), { status: 403 });
  });

  it('deleting an announcement deletes its receipts', async () => {
    const annt = await byTitle('平台升级完成');
    expect((await s.db.selectFrom('sys_announcement_send' as any).select('id').where('anntId', '=', annt.id).execute()).length).toBe(2);
    expectOk(await s.api('DELETE', `/sys/annountCement/delete?id=${annt.id}`, { token: token.admin }), '删除成功!');
    expect(await s.db.selectFrom('sys_announcement_send' as any).select('id').where('anntId', '=', annt.id).execute()).toEqual([]);
    expect((await bell('applicant')).sysMsgTotal).toBe(0);
  });
});
