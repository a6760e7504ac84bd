import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { servedAs } from './static-file.js';
import { storedName } from './upload-names.js';
import type { StoredFile, UploadStore } from './upload-store.js';

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const missing = (err: unknown) => status(err) === 404 || (err as { name?: string }).name === 'NoSuchKey' || (err as { name?: string }).name === 'NotFound';

/**
 * Uploads in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET …), keyed by their relative path. A
 * received file waits on this instance's disk until its form is complete, then streams up;
 * `If-None-Match: *` keeps an object from ever being overwritten.
 */
export class S3UploadStore implements UploadStore {
  readonly incomingDir: string;
  private readonly bucket: string;

  constructor(config: S3Config, dataDir: string, private readonly client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  })) {
    this.bucket = config.bucket;
    this.incomingDir = path.join(dataDir, 'upload-incoming');
  }

  private async put(key: string, localFile: string): Promise<boolean> {
    const { size } = await fs.promises.stat(localFile);
    try {
      await this.client.send(new PutObjectCommand({
        Bucket: this.bucket, Key: key, Body: fs.createReadStream(localFile), ContentLength: size,
        ContentType: servedAs(key).contentType, IfNoneMatch: '*',
      }));
      return true;
    } catch (err) {
      // 412: the name is taken; 409: a concurrent conditional write to it is in progress.
      if (status(err) === 412 || status(err) === 409) return false;
      throw err;
    }
  }

  async save(tmpFile: string, biz: string, clientName: string): Promise<string> {
    for (;;) {
      const rel = `${biz}/${storedName(clientName)}`;
      if (await this.put(rel, tmpFile)) return rel;
    }
  }

  async remove(rel: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: rel }));
  }

  async open(rel: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: rel }));
      if (!res.Body) return null;
      return { size: Number(res.ContentLength ?? 0), body: res.Body as Readable };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async head(rel: string, bytes: number): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: rel, Range: `bytes=0-${bytes - 1}` }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()).subarray(0, bytes) : null;
    } catch (err) {
      // 416: an empty file has no first byte.
      if (status(err) === 416) return Buffer.alloc(0);
      if (missing(err)) return null;
      throw err;
    }
  }

  async seed(rel: string, localFile: string): Promise<void> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: rel }));
    } catch (err) {
      if (!missing(err)) throw err;
      await this.put(rel, localFile);
    }
  }
}
