import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { S3UploadStore } from './upload-s3.js';

const failure = (status: number, name: string) => new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message: name });
/** A body as the SDK hands it out in Node: a Readable that can also be read whole. */
const streamOf = (text: string) => Object.assign(Readable.from([Buffer.from(text)]), {
  transformToByteArray: async () => new Uint8Array(Buffer.from(text)),
}) as never;

describe('S3UploadStore (against the SDK mock)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-store-'));
  const client = new S3Client({ region: 'us-east-1', endpoint: 'http://s3.invalid', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  const s3 = mockClient(client);
  const store = new S3UploadStore({ endpoint: 'http://s3.invalid', bucket: 'uploads', region: 'us-east-1', forcePathStyle: true }, dir, client);
  const tmp = path.join(dir, 'received');
  fs.writeFileSync(tmp, 'hello upload');

  // The mock never reads what the store streams up: close those files before they go.
  const closeBodies = async () => {
    await Promise.all(s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Body as fs.ReadStream)
      .filter((b) => !b.closed).map((b) => new Promise<void>((done) => b.once('close', () => done()).destroy())));
  };
  beforeEach(async () => { await closeBodies(); s3.reset(); });
  afterAll(async () => { await closeBodies(); fs.rmSync(dir, { recursive: true, force: true }); });

  it('streams a received file up under <biz>/<name>, never over an existing object', async () => {
    s3.on(PutObjectCommand).rejectsOnce(failure(412, 'PreconditionFailed')).resolves({});
    const rel = await store.save(tmp, 'temp/a', '报告.pdf');
    expect(rel).toMatch(/^temp\/a\/[0-9a-f]{32}\.pdf$/);
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts).toHaveLength(2);
    // The first name was taken: the second try is another random name.
    expect(puts[1].Key).not.toBe(puts[0].Key);
    expect(puts[1]).toMatchObject({ Bucket: 'uploads', Key: rel, IfNoneMatch: '*', ContentLength: 12, ContentType: 'application/pdf' });
    expect(puts[1].Body).toBeInstanceOf(fs.ReadStream);
  });

  it('lets other failures through', async () => {
    s3.on(PutObjectCommand).rejects(failure(403, 'AccessDenied'));
    await expect(store.save(tmp, 'temp', 'a.txt')).rejects.toThrow('AccessDenied');
  });

  it('opens a stored object as a stream with its size, and answers null for a missing one', async () => {
    s3.on(GetObjectCommand, { Bucket: 'uploads', Key: 'temp/a.txt' }).resolves({ Body: streamOf('hello'), ContentLength: 5 });
    s3.on(GetObjectCommand, { Bucket: 'uploads', Key: 'temp/none.txt' }).rejects(failure(404, 'NoSuchKey'));
    const file = (await store.open('temp/a.txt'))!;
    expect(file.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const c of file.body) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(await store.open('temp/none.txt')).toBeNull();
  });

  it('reads only the first bytes to tell a kind', async () => {
    s3.on(GetObjectCommand).resolves({ Body: streamOf('%PDF-1.7'), ContentLength: 8 });
    expect((await store.head('temp/a.pdf', 16))!.toString()).toBe('%PDF-1.7');
    expect(s3.commandCalls(GetObjectCommand)[0].args[0].input.Range).toBe('bytes=0-15');
    s3.on(GetObjectCommand).rejects(failure(404, 'NoSuchKey'));
    expect(await store.head('temp/none.pdf', 16)).toBeNull();
  });

  it('removes an object', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await store.remove('temp/a.txt');
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'uploads', Key: 'temp/a.txt' }]);
  });

  it('seeds a file only when the object is missing', async () => {
    s3.on(HeadObjectCommand, { Key: 'web/there.png' }).resolves({});
    s3.on(HeadObjectCommand, { Key: 'web/new.png' }).rejects(failure(404, 'NotFound'));
    s3.on(PutObjectCommand).resolves({});
    await store.seed('web/there.png', tmp);
    await store.seed('web/new.png', tmp);
    expect(s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key)).toEqual(['web/new.png']);
  });
});
