/** JSON schemas of the JeecgBoot Result envelope (contract §1), for the OpenAPI document. */

type Json = Record<string, unknown>;

/** `{success,message,code,result,timestamp}` with `result` as the given schema (anything when omitted). */
export function resultOf(result: Json = {}): Json {
  return {
    type: 'object',
    required: ['success', 'message', 'code', 'timestamp'],
    properties: {
      success: { type: 'boolean', description: '成功标志' },
      message: { type: 'string', description: '返回处理消息' },
      code: { type: 'integer', description: '返回代码' },
      result: result,
      timestamp: { type: 'integer', description: '时间戳' },
    },
  };
}

/** A page of rows (JeecgBoot's IPage): records plus the paging numbers. */
export function pageOf(row: Json): Json {
  return {
    type: 'object',
    required: ['records', 'total', 'size', 'current', 'pages'],
    properties: {
      records: { type: 'array', items: row },
      total: { type: 'integer', description: '总行数' },
      size: { type: 'integer', description: '每页行数' },
      current: { type: 'integer', description: '当前页' },
      pages: { type: 'integer', description: '总页数' },
      totalEstimated: { type: 'boolean', description: '仅在 total 为估算值时出现（匹配行数超过页面的精确计数上限，默认 10000），界面显示「约 N 条」' },
    },
  };
}

/** What a write answers: a message, echoed as the result (Result.ok("添加成功！")). */
export const MESSAGE_RESULT: Json = resultOf({ type: ['string', 'null'] });

/** The refusals every route may give, answered in the envelope with the HTTP status as `code`. */
export const ERROR_COMPONENTS: Record<string, { description: string; content: Record<string, { schema: { $ref: string } }> }> = {
  BadRequest: { description: '参数错误', content: { 'application/json': { schema: { $ref: '#/components/schemas/Result' } } } },
  Unauthorized: { description: 'Token失效，请重新登录', content: { 'application/json': { schema: { $ref: '#/components/schemas/Result' } } } },
  Forbidden: { description: '没有权限，请联系管理员授权', content: { 'application/json': { schema: { $ref: '#/components/schemas/Result' } } } },
};

/** Each operation's refusals, by reference to ERROR_COMPONENTS. */
export const ERROR_RESPONSES: Json = {
  400: { $ref: '#/components/responses/BadRequest' },
  401: { $ref: '#/components/responses/Unauthorized' },
  403: { $ref: '#/components/responses/Forbidden' },
};
