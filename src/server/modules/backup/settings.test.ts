import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.js';
import { backupName, pruneBackups } from './backup.js';
import { majorOf } from './postgres.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-prune-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('backup settings and files', () => {
  it('reads BACKUP_DIR and BACKUP_KEEP, and stops the start on a malformed one', () => {
    expect(readConfig({ DATA_DIR: '/srv/site' }).backup).toEqual({ dir: '/srv/site/backup', keep: 7 });
    expect(readConfig({ DATA_DIR: '/srv/site', BACKUP_DIR: '/mnt/backups', BACKUP_KEEP: '30' }).backup).toEqual({ dir: '/mnt/backups', keep: 30 });
    for (const keep of ['0', '-1', '2.5', 'seven']) {
      expect(() => readConfig({ BACKUP_KEEP: keep })).toThrow(`BACKUP_KEEP must be a whole number of at least 1, got "${keep}"`);
    }
    expect(() => readConfig({ DATA_DIR: '/srv/site', BACKUP_DIR: '/srv/site/upload/backup' })).toThrow(/^BACKUP_DIR must not be inside UPLOAD_DIR \(\/srv\/site\/upload\)/);
  });

  it('keeps the newest BACKUP_KEEP of its own files and touches nothing else', async () => {
    const names = ['backup-20261127-020000.tar', 'backup-20261128-020000.tar', 'backup-20261128-020000-2.tar', 'backup-20261129-020000.tar', 'notes.txt', 'backup-old.tar'];
    for (const n of names) fs.writeFileSync(path.join(dir, n), n);
    expect((await pruneBackups(dir, 2)).sort()).toEqual(['backup-20261127-020000.tar', 'backup-20261128-020000.tar']);
    expect(fs.readdirSync(dir).sort()).toEqual(['backup-20261128-020000-2.tar', 'backup-20261129-020000.tar', 'backup-old.tar', 'notes.txt']);
    expect(backupName(new Date(2026, 10, 30, 2, 0, 5))).toBe('backup-20261130-020005.tar');
  });

  it('reads the major version of the PostgreSQL tools', () => {
    expect(majorOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
    expect(majorOf('pg_dump (PostgreSQL) 9.6.24')).toBe(9);
    expect(majorOf('nothing here')).toBe(0);
  });
});
