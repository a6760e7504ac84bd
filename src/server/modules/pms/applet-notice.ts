import type { SchemaModule } from '../../crud/hooks.js';
import { composeHooks } from '../../crud/compose-hooks.js';
import { formatDateTime } from '../../util/time.js';
import { scheduleHooks, spentScheduleCleared } from '../applet/schedule.js';
import { merged, requireOrder } from './common.js';

const TABLE = 'pms_applet_notice';

/**
 * 小程序通知 (schemas/pms/pms_applet_notice.json): 发布/取消发布 are its workflow; this module keeps
 * the display period and the schedule sane. The mini-program reads notices through /applet/notice
 * (modules/applet), which honours both.
 */
export const appletNoticeModule: SchemaModule = {
  schema: TABLE,
  hooks: composeHooks([scheduleHooks], {
    beforeAdd(_h, values) {
      requireOrder(values.startTime, values.endTime, '展示结束时间不能早于开始时间');
    },
    beforeEdit(_h, changes, _body, current) {
      requireOrder(merged(changes, current, 'startTime'), merged(changes, current, 'endTime'), '展示结束时间不能早于开始时间');
    },
    /** A hand-made 发布 / 取消发布 wins over the schedule's times already passed. */
    async afterTransition(h, _transition, id) {
      await h.db.updateTable(TABLE).set(spentScheduleCleared(formatDateTime())).where('id', '=', id).execute();
    },
  }),
};
