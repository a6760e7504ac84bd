import { applyContentSchedule } from '../../modules/applet/schedule.js';
import type { JobHandler } from '../handler.js';

/** 定时发布 / 定时下线 of the mini-program's banners, articles and notices, as their times pass. */
export const contentScheduleJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.ContentScheduleJob',
  label: '按计划发布和下线内容',
  async run({ db, now }) {
    const { published, withdrawn } = await applyContentSchedule(db, now);
    return `发布 ${published} 条，下线 ${withdrawn} 条`;
  },
};
