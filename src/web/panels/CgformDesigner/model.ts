import { schemaToDesign, VALID_TYPES, type Design, type DesignField, type DesignHead } from '../../../schema/cgform';
import type { PageSchema, ViewType } from '../../../schema/types';

/** What the designer's form holds: the design, with each index's columns as a list. */
export interface DesignValues {
  head: DesignHead;
  fields: DesignField[];
  indexs: { indexName?: string; indexField?: string[]; indexType?: 'normal' | 'unique' }[];
}

export const yes = (v: unknown) => v === 1 || v === '1' || v === 'Y' || v === true;

/** A new form starts as an empty page schema reads in the designer: the key and the audit columns (not in form or list). */
export function newDesign(): DesignValues {
  const { head, fields } = schemaToDesign({ code: '', title: '', table: '', api: '', fields: [] } as PageSchema);
  return { head: { ...head, tableName: '', tableTxt: '' }, fields, indexs: [] };
}

/** A sub table started from its main table's designer: its kind, and the foreign key row naming the main. */
export function newSubDesign(main: { tableName: string; tableTxt: string }): DesignValues {
  const blank = newDesign();
  return withForeignKey({ ...blank, head: { ...blank.head, tableType: 3, relationType: 0 } as DesignHead }, main.tableName, main.tableTxt);
}

/**
 * Points the design's foreign key at `mainTable`: the row that names a main table already, else a
 * new `<main>_id` row (hidden in form and list: the engine fills it from the main row).
 */
export function withForeignKey(v: DesignValues, mainTable: string, mainTxt = ''): DesignValues {
  const at = v.fields.findIndex((f) => f.mainTable);
  if (at >= 0) return { ...v, fields: v.fields.map((f, i) => (i === at ? { ...f, mainTable, mainField: f.mainField || 'id' } : f)) };
  const fk: DesignField = { ...newField(), dbFieldName: `${mainTable}_id`, dbFieldTxt: mainTxt || mainTable, dbLength: 32, isShowForm: 0, isShowList: 0, mainTable, mainField: 'id' };
  return { ...v, fields: [...v.fields, fk] };
}

/** A field row as 新增字段 adds it. */
export function newField(): DesignField {
  return {
    dbFieldName: '', dbFieldTxt: '', dbType: 'string', dbLength: 32, dbPointLength: 0, dbIsKey: 0, dbIsNull: 1,
    fieldShowType: 'text', isShowForm: 1, isShowList: 1, sortFlag: '1', isReadOnly: 0, isQuery: 0, queryMode: 'single', fieldMustInput: '0',
  };
}

/** The rows a tree table needs (JeecgBoot's defaults), added when missing; the head points at them. */
export function withTreeFields(v: DesignValues): DesignValues {
  const have = new Set(v.fields.map((f) => f.dbFieldName));
  const extra: DesignField[] = [
    { ...newField(), dbFieldName: 'pid', dbFieldTxt: '父级节点', isShowForm: 0, isShowList: 0 },
    { ...newField(), dbFieldName: 'has_child', dbFieldTxt: '是否有子节点', dbLength: 3, isShowForm: 0, isShowList: 0 },
  ].filter((f) => !have.has(f.dbFieldName));
  return { ...v, fields: [...v.fields, ...extra], head: { ...v.head, isTree: 'Y', treeParentIdField: v.head.treeParentIdField || 'pid', treeIdField: v.head.treeIdField || 'has_child' } };
}

const HEAD_KEYS = ['id', 'tableName', 'tableTxt', 'tableType', 'isTree', 'treeParentIdField', 'treeIdField', 'treeFieldname'] as const;

/**
 * The head of a listed form. JeecgBoot lists the tree settings as head columns; this server keeps
 * them in the stored design (`schemaJson`), so they are read from there when the row lacks them.
 */
