import type { FastifyInstance } from 'fastify';
import { announcementSyncRoutes } from './announcement/sync-routes.js';
import { categoryPickerRoutes } from './category/picker-routes.js';
import { departTreeRoutes } from './depart/depart-tree-routes.js';
import { dictTreeRoutes } from './dict/dict-tree-routes.js';
import { visitStatsRoutes } from './login/visit-stats.js';
import { roleTreeRoutes } from './role/role-tree-routes.js';
import { onlineUserRoutes } from './system/online-users.js';
import { generateUserIdRoutes } from './user/generate-id-routes.js';
import { departUserRoutes } from './user/depart-user-routes.js';
import { recycleBinRoutes } from './system/recycle-bin.js';
import { thirdAppRoutes } from './system/third-app.js';

/** Routes the JeecgBoot Vue 2 client's system screens call beyond the pages' CRUD (issue 21). */
export const CLIENT_ROUTES: ((app: FastifyInstance) => Promise<void>)[] = [
  visitStatsRoutes, onlineUserRoutes, roleTreeRoutes, departTreeRoutes, dictTreeRoutes, announcementSyncRoutes, categoryPickerRoutes, generateUserIdRoutes,
  // issue 41: the rest of the stock client's system screens
  departUserRoutes, recycleBinRoutes, thirdAppRoutes,
];
