import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ClientError, fail, ok } from '../../http/result.js';
import { NOT_FOUND_MESSAGE } from '../../http/errors.js';
import { contentDisposition, resolveInside, servedAs, staticRelativePath } from './static-file.js';
import { parseBiz, storedName } from './upload-names.js';
import { UPLOAD_TOO_LARGE } from '../../../schema/upload-limit.js';

/** Same wording as the multipart limit in the error handler and the browser's own check before sending. */
const TOO_LARGE = UPLOAD_TOO_LARGE;

interface Received {
  /** Where the bytes wait until the form is complete (biz may come after the file). */
  tmp: string;
  clientName: string;
}

/**
 * The upload folder and static files of contract §6.4: `POST /sys/common/upload` stores one file
 * under `<DATA_DIR>/upload/<biz>/` and answers its relative path in `message`;
 * `GET /sys/common/static/*` (public) streams a stored file back.
 */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const uploadRoot = path.join(app.ctx.config.dataDir, 'upload');
  // Beside the upload folder (same file system, so the final name is a hard link), never inside what static serves.
  const incoming = path.join(app.ctx.config.dataDir, 'upload-incoming');

  /** Reads the whole form; the one `file` part goes to a temporary file, the rest are text fields. */
  const receive = async (req: FastifyRequest): Promise<{ file?: Received; fields: Record<string, unknown> }> => {
    if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
    const fields: Record<string, unknown> = {};
    let file: Received | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
        } else if (part.fieldname !== 'file') {
          part.file.resume();
        } else {
          await fs.promises.mkdir(incoming, { recursive: true });
          file = { tmp: path.join(incoming, randomBytes(12).toString('hex')), clientName: part.filename };
          await pipeline(part.file, fs.createWriteStream(file.tmp));
          if (part.file.truncated) throw new ClientError(413, TOO_LARGE);
        }
      }
    } catch (err) {
      if (file) await fs.promises.rm(file.tmp, { force: true });
      throw err;
    }
    return { file, fields };
  };

  /** Moves the received file to its final name; never overwrites (a clash takes the next millisecond). */
  const store = async (tmp: string, dir: string, clientName: string): Promise<string> => {
    await fs.promises.mkdir(dir, { recursive: true });
    for (let millis = Date.now(); ; millis++) {
      const name = storedName(clientName, millis);
      try {
        await fs.promises.link(tmp, path.join(dir, name));
        return name;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  };

  app.post('/sys/common/upload', { config: { access: 'login' } }, async (req) => {
    const { file, fields } = await receive(req);
    if (!file) throw badRequest('未收到上传的文件，请以表单字段 file 上传');
    try {
      const biz = parseBiz(fields.biz);
      const dir = resolveInside(uploadRoot, biz);
      if (!dir) throw badRequest('biz参数不合法');
      const name = await store(file.tmp, dir, file.clientName);
      return ok(null, `${biz}/${name}`);
    } finally {
      await fs.promises.rm(file.tmp, { force: true });
    }
  });

  app.get('/sys/common/static/*', { config: { public: true } }, async (req, reply) => {
    const notFound = () => reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
    const rel = staticRelativePath((req.params as { '*': string })['*'] ?? '');
    const full = rel && resolveInside(uploadRoot, rel);
    if (!full) return notFound();
    let real: string;
    let stat: fs.Stats;
    try {
      // The real path too, so a link planted inside the folder cannot point outside it.
      const [root, target] = await Promise.all([fs.promises.realpath(uploadRoot), fs.promises.realpath(full)]);
      if (!target.startsWith(root + path.sep)) return notFound();
      real = target;
      stat = await fs.promises.stat(real);
    } catch {
      return notFound();
    }
    if (!stat.isFile()) return notFound();
    const name = path.basename(full);
    const { contentType, inline } = servedAs(name);
    reply
      .type(contentType)
      .header('Content-Length', stat.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name));
    if (!inline) reply.header('Content-Security-Policy', 'sandbox');
    return reply.send(fs.createReadStream(real));
  });
}
