/* eslint-disable @typescript-eslint/no-explicit-any */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { restoreBackup, RestoreRefusal } from '../../src/server/modules/backup/restore.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { createPgDatabase } from '../helpers/pg-admin.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JOB = 'org.jeecg.modules.quartz.job.BackupJob';

interface Run { code: number; stdout: string; stderr: string; ms: number }

/** `npm run backup` / `npm run restore` as an operator runs them: the scripts in a process of their own. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [path.resolve('scripts', `${name}.mjs`), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env }, timeout: 60_000,
    }, (err, stdout, stderr) => resolve({ code: err ? Number((err as any).code ?? 1) : 0, stdout, stderr, ms: Date.now() - started }));
  });
}

/**
 * Issue 40, backups: `npm run backup` while the server takes writes, `npm run restore` into a fresh
 * place (a new data dir, a new PostgreSQL database), BackupJob with its history and its failure
 * notice, and the last backup on 系统监控.
 */
describe(`backup and restore [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const jobDir = path.join(work, 'nightly');
  const drops: (() => Promise<void>)[] = [];
  let backupFile = '';
  /** Where the first restore went: its settings, as the environment gives them. */
  let restoredEnv: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer({ env: { BACKUP_DIR: jobDir, BACKUP_KEEP: '1' } });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
    for (const drop of drops) await drop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  });

  const serverEnv = () => ({ DATA_DIR: s.app.ctx.config.dataDir, UPLOAD_DIR: s.app.ctx.config.uploadDir, DATABASE_URL: s.databaseUrl ?? '' });
  /** A fresh place to restore into: a new folder, and a new empty database on PostgreSQL. */
  const freshPlace = async (name: string) => {
    const env: Record<string, string> = { DATA_DIR: path.join(work, name), DATABASE_URL: '' };
    if (BACKEND === 'postgres') {
      const created = await createPgDatabase();
      drops.push(created.drop);
      env.DATABASE_URL = created.url;
    }
    return env;
  };
  /** Rows per position code in a restored place, and whether it holds any table at all. */
  const restoredCodes = async (env: Record<string, string>): Promise<{ tables: number; codes: Map<string, number> }> => {
    const q = "select code, count(*) as n from sys_position where code like 'bk%' group by code";
    if (env.DATABASE_URL) {
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      try {
        const tables = Number((await c.query("select count(*) as n from pg_tables where schemaname = 'public'")).rows[0].n);
        const rows = tables ? (await c.query(q)).rows : [];
        return { tables, codes: new Map(rows.map((r: any) => [r.code, Number(r.n)])) };
      } finally {
        await c.end();
      }
    }
    const file = path.join(env.DATA_DIR, 'platform.db');
    if (!fs.existsSync(file)) return { tables: 0, codes: new Map() };
    const db = new Database(file, { readonly: true });
    try {
      return { tables: 1, codes: new Map((db.prepare(q).all() as any[]).map((r) => [r.code, Number(r.n)])) };
    } finally {
      db.close();
    }
  };
  const addPosition = async (code: string) => {
    const res = await s.api.post('/sys/position/add', { code, name: `备份测试${code}` }, { token: admin });
    return res.status === 200 && res.body?.success === true;
  };

  it('a backup taken under writes restores every row acknowledged before it exactly once, and the uploads', async () => {
    const none = expectOk(await s.api.get('/sys/monitor/backup', { token: admin }));
    expect(none).toMatchObject({ last: null, stale: true, staleAfterHours: 48, dir: jobDir, keep: 1, job: { running: false, cronExpression: '0 0 2 * * ?' } });

    // Uploads: one through the API, one with a long Chinese name (a pax header in the archive).
    const png = fs.readFileSync('schemas/seed/files/web/banner-1.png');
    const form = new FormData();
    form.append('biz', 'temp');
    form.append('file', new Blob([new Uint8Array(png)]), 'photo.png');
    const up = await (await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': admin } })).json();
    expect(up.success, JSON.stringify(up)).toBe(true);
    const uploaded = up.message as string;
    const longName = `temp/${'项目申报材料'.repeat(10)}.txt`;
    fs.mkdirSync(path.join(s.app.ctx.config.uploadDir, 'temp'), { recursive: true });
    fs.writeFileSync(path.join(s.app.ctx.config.uploadDir, longName), '附件内容');

    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++) if (await addPosition(`bk0_${i}`)) acknowledged.push(`bk0_${i}`);
    expect(acknowledged).toHaveLength(20);

    // Writers keep adding rows while the backup runs; what they were told before it began must be in it.
    let stop = false;
    const during: { code: string; at: number }[] = [];
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const code = `bk1_${w}_${i}`;
        if (await addPosition(code)) during.push({ code, at: Date.now() });
        // Steady writes, not a flood: the backup's own process needs the machine too.
        await sleep(10);
      }
    };
    const writers = [writer(0), writer(1)];
    await sleep(300);
    const began = Date.now();
    const backupFileName = path.join(work, 'site.tar');
    const run = await script('backup', [backupFileName], serverEnv());
    stop = true;
    await Promise.all(writers);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`backup written: ${backupFileName}`);
    backupFile = backupFileName;
    const before = [...acknowledged, ...during.filter((d) => d.at < began).map((d) => d.code)];
    const after: string[] = [];
    for (let i = 0; i < 5; i++) if (await addPosition(`bk2_${i}`)) after.push(`bk2_${i}`);
    expect(during.length).toBeGreaterThan(0);

    // 系统监控: the backup just taken, by the command.
    const status = expectOk(await s.api.get('/sys/monitor/backup', { token: admin }));
    expect(status).toMatchObject({ stale: false, last: { file: backupFileName, kind: BACKEND, sizeBytes: fs.statSync(backupFileName).size, origin: 'command' } });
    expect(status.last.endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expectEnvelope(await s.api.get('/sys/monitor/backup', { token: await s.login('applicant') }), { status: 403, success: false });
    const doc = (await s.api.get('/v3/api-docs', { token: admin })).body;
    expect(doc.paths['/sys/monitor/backup'].get).toMatchObject({ 'x-access': { menu: 'modules/monitor/SystemInfo' }, tags: ['系统管理'] });

    restoredEnv = await freshPlace('restored');
    const restored = await script('restore', [backupFile], restoredEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/tables with the manifest's row counts, \d+ uploads written/);
    const { codes } = await restoredCodes(restoredEnv);
    for (const code of before) expect(codes.get(code), code).toBe(1);
    for (const [code, n] of codes) expect(n, code).toBe(1);
    for (const code of after) expect(codes.has(code), code).toBe(false);
    const uploadDir = path.join(restoredEnv.DATA_DIR, 'upload');
    expect(fs.readFileSync(path.join(uploadDir, uploaded)).equals(png)).toBe(true);
    expect(fs.readFileSync(path.join(uploadDir, longName), 'utf8')).toBe('附件内容');
    expect(fs.existsSync(path.join(uploadDir, 'web/banner-1.png'))).toBe(true);
    console.log(`[${BACKEND}] backup ${run.ms} ms (the copy itself: ${/ in ([\d.]+ s)/.exec(run.stdout)?.[1]}) (${(fs.statSync(backupFile).size / 1024).toFixed(0)} KB, ${before.length} rows acknowledged before, ${during.length} written during), restore ${restored.ms} ms`);
  }, 60_000);

  it('refuses a corrupt or a cut backup with a clear message, writing nothing', async () => {
    const bytes = fs.readFileSync(backupFile);
    const corrupt = path.join(work, 'corrupt.tar');
    const flipped = Buffer.from(bytes);
    flipped[2048] ^= 0x40;
    fs.writeFileSync(corrupt, flipped);
    const cut = path.join(work, 'cut.tar');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = await freshPlace('refused');
    const [c, t] = await Promise.all([script('restore', [corrupt], target), script('restore', [cut], target)]);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/^restore refused: 备份文件已损坏：条目 database\.(sqlite\.gz|pgdump) 的 SHA-256 校验和不符/);
    expect(t.code).toBe(1);
    expect(t.stderr).toMatch(/^restore refused: 备份文件不完整：在第 \d+ 字节处中断/);
    expect((await restoredCodes(target)).tables).toBe(0);
    expect(fs.existsSync(path.join(target.DATA_DIR, 'upload'))).toBe(false);
  }, 30_000);

  it('refuses a target that is not empty unless --force', async () => {
    // The module the command runs, called here (the command's own refusals are proven above).
    const again = restoreBackup(readConfig(restoredEnv), backupFile);
    await expect(again).rejects.toBeInstanceOf(RestoreRefusal);
    await expect(again).rejects.toThrow(/^恢复目标不是空的（.*）：恢复只写入空的数据目录或数据库。确要覆盖，请加 --force$/);
    // A row the backup does not have goes with --force.
    if (restoredEnv.DATABASE_URL) {
      const c = new pg.Client({ connectionString: restoredEnv.DATABASE_URL });
      await c.connect();
      await c.query("update sys_position set code = 'bkx_changed' where code = 'bk0_0'");
      await c.end();
    } else {
      const db = new Database(path.join(restoredEnv.DATA_DIR, 'platform.db'));
      db.prepare("update sys_position set code = 'bkx_changed' where code = 'bk0_0'").run();
      db.close();
    }
    const forced = await script('restore', [backupFile, '--force'], restoredEnv);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('(replacing what was there)');
    const { codes } = await restoredCodes(restoredEnv);
    expect(codes.get('bk0_0')).toBe(1);
    expect(codes.has('bkx_changed')).toBe(false);
  }, 40_000);

  it('BackupJob, seeded stopped: its runs in the job history, the newest BACKUP_KEEP kept, a failure told to the administrators', async () => {
    const get = (p: string) => s.api.get(p, { token: admin });
    const job = expectOk(await get(`/sys/quartzJob/list?jobClassName=${JOB}`)).records[0];
    expect(job).toMatchObject({ jobClassName: JOB, status: -1 });
    const runs = async () => expectOk(await get(`/sys/quartzJob/runs?id=${job.id}&pageSize=50`)).records as any[];
    const runOnce = async () => {
      const count = (await runs()).length;
      expectOk(await get(`/sys/quartzJob/execute?id=${job.id}`), '执行成功!');
      for (const end = Date.now() + 20_000; Date.now() < end; await sleep(150)) {
        const r = await runs();
        if (r.length > count && r.every((x) => x.status !== 'running')) return r[0];
      }
      throw new Error('the backup job did not finish');
    };
    const first = await runOnce();
    expect(first, first.message).toMatchObject({ status: 'success', triggerType: 'manual' });
    expect(first.message).toMatch(/^已备份到 .*backup-\d{8}-\d{6}(-\d+)?\.tar（.* MB，上传文件 \d+ 个，用时 .* 秒）；保留最近 1 份$/);
    const second = await runOnce();
    expect(second.status, second.message).toBe('success');
    expect(second.message).toContain(`，删除旧备份 ${path.basename(first.message.match(/^已备份到 (\S+?)（/)![1])}`);
    const kept = fs.readdirSync(jobDir).filter((n) => n.endsWith('.tar'));
    expect(kept).toHaveLength(1);
    expect(fs.readdirSync(jobDir).filter((n) => !n.endsWith('.tar'))).toEqual([]);
    const status = expectOk(await get('/sys/monitor/backup'));
    expect(status.last).toMatchObject({ origin: 'job', kind: BACKEND });
    expect(kept.map((n) => path.join(jobDir, n))).toContain(status.last.file);

    // The folder taken away (a file in its place): the run fails, and the administrators are told.
    fs.rmSync(jobDir, { recursive: true });
    fs.writeFileSync(jobDir, 'not a folder');
    const failed = await runOnce();
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/EEXIST|ENOTDIR/);
    const adminId = (await (s.db as any).selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const notice = await (s.db as any).selectFrom('sys_announcement').select(['msgContent', 'userIds', 'sendStatus'])
      .where('titile', '=', '数据备份失败').executeTakeFirst();
    expect(notice?.msgContent).toContain(failed.message);
    const told = String(notice?.userIds ?? '').split(',').includes(adminId) && notice?.sendStatus === '1';
    expect(told).toBe(true);
  }, 60_000);
});
