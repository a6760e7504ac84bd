/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCleanupJob } from '../../src/server/jobs/handlers/upload-cleanup.js';
import { formatDateTime } from '../../src/server/util/time.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

const PDF = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n';
const PNG = () => new Uint8Array(fs.readFileSync('schemas/seed/files/web/banner-1.png'));

/**
 * Issue 36: a record's files are reached through the record. A declaration's business plan is
 * downloaded only by those who may read the declaration (its applicant, the reviewer once it is
 * submitted, the administrator), with the token in the header or `?token=`; public kinds (the
 * site's banners once published, avatars) stay open; stored names are random; files never attached
 * to a record are removed after a day by the clean-up job.
 */
describe(`files reached through their record [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let applicant2: string;
  let reviewer: string;
  let raceId: string;
  const db = () => s.db as any;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    reviewer = await s.login('reviewer');
    applicant2 = await addUserWithRole(s, admin, 'fileapplicant2', '申报人二', 'applicant');
    raceId = (await db().selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await s?.close(); });

  const upload = async (content: BlobPart, name: string, biz: string, token: string) => {
    const form = new FormData();
    form.append('biz', biz);
    form.append('file', new Blob([content]), name);
    const res = await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
    const body = await res.json();
    expect(body.success, body.message).toBe(true);
    return body.message as string;
  };
  /** GET a stored file: no token, the header, or `?token=`. */
  const download = (rel: string, how: { header?: string; query?: string } = {}) =>
    fetch(`${s.apiUrl}/sys/common/static/${rel}${how.query ? `?token=${encodeURIComponent(how.query)}` : ''}`, { headers: how.header ? { 'X-Access-Token': how.header } : {} });
  const declare = async (name: string, attachment: string, token = applicant) => {
    expectOk(await s.api.post('/pms/project/add', {
      raceId, name, track: 'it', orgName: '星火科技有限公司', leader: '王工', leaderPhone: '13800138000', attachment,
    }, { token }), '添加成功！');
    return (await db().selectFrom('pms_project').selectAll().where('name', '=', name).executeTakeFirstOrThrow()) as any;
  };
  const ledgerRow = (rel: string) => db().selectFrom('sys_upload').selectAll().where('path', '=', rel).executeTakeFirst();

  it('refuses a program renamed .pdf with 文件内容与类型不符; takes a real PDF and serves it inline in a sandbox', async () => {
    const form = new FormData();
    form.append('biz', 'project');
    form.append('file', new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])]), '商业计划书.pdf');
    const res = await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': applicant } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: '文件内容与类型不符' });

    const rel = await upload(PDF, '商业计划书.pdf', 'project', applicant);
    const p = await declare('带附件的项目', rel);
    const served = await download(rel, { header: applicant });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('商业计划书.pdf')}`);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(await served.text()).toBe(PDF);
    expect(await ledgerRow(rel)).toMatchObject({ page: 'pms_project', field: 'attachment', rowId: p.id, createBy: 'applicant', fileName: '商业计划书.pdf' });
  });

  it('a declaration\'s attachment: refused to a stranger and to another applicant, served to its owner, the reviewer once submitted, the administrator', async () => {
    const rel = await upload(PDF, '计划书.pdf', 'project', applicant);
    expect(rel).toMatch(/^project\/[0-9a-f]{32}\.pdf$/);
    const p = await declare('附件权限项目', rel);

    const anonymous = await download(rel);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.text())).not.toContain('%PDF');
    expect((await download(rel, { query: 'not-a-token' })).status).toBe(401);
    const other = await download(rel, { header: applicant2 });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ success: false, message: '没有权限查看该文件' });
    expect((await download(rel, { query: applicant2 })).status).toBe(403);

    for (const how of [{ header: applicant }, { query: applicant }, { header: admin }, { query: admin }]) {
      const res = await download(rel, how);
      expect(res.status, JSON.stringify(how).slice(0, 12)).toBe(200);
      expect(await res.text()).toBe(PDF);
    }
    // The reviewer reads projects once submitted, not drafts: so their files.
    expect((await download(rel, { header: reviewer })).status).toBe(403);
    expectOk(await s.api.post('/pms/project/transition', { id: p.id, transition: 'submit' }, { token: applicant }));
    expect((await download(rel, { query: reviewer })).status).toBe(200);
    expect((await download(rel, { header: applicant2 })).status).toBe(403);
  });

  it('an expert reads the attachment of a project assigned to them (their review sheet links it), not of another', async () => {
    const expert2 = await s.login('expert2');
    const rel = await upload(PDF, '评审用计划书.pdf', 'project', applicant);
    const p = await declare('专家评审附件', rel);
    const other = await upload(PDF, '未分配.pdf', 'project', applicant);
    const q = await declare('未分配专家', other);
    await db().updateTable('pms_project').set({ state: 'passed', submitTime: '2026-11-01 10:00:00' }).where('id', 'in', [p.id, q.id]).execute();
    expect((await download(rel, { header: expert2 })).status).toBe(403);
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: p.id, experts: 'expert2' }, { token: admin }));
    const review = await db().selectFrom('pms_project_review').select('id').where('projectId', '=', p.id).where('expert', '=', 'expert2').executeTakeFirstOrThrow();
    expect(expectOk(await s.api.get(`/pms/review/sheet?id=${review.id}`, { token: expert2 })).project.attachment).toBe(rel);
    expect((await download(rel, { query: expert2 })).status).toBe(200);
    expect((await download(other, { query: expert2 })).status).toBe(403);
  });

  it('a file attached by an edit is found in its row and kept to the row\'s readers', async () => {
    const p = await declare('编辑加附件', '');
    const rel = await upload(PDF, '后补.pdf', 'project', applicant);
    expectOk(await s.api.put('/pms/project/edit', { id: p.id, attachment: rel }, { token: applicant }), '编辑成功!');
    expect(await ledgerRow(rel)).toMatchObject({ page: 'pms_project', field: 'attachment', rowId: null });
    expect((await download(rel)).status).toBe(401);
    expect((await download(rel, { header: applicant2 })).status).toBe(403);
    expect((await download(rel, { header: admin })).status).toBe(200);
    // The download found the row holding it and noted it.
    expect(await ledgerRow(rel)).toMatchObject({ rowId: p.id });
    // Naming another's attached file in one's own record gives nothing: the file keeps its first record.
    const mine = await declare('借用附件', rel, applicant2);
    expect(mine.attachment).toBe(rel);
    expect((await download(rel, { header: applicant2 })).status).toBe(403);
  });

  it('a file stored before the ledger, in a private record, is found by its folder and kept to that record\'s readers', async () => {
    const rel = 'project/旧计划书_1700000000000.pdf';
    fs.mkdirSync(path.join(s.app.ctx.config.dataDir, 'upload', 'project'), { recursive: true });
    fs.writeFileSync(path.join(s.app.ctx.config.dataDir, 'upload', rel), PDF);
    const p = await declare('旧附件项目', '');
    await db().updateTable('pms_project').set({ attachment: rel }).where('id', '=', p.id).execute();
    expect((await download(encodeURI(rel))).status).toBe(401);
    expect((await download(encodeURI(rel), { header: applicant2 })).status).toBe(403);
    expect((await download(encodeURI(rel), { header: applicant })).status).toBe(200);
    expect(await ledgerRow(rel)).toMatchObject({ page: 'pms_project', field: 'attachment', rowId: p.id, createBy: null });
    // The seed's images, which no private record holds, stay open.
    expect((await download('web/banner-1.png')).status).toBe(200);
  });

  it('public kinds stay public: a published banner\'s image, an avatar; a draft banner\'s only to its page\'s readers', async () => {
    const image = await upload(PNG(), '横幅.png', 'web', admin);
    expectOk(await s.api.post('/pms/banner/add', { title: '附件测试横幅', image, sortNo: 9 }, { token: admin }), '添加成功！');
    const banner = await db().selectFrom('pms_banner').select(['id', 'publishStatus']).where('title', '=', '附件测试横幅').executeTakeFirstOrThrow();
    expect(banner.publishStatus).toBe('0');
    expect((await download(image)).status).toBe(401);
    expect((await download(image, { header: applicant })).status).toBe(403);
    expect((await download(image, { header: admin })).status).toBe(200);
    expectOk(await s.api.post('/pms/banner/publish', { id: banner.id }, { token: admin }));
    const open = await download(image);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/png');
    expect(open.headers.get('cache-control')).toBeNull();
    // The public site lists it, and its image answers without a token.
    const listed = expectOk(await s.api.get('/web/index/banner')) as any;
    expect(JSON.stringify(listed)).toContain(image);

    // One image held by a draft and by a published banner: the published one opens it.
    const shared = await upload(PNG(), '共用横幅.png', 'web', admin);
    for (const title of ['共用草稿', '共用已发布']) expectOk(await s.api.post('/pms/banner/add', { title, image: shared, sortNo: 9 }, { token: admin }));
    expect((await download(shared)).status).toBe(401);
    const sharedPublished = await db().selectFrom('pms_banner').select('id').where('title', '=', '共用已发布').executeTakeFirstOrThrow();
    expectOk(await s.api.post('/pms/banner/publish', { id: sharedPublished.id }, { token: admin }));
    expect(await ledgerRow(shared)).not.toMatchObject({ rowId: sharedPublished.id });
    expect((await download(shared)).status).toBe(200);

    const avatar = await upload(PNG(), '头像.png', 'temp', applicant2);
    expectOk(await s.api.put('/sys/account/profile', { avatar }, { token: applicant2 }));
    expect((await download(avatar)).status).toBe(200);
  });

  it('tells the names files were uploaded under to those who may read them', async () => {
    const rel = await upload(PDF, '名称查询.pdf', 'project', applicant);
    await declare('名称查询项目', rel);
    const names = (token: string) => s.api.get(`/sys/common/fileNames?paths=${encodeURIComponent(`${rel},web/banner-1.png,../x`)}`, { token });
    // The seed's banner image is a published banner's: anyone may know its name.
    expect(expectOk(await names(applicant))).toEqual({ [rel]: '名称查询.pdf', 'web/banner-1.png': 'banner-1.png' });
    expect(expectOk(await names(applicant2))).toEqual({ 'web/banner-1.png': 'banner-1.png' });
    expectEnvelope(await s.api.get(`/sys/common/fileNames?paths=${Array.from({ length: 51 }, (_, i) => `temp/${i}.pdf`).join(',')}`, { token: applicant }), { status: 400, message: '一次最多查询50个文件' });
    expect((await s.api.get(`/sys/common/fileNames?paths=${rel}`)).status).toBe(401);
  });

  it('the clean-up job removes an upload never attached after a day, keeps the attached ones and the young', async () => {
    const root = path.join(s.app.ctx.config.dataDir, 'upload');
    const cancelled = await upload(PDF, '取消的表单.pdf', 'project', applicant);
    const young = await upload(PDF, '刚上传.pdf', 'project', applicant);
    const attached = await upload(PDF, '已保存.pdf', 'project', applicant);
    await declare('清理测试项目', attached);
    // Saved by a path outside the engine's add and edit (a direct write): found by the job's last look.
    const elsewhere = await upload(PNG(), '站点图标.png', 'temp', admin);
    await db().updateTable('sys_setting').set({ value: JSON.stringify({ appName: '测试', appLogo: elsewhere }) }).where('key', '=', 'site').execute();
    const yesterday = formatDateTime(new Date(Date.now() - 25 * 3_600_000));
    await db().updateTable('sys_upload').set({ createTime: yesterday }).where('path', 'in', [cancelled, attached, elsewhere]).execute();

    const message = await uploadCleanupJob.run({ db: s.db as any, parameter: '', now: new Date(), log: s.app.log, ctx: s.app.ctx });
    expect(message).toBe('删除未使用的上传文件 1 个，1 个已在记录中使用，已登记');
    expect(fs.existsSync(path.join(root, cancelled))).toBe(false);
    expect(await ledgerRow(cancelled)).toBeUndefined();
    expect((await download(cancelled, { header: applicant })).status).toBe(404);
    for (const kept of [young, attached, elsewhere]) expect(fs.existsSync(path.join(root, kept)), kept).toBe(true);
    expect(await ledgerRow(elsewhere)).toMatchObject({ page: 'sys_setting', field: 'site' });
    expect((await download(attached, { header: applicant })).status).toBe(200);
    // Its parameter is hours.
    await expect(uploadCleanupJob.run({ db: s.db as any, parameter: 'soon', now: new Date(), log: s.app.log, ctx: s.app.ctx })).rejects.toThrow('参数应为小时数');
  });

  it('runs as the seeded 定时任务 through 立即执行', async () => {
    const job = await db().selectFrom('sys_quartz_job').selectAll().where('jobClassName', '=', 'org.jeecg.modules.quartz.job.UploadCleanupJob').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ cronExpression: '0 30 3 * * ?', status: 0 });
    const cancelled = await upload(PDF, '又一个取消的.pdf', 'project', applicant);
    await db().updateTable('sys_upload').set({ createTime: formatDateTime(new Date(Date.now() - 48 * 3_600_000)) }).where('path', '=', cancelled).execute();
    expectOk(await s.api.get(`/sys/quartzJob/execute?id=${job.id}`, { token: admin }), '执行成功!');
    let run: any;
    for (let i = 0; i < 100 && !run?.endTime; i++) {
      await new Promise((r) => setTimeout(r, 50));
      run = await db().selectFrom('sys_quartz_job_run').selectAll().where('jobId', '=', job.id).executeTakeFirst();
    }
    expect(run).toMatchObject({ status: 'success', message: '删除未使用的上传文件 1 个' });
    expect(await ledgerRow(cancelled)).toBeUndefined();
  });
});
