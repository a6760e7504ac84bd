import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, BACKUP_FORMAT, BackupFileError, readArchive, verifyArchive, type Manifest } from './archive.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-archive-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifestOf = (): Omit<Manifest, 'entries'> => ({
  format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), host: 'test', app: { name: 'x', version: '0' },
  database: { kind: 'sqlite', entry: 'database.sqlite.gz', serverVersion: '3', migrations: { count: 1, last: '001' }, tables: { t: 3 } },
  uploads: { kind: 'folder', files: 2, bytes: 0 },
});

let n = 0;
/** A backup of a 700 KB "database", a small upload and one with a long Chinese name (a pax header). */
async function sample(): Promise<{ file: string; db: Buffer; longName: string }> {
  const file = path.join(dir, `b${++n}.tar`);
  const db = Buffer.alloc(700_000);
  for (let i = 0; i < db.length; i++) db[i] = (i * 7919) % 251;
  const src = path.join(dir, `db${n}`);
  fs.writeFileSync(src, db);
  const longName = `uploads/temp/${'申报材料'.repeat(12)}_${'x'.repeat(60)}.pdf`;
  const w = await ArchiveWriter.create(file);
  try {
    await w.addFile('database.sqlite.gz', src);
    await w.addBuffer('uploads/temp/a.txt', Buffer.from('hello'));
    await w.addBuffer(longName, Buffer.from('long'));
    await w.finish(manifestOf());
  } finally {
    await w.close();
  }
  return { file, db, longName };
}

const refusal = async (file: string) => {
  try {
    await verifyArchive(file);
  } catch (e) {
    expect(e).toBeInstanceOf(BackupFileError);
    return e as BackupFileError;
  }
  throw new Error('accepted');
};

describe('backup archive', () => {
  it('round-trips entries with their sums, and the system tar reads it', async () => {
    const { file, db, longName } = await sample();
    const manifest = await verifyArchive(file);
    expect(manifest.entries.map((e) => e.name)).toEqual(['database.sqlite.gz', 'uploads/temp/a.txt', longName]);
    expect(manifest.entries[0]).toEqual({ name: 'database.sqlite.gz', size: db.length, sha256: createHash('sha256').update(db).digest('hex') });
    const got: Buffer[] = [];
    await readArchive(file, {
      stopAfter: 'database.sqlite.gz',
      onEntry: () => ({ write: async (c) => { got.push(Buffer.from(c)); }, end: async () => undefined }),
    });
    expect(Buffer.concat(got).equals(db)).toBe(true);
    const listed = spawnSync('tar', ['tf', file], { encoding: 'utf8' });
    if (!listed.error) expect(listed.stdout.trim().split('\n')).toEqual(['database.sqlite.gz', 'uploads/temp/a.txt', longName, 'manifest.json', 'manifest.sha256']);
  });

  it('refuses a flipped byte in an entry, in a header and in the manifest', async () => {
    for (const [where, message] of [[100_000, /database\.sqlite\.gz 的 SHA-256 校验和不符/], [10, /条目头校验和不符/]] as const) {
      const { file } = await sample();
      const bytes = fs.readFileSync(file);
      bytes[where] ^= 0x01;
      fs.writeFileSync(file, bytes);
      const e = await refusal(file);
      expect(e.kind).toBe('corrupt');
      expect(e.message).toMatch(message);
    }
    const { file } = await sample();
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('"createdAt"');
    bytes[at + 3] ^= 0x01;
    fs.writeFileSync(file, bytes);
    expect((await refusal(file)).message).toMatch(/清单（manifest\.json）的校验和不符/);
  });

  it('refuses a file cut short anywhere, naming where it ends', async () => {
    const { file } = await sample();
    const full = fs.readFileSync(file);
    for (const keep of [0, 300, 512, 400_000, full.length - 2000, full.length - 512]) {
      fs.writeFileSync(file, full.subarray(0, keep));
      const e = await refusal(file);
      expect(e.kind, `cut at ${keep}`).toBe('truncated');
      expect(e.message).toMatch(/备份文件不完整/);
    }
  });

  it('refuses what is not one of our backups', async () => {
    const file = path.join(dir, 'other.tar');
    fs.writeFileSync(file, Buffer.alloc(4096, 0x41));
    expect((await refusal(file)).kind).toBe('foreign');
  });
});
