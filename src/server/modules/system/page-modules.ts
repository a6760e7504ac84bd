import type { SchemaModule } from '../../crud/hooks.js';
import { announcementModule } from '../announcement/announcement-module.js';
import { announcementSendModule } from '../announcement/send-module.js';
import { dictItemModule, dictModule } from '../dict/dict-pages.js';
import { dataLogModule } from './data-log.js';
import { dataSourceModule } from './data-source.js';
import { gatewayRouteModule } from './gateway-route.js';
import { logModule } from './log-module.js';
import { quartzJobModule } from './quartz-job.js';
import { tenantModule } from './tenant.js';
import { userAgentModule } from './user-agent.js';
import { departRoleModule } from '../depart/depart-role-module.js';

/** The server modules of the system-management pages: dictionaries, announcements, tenants, data sources, gateway routes, jobs, logs. */
export const SYSTEM_PAGE_MODULES: SchemaModule[] = [
  dictModule, dictItemModule, announcementModule, announcementSendModule, tenantModule, dataSourceModule, gatewayRouteModule, quartzJobModule, dataLogModule, logModule,
  departRoleModule, userAgentModule,
];
