import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveInside } from './static-file.js';
import { storedName } from './upload-names.js';

/** A stored file opened for reading. */
export interface StoredFile {
  size: number;
  body: Readable;
}

/**
 * Where uploaded files live (contract §6.4), named by their relative path `<biz>/<name>`: a folder
 * every instance mounts, or an S3-compatible bucket. Both stream in and out; neither overwrites.
 * Paths reach a store already checked (staticRelativePath, parseBiz).
 */
export interface UploadStore {
  /** Where an upload in progress waits until its form is complete (biz may come after the file). */
  readonly incomingDir: string;
  /** Moves a received file in under `biz` with a random name keeping the client's extension; answers `<biz>/<name>`. */
  save(tmpFile: string, biz: string, clientName: string): Promise<string>;
  /** Deletes a stored file (none there is no error). */
  remove(rel: string): Promise<void>;
  /** The file, or null when there is none. */
  open(rel: string): Promise<StoredFile | null>;
  /** Its first `bytes` bytes (to tell its kind), or null when there is no such file. */
  head(rel: string, bytes: number): Promise<Buffer | null>;
  /** Puts a file of the seed at `rel` unless one is there. */
  seed(rel: string, localFile: string): Promise<void>;
}

/** A fresh file name in the incoming folder. */
export async function incomingFile(store: UploadStore): Promise<string> {
  await fs.promises.mkdir(store.incomingDir, { recursive: true });
  return path.join(store.incomingDir, randomBytes(12).toString('hex'));
}

/** Links the file in; a copy when UPLOAD_DIR is a mount of its own. Fails with EEXIST rather than overwrite. */
async function place(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
  }
}

/** The upload folder (UPLOAD_DIR, default DATA_DIR/upload): shared by the instances when they mount one. */
export class DirectoryUploadStore implements UploadStore {
  readonly incomingDir: string;

  constructor(readonly root: string) {
    // Beside the folder, never inside what static serves; usually the same file system, so the final name is a hard link.
    this.incomingDir = `${root}-incoming`;
  }

  async save(tmpFile: string, biz: string, clientName: string): Promise<string> {
    const dir = resolveInside(this.root, biz);
    if (!dir) throw new Error(`upload folder outside the store: ${biz}`);
    await fs.promises.mkdir(dir, { recursive: true });
    for (;;) {
      const name = storedName(clientName);
      try {
        await place(tmpFile, path.join(dir, name));
        return `${biz}/${name}`;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  }

  /** The real path of a stored file, or null: a link planted inside the folder cannot point outside it. */
  private async real(rel: string): Promise<string | null> {
    const full = resolveInside(this.root, rel);
    if (!full) return null;
    try {
      const [root, target] = await Promise.all([fs.promises.realpath(this.root), fs.promises.realpath(full)]);
      if (!target.startsWith(root + path.sep) || !(await fs.promises.stat(target)).isFile()) return null;
      return target;
    } catch {
      return null;
    }
  }

  async open(rel: string): Promise<StoredFile | null> {
    const real = await this.real(rel);
    if (!real) return null;
    const handle = await fs.promises.open(real, 'r');
    const { size } = await handle.stat();
    return { size, body: handle.createReadStream() };
  }

  async head(rel: string, bytes: number): Promise<Buffer | null> {
    const real = await this.real(rel);
    if (!real) return null;
    const handle = await fs.promises.open(real, 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async remove(rel: string): Promise<void> {
    const full = resolveInside(this.root, rel);
    if (full) await fs.promises.rm(full, { force: true });
  }

  async seed(rel: string, localFile: string): Promise<void> {
    const target = resolveInside(this.root, rel);
    if (!target || fs.existsSync(target)) return;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(fs.createReadStream(localFile), fs.createWriteStream(target, { flags: 'wx' })).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    });
  }
}
