import type { JobHandler } from '../handler.js';

/** JeecgBoot's SampleJob: logs its parameter (the seed's row, stopped, fires every 30 s when started). */
export const sampleJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.SampleJob',
  label: '示例任务（记录参数）',
  async run({ parameter, log }) {
    log.info({ parameter }, 'SampleJob ran');
    return `示例任务已执行，参数：${parameter || '（无）'}`;
  },
};
