import type { SchemaModule } from '../../crud/hooks.js';
import { activityModule, activitySignupModule } from './activity.js';
import { appletNoticeModule } from './applet-notice.js';
import { dailyWorkModule } from './daily-work.js';
import { enterpriseModule } from './enterprise.js';
import { taskModule } from './task.js';

/** The server modules of the contest platform's service pages: 企业管理, 日常工作, 活动管理 and its sign-ups, 小程序通知, 任务管理. */
export const PMS_PAGE_MODULES: SchemaModule[] = [enterpriseModule, dailyWorkModule, activityModule, activitySignupModule, appletNoticeModule, taskModule];
