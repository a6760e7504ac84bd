import type { SchemaModule } from '../../crud/hooks.js';
import { planModule } from './plan-module.js';
import { resultModule } from './result-module.js';
import { taskModule } from './task-module.js';

/** 人员考核: 考核计划, 考核任务, 考核实例 (schemas/assess/). */
export const ASSESSMENT_MODULES: SchemaModule[] = [planModule, taskModule, resultModule];
