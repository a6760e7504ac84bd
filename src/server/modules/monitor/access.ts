import type { FastifyRequest } from 'fastify';
import { grantsOf } from '../../auth/grants.js';
import { forbidden } from '../../http/result.js';
import { DASHBOARDS } from '../dashboard/access.js';

/** The 系统监控 pages (menu components): an administrator, or whoever was granted the page, may read its figures. */
export const MONITOR_PAGES = {
  disk: 'modules/monitor/DiskMonitoring',
  trace: 'modules/monitor/HttpTrace',
  runtime: 'modules/monitor/JvmInfo',
  redis: 'modules/monitor/RedisInfo',
  http: 'modules/monitor/TomcatInfo',
  system: 'modules/monitor/SystemInfo',
} as const;

/** 监控看板: its holders see the summary of the pages. */
export const MONITOR_DASHBOARD = DASHBOARDS.monitor;

/** Refuses with 403 unless the user is an administrator or holds one of the pages. */
export async function requireMonitorPage(req: FastifyRequest, ...components: string[]): Promise<void> {
  const { admin, menus } = await grantsOf(req.server.ctx.db, req);
  if (!admin && !components.some((c) => menus.has(c))) throw forbidden('没有权限：系统监控仅对管理员开放');
}
