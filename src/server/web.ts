import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installNotFound, NOT_FOUND_MESSAGE } from './http/errors.js';
import { fail } from './http/result.js';

/**
 * Serves the built single-page app under its base path. Hashed assets are cached for a year;
 * any other path under the base answers index.html (history-mode routing).
 */
export const webRoutes = fp(async (app: FastifyInstance) => {
  const { webDist, webBase } = app.ctx.config;
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);

  app.get('/', async (_req, reply) => reply.redirect(webBase));

  if (!built) {
    installNotFound(app);
    app.get(`${webBase}*`, async (_req, reply) => reply.status(503).type('text/plain; charset=utf-8')
      .send('The web app is not built: run `npm run build` (npm start does it for you).'));
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: webBase,
    index: false,
    preCompressed: true,
    wildcard: true,
    setHeaders(res, file) {
      res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  const sendIndex = (reply: import('fastify').FastifyReply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.split('?')[0] === webBase.replace(/\/$/, '')) return reply.redirect(webBase);
    const wantsPage = req.method === 'GET' && req.url.startsWith(webBase) && !path.extname(req.url.split('?')[0]);
    if (wantsPage) return sendIndex(reply);
    return reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
  });
});
