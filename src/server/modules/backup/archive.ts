import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * A backup is one file: a POSIX tar (ustar, with pax records for long or non-ASCII names and sizes
 * past 8 GB), so `tar tf` lists it and `tar xf` unpacks it by hand. Its entries, in order: the
 * database, the uploads under `uploads/`, then `manifest.json` (what the backup holds: its format
 * version, the database kind, the time, the row count of every table, and every entry's size and
 * SHA-256) and `manifest.sha256` (the manifest's own SHA-256). Reading checks each header's tar
 * checksum, each entry against the manifest, and the manifest against its hash, so a flipped byte
 * anywhere or a file cut short is refused before anything is restored.
 */
export const BACKUP_FORMAT = 'contest-admin-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_SHA256 = 'manifest.sha256';

const BLOCK = 512;
/** The largest size an ustar header's 11 octal digits hold; past it the size goes in a pax record. */
const USTAR_MAX_SIZE = 0o77777777777;
const CHUNK = 1 << 20;

export interface EntrySum { name: string; size: number; sha256: string }

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the database's snapshot was taken (ISO 8601). */
  createdAt: string;
  host: string;
  app: { name: string; version: string };
  database: {
    kind: 'sqlite' | 'postgres';
    /** The entry holding it: a gzip of the SQLite file, or a pg_dump custom-format archive. */
    entry: string;
    /** The database server's (or SQLite library's) version. */
    serverVersion: string;
    /** pg_dump's version (PostgreSQL): pg_restore must be as new. */
    dumpVersion?: string;
    /** Migrations applied when it was taken: how many, and the last by name. */
    migrations: { count: number; last: string | null };
    /** Rows of every table in the snapshot (PostgreSQL: `schema.table` outside the current schema). */
    tables: Record<string, number>;
  };
  uploads:
    | { kind: 'folder'; files: number; bytes: number }
    | { kind: 's3'; bucket: string; endpoint: string; note: string };
  /** Every entry but the manifest and its hash. */
  entries: EntrySum[];
}

/** A backup refused on reading: damaged, cut short, or not a backup of ours. */
export class BackupFileError extends Error {
  constructor(readonly kind: 'corrupt' | 'truncated' | 'foreign', message: string) {
    super(message);
  }
}

const corrupt = (m: string) => new BackupFileError('corrupt', `备份文件已损坏：${m}`);
const truncated = (at: number) => new BackupFileError('truncated', `备份文件不完整：在第 ${at} 字节处中断（复制或写入未完成？）`);

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A pax record: "<length> <key>=<value>\n", the length counting its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLen = Buffer.byteLength(body);
  let len = bodyLen + 1;
  while (len !== bodyLen + String(len).length) len = bodyLen + String(len).length;
  return `${len}${body}`;
}

function octal(buf: Buffer, value: number, offset: number, width: number): void {
  buf.write(value.toString(8).padStart(width - 1, '0') + '\0', offset, width, 'ascii');
}