export function headOf(row: Record<string, unknown>): DesignHead {
  const stored = typeof row.schemaJson === 'string' ? schemaToDesign(JSON.parse(row.schemaJson) as PageSchema).head : {};
  const listed = Object.fromEntries(HEAD_KEYS.filter((k) => row[k] !== undefined && row[k] !== null && row[k] !== '').map((k) => [k, row[k]]));
  return { ...stored, ...listed } as DesignHead;
}

/** The body addAll/editAll take: fields in grid order, index columns comma-joined. */
export function designBody(v: DesignValues): Design {
  const head: DesignHead = { ...v.head, tableName: v.head.tableName?.trim() ?? '', tableTxt: v.head.tableTxt?.trim() ?? '', tableType: v.head.tableType ?? 1 };
  if (!yes(head.isTree)) { head.isTree = 'N'; delete head.treeParentIdField; delete head.treeIdField; delete head.treeFieldname; }
  const sub = Number(head.tableType) === 3;
  if (!sub) delete head.relationType;
  // The main's sub tables are the server's to list (from the sub designs that name it).
  delete head.subTableStr;
  // A foreign key belongs to a sub table only: switching the kind away drops what the 外键 tab held.
  const link = (f: DesignField) => {
    const { mainTable, mainField, ...rest } = f;
    return sub && mainTable?.trim() ? { ...rest, mainTable: mainTable.trim(), mainField: mainField?.trim() || 'id' } : rest;
  };
  return {
    head,
    fields: v.fields.map((f, i) => ({ ...link(f), dbFieldName: f.dbFieldName?.trim() ?? '', orderNum: i })),
    indexs: v.indexs.map((ix) => ({ indexName: ix.indexName?.trim(), indexField: (ix.indexField ?? []).join(','), indexType: ix.indexType ?? 'normal' })),
  };
}

/** A saved design as the form holds it. */
export function toValues(head: DesignHead, fields: DesignField[], indexs: Design['indexs'] = []): DesignValues {
  return { head, fields, indexs: indexs.map((ix) => ({ ...ix, indexField: ix.indexField.split(',').filter(Boolean) })) };
}

export const DB_TYPES = ['string', 'int', 'double', 'long', 'Date', 'Datetime', 'BigDecimal', 'Text', 'Blob'];

/** The view a column type suggests when the field still has the plain text view. */
export const VIEW_FOR_TYPE: Record<string, ViewType> = { int: 'number', double: 'number', long: 'number', BigDecimal: 'number', Date: 'date', Datetime: 'datetime', Text: 'textarea' };

export const VIEW_LABELS: Record<ViewType, string> = {
  text: '文本框', password: '密码', list: '下拉框', radio: '单选框', checkbox: '多选框', switch: '开关', date: '日期', datetime: '日期时间',
  time: '时间', number: '数字', file: '文件', image: '图片', textarea: '多行文本', umeditor: '富文本', markdown: 'Markdown', sel_user: '用户选择',
  sel_depart: '部门选择', pca: '省市区', popup: 'Popup弹框', list_multi: '下拉多选框', sel_search: '下拉搜索框', cat_tree: '分类字典树',
  sel_tree: '自定义树控件', link_down: '联动组件', hidden: '隐藏',
};

/** Named validations: their readable name is their message without "请输入(正确的)". */
export const VALID_OPTIONS = [
  { value: '', label: '无' },
  { value: 'only', label: '唯一校验' },
  { value: '*', label: '非空' },
  ...Object.entries(VALID_TYPES).map(([value, v]) => ({ value, label: v.message.replace(/^请输入(正确的)?/, '') })),
];

interface DictHint { table?: string; field?: string; text?: string; note: string }

const TABLE_DICT: DictHint = { table: '字典表', field: '值字段/字典编码', text: '显示字段', note: '字典code 搜索并选择数据字典（可预览字典项）；或填字典table + 字典code（值字段）+ 字典text（显示字段）' };

