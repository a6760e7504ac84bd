import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { CrudHooks } from '../../crud/hooks.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../util/time.js';
import { merged, requireOrder } from '../pms/common.js';
import { DRAFT, PUBLISHED, type Row } from '../web/kinds.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The mini-program's content tables: each has a publish state and a schedule, 定时发布 (`publishAt`)
 * and 定时下线 (`withdrawAt`), 'YYYY-MM-DD HH:mm:ss' texts like every datetime column.
 */
export const SCHEDULED_TABLES = ['pms_applet_banner', 'pms_applet_article', 'pms_applet_notice'] as const;

/**
 * Served at `now`: published by hand or by a publish-at that has passed, and not past its
 * withdraw-at. Reads take this, so the schedule holds whether or not a job has flipped the row yet.
 */
export function scheduledVisible(now: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => eb.and([
    eb.or([eb('publishStatus', '=', PUBLISHED), eb('publishAt', '<=', now)]),
    eb.or([eb('withdrawAt', 'is', null), eb('withdrawAt', '>', now)]),
  ]);
}

/**
 * Columns that forget the schedule's times already passed, written with a hand-made 发布 / 取消发布:
 * the hand wins over a schedule that has run out (else a withdrawn row with a past publish-at would
 * still be served). Times still ahead stay.
 */
export function spentScheduleCleared(now: string): Row {
  const keepAhead = (col: string) => sql`case when ${sql.ref(col)} <= ${now} then null else ${sql.ref(col)} end`;
  return { publishAt: keepAhead('publishAt'), withdrawAt: keepAhead('withdrawAt') };
}

/** '' from a cleared form field means no time (an empty text would compare before every time). */
function normaliseSchedule(values: Row): void {
  for (const k of ['publishAt', 'withdrawAt']) if (values[k] === '') values[k] = null;
}

const ORDER = '定时下线时间不能早于定时发布时间';

/** The schedule as the add/edit form sets it: cleared fields are no time, and withdrawal does not come first. */
export const scheduleHooks: CrudHooks = {
  beforeAdd(_h, values) {
    normaliseSchedule(values);
    requireOrder(values.publishAt, values.withdrawAt, ORDER);
  },
  beforeEdit(_h, changes, _body, current) {
    normaliseSchedule(changes);
    requireOrder(merged(changes, current, 'publishAt'), merged(changes, current, 'withdrawAt'), ORDER);
  },
};

/**
 * Applies the schedule of the mini-program's banners, articles and notices at `now`: a row whose
 * publish-at has passed is published (its publish time, if it never had one, is the publish-at),
 * one whose withdraw-at has passed goes back to draft, and passed times are cleared. One
 * transaction; counts only rows whose state changed. Meant for the job runner; reads do not wait
 * for it (see scheduledVisible).
 */
export async function applyContentSchedule(db: Kysely<any>, now: Date): Promise<{ published: number; withdrawn: number }> {
  const at = formatDateTime(now);
  const stamp = { updateBy: 'system', updateTime: at };
  let published = 0;
  let withdrawn = 0;
  await inTransaction(db, async (tx) => {
    for (const table of SCHEDULED_TABLES) {
      const p = await tx.updateTable(table)
        .set({ publishStatus: PUBLISHED, publishTime: sql`coalesce(${sql.ref('publishTime')}, ${sql.ref('publishAt')})`, publishAt: null, ...stamp })
        .where('publishAt', '<=', at).where('publishStatus', '<>', PUBLISHED)
        .where((eb) => eb.or([eb('withdrawAt', 'is', null), eb('withdrawAt', '>', at)]))
        .executeTakeFirst();
      published += Number(p.numUpdatedRows);
      const w = await tx.updateTable(table).set({ publishStatus: DRAFT, withdrawAt: null, ...stamp })
        .where('withdrawAt', '<=', at).where('publishStatus', '=', PUBLISHED)
        .executeTakeFirst();
      withdrawn += Number(w.numUpdatedRows);
      // Both times passed while the row was a draft (shown in between, gone now), or already published by hand.
      await tx.updateTable(table).set(spentScheduleCleared(at)).where((eb) => eb.or([eb('publishAt', '<=', at), eb('withdrawAt', '<=', at)])).execute();
    }
  });
  return { published, withdrawn };
}
