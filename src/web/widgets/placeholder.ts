/**
 * What a choosing input says while empty when the schema gives no placeholder: 请选择 and the field's
 * label (请选择赛道, as the query bar words it), bare 请选择 for an input with no label.
 */
export const choosePlaceholder = (label: unknown): string => (typeof label === 'string' && label ? `请选择${label}` : '请选择');
