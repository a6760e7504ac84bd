/**
 * 数据规则 (contract §3.2): a condition an administrator attaches to a menu entry, ticked per role.
 * What the server and the rule screens both need to know of one.
 */
export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  /** A readable column of the page the menu draws, by field name. */
  ruleColumn: string;
  ruleConditions: string;
  /** A value, a comma list for IN, or text with system variables (`#{sys_user_code}`). */
  ruleValue: string;
  /** '1' 有效, '0' 无效 (dictionary valid_status): only valid rules bind. */
  status: string;
}

/** The conditions of the `rule_conditions` dictionary a rule may use. */
export const RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;

/** JeecgBoot's custom SQL condition: listed by the dictionary, refused: no text from the database is run as SQL. */
export const SQL_RULES = 'USE_SQL_RULES';

/** The system variables a rule value may use (JwtUtil.getUserSystemData), resolved by the server from the request's user. */
export const RULE_VARIABLES = {
  sys_user_code: '当前用户账号',
  sysUserCode: '当前用户账号',
  sys_org_code: '当前用户部门编码',
  sysOrgCode: '当前用户部门编码',
  sysDate: '当前日期',
  sysTime: '当前时间',
} as const;
export type RuleVariable = keyof typeof RULE_VARIABLES;
