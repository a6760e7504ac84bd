import type { FieldSchema } from './types';

/**
 * The validation messages of a field, worded once: the server's request validator and the
 * browser's form say the same thing for the same mistake.
 */
export const fieldMessages = {
  required: (f: Pick<FieldSchema, 'label'>) => `${f.label}不能为空`,
  maxLength: (f: Pick<FieldSchema, 'label'>, limit: number) => `${f.label}长度不能超过${limit}个字符`,
  minimum: (f: Pick<FieldSchema, 'label'>, limit: number) => `${f.label}不能小于${limit}`,
  maximum: (f: Pick<FieldSchema, 'label'>, limit: number) => `${f.label}不能大于${limit}`,
  /** More digits after the point than the column keeps (0: an integer column). */
  scale: (f: Pick<FieldSchema, 'label' | 'type'>, scale: number) => (scale === 0 ? `${f.label}需要整数` : `${f.label}最多${scale}位小数`),
  /** More digits before the point than the column's precision leaves. */
  integerDigits: (f: Pick<FieldSchema, 'label'>, digits: number) => `${f.label}的整数部分最多${digits}位`,
  pattern: (f: Pick<FieldSchema, 'label' | 'patternMessage'>) => f.patternMessage ?? `${f.label}格式不正确`,
  /** A value of the wrong shape for the column type, or null when any value of a string column is acceptable. */
  type: (f: Pick<FieldSchema, 'label' | 'type'>) => (TYPE_WORDS[f.type] ? `${f.label}${TYPE_WORDS[f.type]}` : null),
};

const TYPE_WORDS: Partial<Record<FieldSchema['type'], string>> = {
  int: '需要整数', long: '需要整数', double: '需要数字', decimal: '需要数字',
  date: '需要日期 YYYY-MM-DD', datetime: '需要时间 YYYY-MM-DD HH:mm:ss', time: '需要时间 HH:mm:ss',
};

/** Default maximum length of a column type's text, as the DDL creates it. */
export function maxLengthOf(f: Pick<FieldSchema, 'type' | 'length'>): number | undefined {
  switch (f.type) {
    case 'string': return f.length ?? 255;
    case 'text': return f.length ?? 65535;
    case 'blob': return f.length ?? 1048576;
    default: return undefined;
  }
}
