import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferenceRoutes } from './preferences.js';
import { profileRoutes } from './profile.js';
import { sessionRoutes, stampSessionDevices } from './sessions.js';

/**
 * 个人中心 and 个人设置 (issue 15). Not encapsulated, so the session-device hook sees every API
 * request; the routes themselves live in their own plugins.
 */
export const accountRoutes = fp(async (app: FastifyInstance) => {
  stampSessionDevices(app);
  await app.register(profileRoutes);
  await app.register(sessionRoutes);
  await app.register(preferenceRoutes);
}, { name: 'account' });
