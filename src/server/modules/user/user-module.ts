import type { FastifyInstance } from 'fastify';
import type { SchemaModule } from '../../crud/hooks.js';
import { userHooks } from './user-hooks.js';
import { userPickerRoutes } from './user-picker-routes.js';
import { userRoutes } from './user-routes.js';

/** schemas/system/sys_user.json: the user list's hooks and its extra routes. */
export const userModule: SchemaModule = {
  schema: 'sys_user',
  hooks: userHooks,
  routes: async (app: FastifyInstance) => {
    await app.register(userRoutes);
    await app.register(userPickerRoutes);
  },
};
