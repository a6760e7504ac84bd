import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installNotFound, NOT_FOUND_MESSAGE } from './http/errors.js';
import { fail } from './http/result.js';
import { detailHead, injectHead } from './modules/web/detail-head.js';
import { readSiteSettings } from './modules/site/settings.js';

/**
 * Serves the built single-page apps under their base path. Hashed assets are cached for a year;
 * the public site (`/`, `/web`, `/web/*`) answers site.html when the build has it, any other path
 * under the base answers the back office's index.html (history-mode routing).
 */
export const webRoutes = fp(async (app: FastifyInstance) => {
  const { webDist, webBase } = app.ctx.config;
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);

  app.get('/', { exposeHeadRoute: true, config: { access: 'public' } }, async (_req, reply) => reply.redirect(webBase));

  if (!built) {
    installNotFound(app);
    app.get(`${webBase}*`, { exposeHeadRoute: true, config: { access: 'public' } }, async (_req, reply) => reply.status(503).type('text/plain; charset=utf-8')
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
  const siteFile = path.join(webDist, 'site.html');
  const siteHtml = fs.existsSync(siteFile) ? fs.readFileSync(siteFile, 'utf8') : html;
  const sendHtml = (reply: import('fastify').FastifyReply, page: string) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  const sitePath = (p: string) => p === webBase || p === `${webBase}web` || p.startsWith(`${webBase}web/`);
  const sendSite = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply, p: string) => {
    if (p === `${webBase}web/detail` && siteHtml !== html) {
      const q = req.query as Record<string, unknown>;
      const db = app.ctx.db as unknown as Parameters<typeof detailHead>[0];
      const head = await detailHead(db, q.kind, q.id);
      if (head) return sendHtml(reply, injectHead(siteHtml, head, (await readSiteSettings(app.ctx.db)).appAbbr));
    }
    return sendHtml(reply, siteHtml);
  };
  app.setNotFoundHandler(async (req, reply) => {
    const p = req.url.split('?')[0];
    if (p === webBase.replace(/\/$/, '')) return reply.redirect(webBase);
    const wantsPage = req.method === 'GET' && req.url.startsWith(webBase) && !path.extname(p);
    if (wantsPage) return sitePath(p) ? sendSite(req, reply, p) : sendHtml(reply, html);
    return reply.status(404).send(fail(NOT_FOUND_MESSAGE, 404));
  });
}, { name: 'web' });
