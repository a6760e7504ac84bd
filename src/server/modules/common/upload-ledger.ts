import type { Kysely } from 'kysely';
import { formatDateTime } from '../../util/time.js';
import type { UploadStore } from './upload-store.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_upload';

/** One stored upload (migration 036_uploads): who stored it, and the record it belongs to once one was written. */
export interface UploadRecord {
  path: string;
  /** The name the client gave it, offered again by the download. */
  fileName: string;
  fileSize: number | null;
  /** The uploader's username; null for a file stored before the ledger (found later in a record). */
  createBy: string | null;
  createTime: string;
  /** Where it is attached: a page's schema code (or SITE_HOLDER), its field and, when known, the row. */
  page: string | null;
  field: string | null;
  rowId: string | null;
  attachTime: string | null;
}

export interface Holder {
  page: string;
  field: string;
  rowId?: string | null;
}

/** The holder of the files the site settings name (logos, help document): public like the site. */
export const SITE_HOLDER = 'sys_setting';

/**
 * The table of uploads: written by the upload, attached by the first saved write that names a
 * file (crud/file-fields.ts), read by the download (file-access.ts) and the clean-up job.
 */
export class UploadLedger {
  constructor(private readonly db: Kysely<any>) {}

  async record(path: string, values: { fileName: string; fileSize: number; createBy: string }): Promise<void> {
    await this.db.insertInto(TABLE).values({ path, ...values, createTime: formatDateTime(), page: null, field: null, rowId: null, attachTime: null }).execute();
  }

  async find(path: string): Promise<UploadRecord | undefined> {
    return await this.db.selectFrom(TABLE).selectAll().where('path', '=', path).executeTakeFirst() as UploadRecord | undefined;
  }

  async findMany(paths: string[]): Promise<UploadRecord[]> {
    if (!paths.length) return [];
    return await this.db.selectFrom(TABLE).selectAll().where('path', 'in', paths).execute() as UploadRecord[];
  }

  /**
   * Attaches those of `paths` not yet attached to anything (a file keeps its first record: naming
   * it in another one gives that one's readers nothing). Files the ledger does not know are left alone.
   */
  async attach(paths: string[], holder: Holder): Promise<void> {
    if (!paths.length) return;
    await this.db.updateTable(TABLE)
      .set({ page: holder.page, field: holder.field, rowId: holder.rowId ?? null, attachTime: formatDateTime() })
      .where('path', 'in', paths).where('page', 'is', null).execute();
  }

  /** Registers a file stored before the ledger, found in a record, as attached to it. */
  async adopt(path: string, holder: Holder): Promise<void> {
    const now = formatDateTime();
    await this.db.insertInto(TABLE)
      .values({ path, fileName: path.slice(path.lastIndexOf('/') + 1), fileSize: null, createBy: null, createTime: now, page: holder.page, field: holder.field, rowId: holder.rowId ?? null, attachTime: now })
      .onConflict((oc) => oc.column('path').doNothing()).execute();
  }

  /** The row an attached file was found in (the write that attached it did not name its row). */
  async setRow(path: string, rowId: string): Promise<void> {
    await this.db.updateTable(TABLE).set({ rowId }).where('path', '=', path).execute();
  }

  /** Files never attached, stored before `time` (oldest first). */
  async unattachedBefore(time: string, limit: number): Promise<UploadRecord[]> {
    return await this.db.selectFrom(TABLE).selectAll().where('page', 'is', null).where('createTime', '<', time)
      .orderBy('createTime').limit(limit).execute() as UploadRecord[];
  }

  /** Deletes the row of a file still unattached; false when a write attached it meanwhile. */
  async forgetUnattached(path: string): Promise<boolean> {
    const res = await this.db.deleteFrom(TABLE).where('path', '=', path).where('page', 'is', null).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}

/** The ledger of each running app's upload store: the engine's writes hand over the store only. */
const ledgers = new WeakMap<UploadStore, UploadLedger>();

export function bindLedger(store: UploadStore, ledger: UploadLedger): void {
  ledgers.set(store, ledger);
}

export function ledgerOf(store: UploadStore): UploadLedger | undefined {
  return ledgers.get(store);
}
