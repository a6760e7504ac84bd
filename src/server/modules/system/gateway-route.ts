import type { Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest } from '../../http/result.js';
import { applyDefaults, keepStoredWhenNull, requireOneOf } from './checks.js';

const JSON_FIELDS: [name: string, label: string][] = [['predicates', '路由断言'], ['filters', '过滤器']];
const FLAGS: Record<string, string> = { retryable: '是否重试', stripPrefix: '去掉前缀', persistable: '持久化', showApi: '显示API' };

/**
 * Predicates and filters are JSON arrays of `{name, args}` (contract §13.4), stored as text: a
 * value that is not one is refused with the field named, before it can break the gateway.
 */
export function checkRouteDefinitions(label: string, raw: unknown): void {
  if (raw === undefined || raw === null) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw badRequest(`${label}不是合法的JSON`);
  }
  if (!Array.isArray(parsed)) throw badRequest(`${label}必须是JSON数组，如 [{"name":"Path","args":["/api/**"]}]`);
  parsed.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(`${label}第${i + 1}项必须是对象`);
    const { name, args } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) throw badRequest(`${label}第${i + 1}项缺少 name`);
    if (args !== undefined && (args === null || typeof args !== 'object')) throw badRequest(`${label}第${i + 1}项的 args 必须是对象或数组`);
  });
}

function check(row: Row): void {
  for (const [name, label] of JSON_FIELDS) checkRouteDefinitions(label, row[name]);
  for (const [name, label] of Object.entries(FLAGS)) requireOneOf(label, row[name], [0, 1]);
  requireOneOf('状态', row.status, [0, 1]);
}

export const gatewayRouteModule: SchemaModule = {
  schema: 'sys_gateway_route',
  hooks: {
    beforeAdd(_h, values) {
      applyDefaults(values, { filters: '[]', retryable: 0, stripPrefix: 0, persistable: 0, showApi: 1, status: 1 });
      check(values);
    },
    beforeEdit(_h, changes) {
      keepStoredWhenNull(changes, ['filters', 'retryable', 'stripPrefix', 'persistable', 'showApi', 'status']);
      check(changes);
    },
  },
};