function header(name: string, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  octal(h, 0o644, 100, 8);
  octal(h, 0, 108, 8);
  octal(h, 0, 116, 8);
  octal(h, Math.min(size, USTAR_MAX_SIZE), 124, 12);
  octal(h, Math.floor(mtime / 1000), 136, 12);
  h.fill(0x20, 148, 156);
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

/** The header block(s) of an entry: a pax header first when the name or size does not fit ustar. */
export function entryHeader(name: string, size: number, mtime = Date.now()): Buffer {
  const fits = /^[\x20-\x7e]*$/.test(name) && name.length <= 100;
  const pax = (fits ? '' : paxRecord('path', name)) + (size > USTAR_MAX_SIZE ? paxRecord('size', String(size)) : '');
  const own = header(fits ? name : `entry-${sha256(name).slice(0, 16)}`, size, mtime, '0');
  if (!pax) return own;
  const paxData = Buffer.from(pax, 'utf8');
  return Buffer.concat([header('PaxHeader', paxData.length, mtime, 'x'), paxData, Buffer.alloc(padding(paxData.length)), own]);
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a backup file entry by entry, keeping each entry's size and SHA-256 for the manifest. */
export class ArchiveWriter {
  readonly sums: EntrySum[] = [];
  private position = 0;

  private constructor(private readonly fh: fs.promises.FileHandle) {}

  /** A new file; refuses to overwrite one. */
  static async create(file: string): Promise<ArchiveWriter> {
    return new ArchiveWriter(await fs.promises.open(file, 'wx'));
  }

  private async put(data: Buffer): Promise<void> {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await this.fh.write(data, done, data.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  /** An entry from bytes in memory. */
  async addBuffer(name: string, data: Buffer, mtime = Date.now()): Promise<EntrySum> {
    await this.put(entryHeader(name, data.length, mtime));
    await this.put(data);
    await this.put(Buffer.alloc(padding(data.length)));
    const sum = { name, size: data.length, sha256: sha256(data) };
    this.sums.push(sum);
    return sum;
  }

  /**
   * An entry from a file, streamed: its size is taken first, and a file that grows or shrinks
   * while it is read is an error (uploads are never rewritten in place; a database copy is ours).
   */
  async addFile(name: string, file: string): Promise<EntrySum> {
    const src = await fs.promises.open(file, 'r');
    try {
      const stat = await src.stat();
      await this.put(entryHeader(name, stat.size, stat.mtimeMs));
      const hash = createHash('sha256');
      const buf = Buffer.allocUnsafe(CHUNK);
      let read = 0;
      while (read < stat.size) {
        const { bytesRead } = await src.read(buf, 0, Math.min(CHUNK, stat.size - read), read);
        if (!bytesRead) throw new Error(`${file} 在备份过程中变短了`);
        const chunk = buf.subarray(0, bytesRead);
        hash.update(chunk);
        await this.put(chunk);
        read += bytesRead;
      }
      await this.put(Buffer.alloc(padding(stat.size)));
      const sum = { name, size: stat.size, sha256: hash.digest('hex') };
      this.sums.push(sum);
      return sum;
    } finally {
      await src.close();
    }
  }

  /** Writes the manifest (with the sums of every entry so far), its hash and the end of the archive, and syncs. */
  async finish(manifest: Omit<Manifest, 'entries'>): Promise<{ bytes: number; manifest: Manifest }> {
    const full: Manifest = { ...manifest, entries: [...this.sums] };
    const text = Buffer.from(`${JSON.stringify(full, null, 1)}\n`, 'utf8');
    await this.addBuffer(MANIFEST, text);
    await this.addBuffer(MANIFEST_SHA256, Buffer.from(`${sha256(text)}  ${MANIFEST}\n`, 'ascii'));
    await this.put(Buffer.alloc(BLOCK * 2));
    await this.fh.sync();
    return { bytes: this.position, manifest: full };
  }

  async close(): Promise<void> {
    await this.fh.close();
  }
}

/** Where an entry's bytes go while the archive is read (a file being restored). */
export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  /** Called once the whole entry is written and its SHA-256 is known. */
  end(sum: EntrySum): Promise<void>;
  /** Called instead of end when reading stops half-way. */
  abort?(): Promise<void>;
}

export interface ReadOptions {
  /** A sink for the entry, or nothing to read it only for its sum. */
  onEntry?: (entry: { name: string; size: number; mtime: number }) => Promise<EntrySink | undefined> | EntrySink | undefined;
  /** Stop once this entry has been read (the database comes first; no need to read the uploads then). */
  stopAfter?: string;
}

export interface ReadResult {
  sums: EntrySum[];
  /** The bytes of manifest.json and manifest.sha256, kept when met. */
  small: Map<string, Buffer>;
}

/** Reads exact byte counts from a file stream, telling where a premature end came. */
class BlockReader {
  private chunks: Buffer[] = [];
  private held = 0;
  offset = 0;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(stream: AsyncIterable<Buffer>) {
    this.iterator = stream[Symbol.asyncIterator]();
  }

  /** Exactly `n` bytes (n ≤ CHUNK), or fewer only at the end of the file. */
  async take(n: number): Promise<Buffer> {
    while (this.held < n) {
      const next = await this.iterator.next();
      if (next.done) break;
      this.chunks.push(next.value);
      this.held += next.value.length;
    }
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const out = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(out.length);
    this.chunks = rest.length ? [rest] : [];
    this.held = rest.length;
    this.offset += out.length;
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    const b = await this.take(n);
    if (b.length < n) throw truncated(this.offset);
    return b;
  }

  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}

const text = (b: Buffer, start: number, len: number) => {
  const field = b.subarray(start, start + len);
  const nul = field.indexOf(0);
  return field.subarray(0, nul < 0 ? len : nul).toString('utf8');
};

function parseOctal(b: Buffer, start: number, len: number, at: number): number {
  const s = text(b, start, len).trim();
  if (!/^[0-7]*$/.test(s)) throw corrupt(`第 ${at} 字节处的条目头无法解析`);
  return s ? parseInt(s, 8) : 0;
}

/** The padding after an entry: zeros, so that no byte of the file goes unchecked. */
async function zeros(reader: BlockReader, n: number): Promise<void> {
  const at = reader.offset;
  if (!(await reader.exactly(n)).every((b) => b === 0)) throw corrupt(`第 ${at} 字节处的填充不是零`);
}

function parsePax(data: Buffer, at: number): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < data.length) {
    const space = data.indexOf(0x20, i);
    const len = Number(data.subarray(i, space).toString('ascii'));
    if (space < 0 || !Number.isInteger(len) || len <= 0 || i + len > data.length) throw corrupt(`第 ${at} 字节处的扩展头无法解析`);
    const record = data.subarray(space + 1, i + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    out[record.slice(0, eq)] = record.slice(eq + 1);
    i += len;
  }
  return out;
}

/**
 * Reads a backup from start to end (or to `stopAfter`): every entry's size and SHA-256, each header
 * checked by its tar checksum, the end marker required. Throws BackupFileError when damaged or cut.
 */
export async function readArchive(file: string, opts: ReadOptions = {}): Promise<ReadResult> {
  const reader = new BlockReader(fs.createReadStream(file, { highWaterMark: CHUNK }));
  const sums: EntrySum[] = [];
  const small = new Map<string, Buffer>();
  let pax: Record<string, string> = {};
  try {
    for (;;) {
      const at = reader.offset;
      const h = await reader.exactly(BLOCK);
      if (h.every((b) => b === 0)) {
        const second = await reader.exactly(BLOCK);
        if (!second.every((b) => b === 0)) throw corrupt(`第 ${at} 字节处有一个空的条目头`);
        return { sums, small };
      }
      if (at === 0 && text(h, 257, 6) !== 'ustar') throw new BackupFileError('foreign', '这不是本系统的备份文件（不是 tar 格式）');
      const stored = parseOctal(h, 148, 8, at);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
      if (sum !== stored) throw corrupt(`第 ${at} 字节处的条目头校验和不符`);
      const type = String.fromCharCode(h[156] || 0x30);
      let size = parseOctal(h, 124, 12, at);
      if (type === 'x') {
        const data = await reader.exactly(size);
        await zeros(reader, padding(size));
        pax = parsePax(data, at);
        continue;
      }
      if (type !== '0') throw corrupt(`第 ${at} 字节处有不支持的条目类型「${type}」`);
      const prefix = text(h, 345, 155);
      const name = pax.path ?? (prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100));
      if (pax.size) size = Number(pax.size);
      pax = {};
      const mtime = parseOctal(h, 136, 12, at) * 1000;
      const sink = await opts.onEntry?.({ name, size, mtime });
      const hash = createHash('sha256');
      const keep = name === MANIFEST || name === MANIFEST_SHA256 ? [] as Buffer[] : null;
      try {
        let left = size;
        while (left > 0) {
          const chunk = await reader.exactly(Math.min(CHUNK, left));
          hash.update(chunk);
          keep?.push(Buffer.from(chunk));
          if (sink) await sink.write(chunk);
          left -= chunk.length;
        }
        await zeros(reader, padding(size));
      } catch (e) {
        await sink?.abort?.();
        throw e;
      }
      const entry = { name, size, sha256: hash.digest('hex') };
      if (keep) small.set(name, Buffer.concat(keep));
      await sink?.end(entry);
      sums.push(entry);
      if (opts.stopAfter === name) return { sums, small };
    }
  } finally {
    await reader.close();
  }
}

/** Checks a read archive against its manifest: answers the manifest, or throws what is wrong. */
export function checkManifest(read: ReadResult): Manifest {
  const manifestBytes = read.small.get(MANIFEST);
  const hashText = read.small.get(MANIFEST_SHA256)?.toString('ascii');
  if (!manifestBytes || !hashText) throw new BackupFileError('truncated', '备份文件不完整：缺少清单（manifest.json）');
  if (hashText.split(/\s+/)[0] !== sha256(manifestBytes)) throw corrupt('清单（manifest.json）的校验和不符');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  } catch {
    throw corrupt('清单（manifest.json）无法解析');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupFileError('foreign', '这不是本系统的备份文件（清单格式不符）');
  if (manifest.version > BACKUP_VERSION) throw new BackupFileError('foreign', `备份格式版本 ${manifest.version} 比本程序支持的 ${BACKUP_VERSION} 新，请用新版本恢复`);
  const found = new Map(read.sums.map((s) => [s.name, s]));
  for (const want of manifest.entries) {
    const got = found.get(want.name);
    if (!got) throw new BackupFileError('truncated', `备份文件不完整：缺少条目 ${want.name}`);
    if (got.size !== want.size) throw corrupt(`条目 ${want.name} 的大小为 ${got.size} 字节，清单记为 ${want.size}`);
    if (got.sha256 !== want.sha256) throw corrupt(`条目 ${want.name} 的 SHA-256 校验和不符`);
  }
  const listed = new Set([...manifest.entries.map((e) => e.name), MANIFEST, MANIFEST_SHA256]);
  const extra = read.sums.find((s) => !listed.has(s.name));
  if (extra) throw corrupt(`条目 ${extra.name} 不在清单中`);
  if (!found.has(manifest.database.entry)) throw corrupt('清单没有列出数据库条目');
  return manifest;
}

/** Reads the whole file and checks it: the manifest of a sound backup, else a BackupFileError. */
export async function verifyArchive(file: string): Promise<Manifest> {
  return checkManifest(await readArchive(file));
}
