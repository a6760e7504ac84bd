import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { currentRace, readSiteSettings } from './settings.js';

/** Site settings with the current race: public, the login page and the shell read them before login. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/site/siteinfoFz', { config: { public: true } }, async () => {
    const [site, race] = await Promise.all([readSiteSettings(db), currentRace(db)]);
    return ok({ ...site, loginCaptcha: app.ctx.config.loginCaptcha, race, serverTime: formatDateTime() });
  });
}