/** What 字典table / 字典code / 字典text mean for each view (contract §9.2). */
export const DICT_HINTS: Partial<Record<ViewType, DictHint>> = {
  list: TABLE_DICT, radio: TABLE_DICT, checkbox: TABLE_DICT, list_multi: TABLE_DICT,
  sel_search: { table: '字典表', field: '值字段', text: '显示字段', note: '字典table、字典code（值字段）、字典text（显示字段）都要填' },
  popup: { table: '报表编码', field: '报表字段', text: '表单字段', note: '字典table 填Online报表编码；字典code 填报表字段，字典text 填回填的表单字段（逗号分隔，数量相同）' },
  sel_tree: { table: '表名', field: '存储字段', text: 'id,pid,名称,是否有子节点', note: '字典table 填树表名；字典text 依次填 id、父id、显示名称、是否有子节点 字段' },
  cat_tree: { field: '分类根编码', note: '字典code 选择分类字典的根节点（其编码即 pcode）' },
  link_down: { table: '{"table":"","txt":"","key":"","idField":"","pidField":"","linkField":""}', note: '字典table 填联动配置JSON：table、txt、key、idField、pidField、linkField（后续级别字段）' },
  sel_user: { note: '不需要字典' }, sel_depart: { note: '不需要字典' }, pca: { note: '不需要字典' }, file: { note: '不需要字典' }, image: { note: '不需要字典' },
};

export const dictHint = (view: string | undefined): DictHint => DICT_HINTS[(view || 'text') as ViewType] ?? { field: '字典编码', note: '字典code 填字典编码（可不填）' };

/** What 扩展参数 takes for a view (JeecgBoot's field_extend_json keys); empty where the view reads none. */
export function extendHint(view: string | undefined): string {
  switch (view) {
    case 'file': case 'image': return '{"uploadnum":2} 最多上传2个';
    case 'popup': return '{"popupMulti":true} 多选';
    case 'switch': return '{"switchOptions":["Y","N"]}';
    case 'sel_user': case 'sel_depart': return '{"store":"username","multiSelect":false}';
    case 'date': return '{"picker":"month"}';
    case 'cat_tree': return '{"branchBy":"track"} 随字段 track 的字典文本，只取以其命名的下级分类';
    default: return '';
  }
}

/** Each grid column's help, shown beside its title. */
export const COLUMN_HELP: Record<string, string> = {
  字段名: '数据库列名：小写字母开头，字母、数字、下划线（如 team_name）',
  字段备注: '表单和列表上显示的名称（如 团队名称）',
  长度: '文本的最大字符数，数字的总位数',
  小数点: '小数位数（BigDecimal、double）',
  默认值: '新增时的初始值',
  类型: 'string 文本，int 整数，BigDecimal 小数，Date 日期，Text 长文本；选类型会建议控件',
  允许空值: '不勾选时数据库要求必有值（表单必填在“校验字段”页设置）',
  表单显示: '新增/编辑表单中是否出现',
  列表显示: '列表中是否作为一列',
  是否排序: '列表中可点表头排序',
  只读: '表单中只能看，不能改',
  控件类型: '表单中用什么输入：下拉框、日期、用户选择、文件…；字典和分类在“字典”页选择',
  是否查询: '出现在列表上方的查询栏',
  查询模式: '简单查询按值；范围查询给日期和数字一个起止区间',
  扩展参数: 'JSON：文件/图片 {"uploadnum":2} 限制个数，开关 {"switchOptions":["Y","N"]}；不需要时留空',
  字段校验规则: '保存前检查的格式：手机号、邮箱、数字…，或自定义正则',
  必填: '表单中必须填写（提示“xx不能为空”）',
  字典table: '下拉框取自一张表时填表名；用数据字典时留空',
  字典code: '数据字典编码（下拉框、单选、多选）或分类根节点（分类字典树）；填了字典table时是值字段',
  字典text: '字典table 的显示字段',
  主表名: '附表用来关联主表的字段：选择主表（主表字段为 id）',
  主表字段: '主表中被关联的字段，通常是 id',
};
