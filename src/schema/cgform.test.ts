import { describe, expect, it } from 'vitest';
import { checkPageSchema } from './check';
import { designToSchema, DesignError, schemaToDesign, type Design, type DesignField } from './cgform';

const f = (dbFieldName: string, more: Partial<DesignField> = {}): DesignField => ({ dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 1, ...more });

const design: Design = {
  head: { tableName: 'Demo_Project', tableTxt: '演示项目', tableType: 1 },
  fields: [
    f('id', { dbIsKey: 1 }), f('create_by', { isShowList: 0 }), f('create_time', { dbType: 'Datetime', isShowList: 1 }),
    f('project_name', { dbFieldTxt: '项目名称', fieldMustInput: '1', isQuery: 1, fieldValidType: 'only', orderNum: 1 }),
    f('budget', { dbFieldTxt: '预算', dbType: 'BigDecimal', dbLength: 12, dbPointLength: 2, fieldShowType: 'number', orderNum: 2 }),
    f('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', isQuery: 1, orderNum: 3 }),
    f('owner_post', { dbFieldTxt: '职务', fieldShowType: 'sel_search', dictTable: 'sys_position', dictField: 'code', dictText: 'name', orderNum: 4 }),
    f('depart_id', { dbFieldTxt: '部门', fieldShowType: 'sel_tree', dictTable: 'sys_depart', dictText: 'id,parent_id,depart_name,has_child', orderNum: 5 }),
    f('category', { dbFieldTxt: '分类', fieldShowType: 'cat_tree', dictField: 'A02', orderNum: 6 }),
    f('post_name', { dbFieldTxt: '弹窗', fieldShowType: 'popup', dictTable: 'demo_posts', dictField: 'name,code', dictText: 'post_name,post_code', fieldExtendJson: '{"popupMulti":true}', orderNum: 7 }),
    f('phone', { dbFieldTxt: '手机', fieldValidType: 'm', orderNum: 8 }),
    f('start_date', { dbFieldTxt: '开始', dbType: 'Date', fieldShowType: 'date', isQuery: 1, queryMode: 'group', orderNum: 9 }),
    f('enabled', { dbFieldTxt: '启用', fieldShowType: 'switch', fieldExtendJson: '[1,0]', dbType: 'int', orderNum: 10 }),
  ],
  indexs: [{ indexField: 'level,start_date' }, { indexField: 'phone', indexType: 'unique' }],
};

describe('designToSchema', () => {
  const schema = designToSchema(design);

  it('gives a page schema the loader accepts', () => {
    expect(() => checkPageSchema(JSON.parse(JSON.stringify(schema)), 'design')).not.toThrow();
    expect(schema).toMatchObject({ code: 'demo_project', table: 'demo_project', title: '演示项目', api: '/online/data/demo_project' });
  });

  it('keeps id and audit columns to the engine, listing those the design shows', () => {
    expect(schema.fields.map((x) => x.name)).toEqual(['createTime', 'projectName', 'budget', 'level', 'ownerPost', 'departId', 'category', 'postName', 'phone', 'startDate', 'enabled']);
    expect(schema.fields[0]).toMatchObject({ type: 'datetime', list: true, form: false });
  });

  it('maps types, validation and queries', () => {
    const by = Object.fromEntries(schema.fields.map((x) => [x.name, x]));
    expect(by.projectName).toMatchObject({ label: '项目名称', required: true, unique: true, query: 'single' });
    expect(by.budget).toMatchObject({ type: 'decimal', length: 12, scale: 2, view: 'number' });
    expect(by.phone).toMatchObject({ pattern: '^1[3-9]\\d{9}$', patternMessage: '请输入正确的手机号码', unique: true });
    expect(by.startDate).toMatchObject({ type: 'date', query: 'group' });
    expect(by.enabled.extend).toEqual({ switchOptions: [1, 0] });
  });

  it('reads each widget’s dictionary settings the JeecgBoot way', () => {
    const by = Object.fromEntries(schema.fields.map((x) => [x.name, x]));
    expect(by.level.dict).toEqual({ code: 'priority' });
    expect(by.ownerPost.dict).toEqual({ table: 'sys_position', text: 'name', value: 'code' });
    expect(by.departId).toMatchObject({ dict: { table: 'sys_depart', text: 'departName', value: 'id' }, extend: { pidField: 'parentId', hasChildField: 'hasChild' } });
    expect(by.category.extend).toEqual({ pcode: 'A02' });
    expect(by.postName.extend).toEqual({ popupCode: 'demo_posts', orgFields: 'name,code', destFields: 'post_name,post_code', popupMulti: true });
  });

  it('turns one-column indexes into field flags and keeps composite ones', () => {
    expect(schema.indexes).toEqual([{ columns: ['level', 'startDate'] }]);
  });

  it('makes tree and main/sub pages', () => {
    const tree = designToSchema({ head: { tableName: 'demo_type', tableTxt: '类型', isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'type_name' },
      fields: [f('pid'), f('has_child', { dbLength: 3 }), f('type_name')] });
    expect(tree).toMatchObject({ kind: 'tree', tree: { pidField: 'pid', hasChildField: 'hasChild', textField: 'typeName' } });
    const fk = (o: Partial<DesignField> = {}) => f('order_id', { dbLength: 32, mainTable: 'demo_order', mainField: 'id', ...o });
    const note = designToSchema({ head: { tableName: 'demo_note', tableTxt: '备注', tableType: 3, relationType: 1 }, fields: [f('note'), fk()] });
    const line = designToSchema({ head: { tableName: 'demo_line', tableTxt: '明细', tableType: 3, relationType: 0 }, fields: [fk(), f('item')] });
    expect(line).toMatchObject({ kind: 'sub', main: { table: 'demo_order', foreignKey: 'orderId', display: 'table' } });
    // The server writes the main row's id into the foreign key: it is never a form input.
    expect(line.fields.find((x) => x.name === 'orderId')?.form).toBe(false);
    const other = { ...line, table: 'demo_other', code: 'demo_other', main: { table: 'demo_elsewhere', foreignKey: 'orderId' } };
    const main = designToSchema({ head: { tableName: 'demo_order', tableTxt: '订单', tableType: 2 }, fields: [f('order_no')] }, { subs: [note, other, line] });
    expect(main.subTables).toEqual([{ code: 'demo_line', foreignKey: 'orderId', display: 'table' }, { code: 'demo_note', foreignKey: 'orderId', display: 'tabs' }]);
    // The designer shows the link on the foreign key's row and the relation on the head, and saving it again gives the same schema.
    const opened = schemaToDesign(note);
    expect(opened.head).toMatchObject({ tableType: 3, relationType: 1 });
    expect(opened.fields.find((x) => x.dbFieldName === 'order_id')).toMatchObject({ mainTable: 'demo_order', mainField: 'id' });
    expect(designToSchema(opened)).toEqual(note);
  });

  it.each([
    [[f('a')], '附表需要且只能有一个外键字段：在“外键”中为关联主表的字段填写主表名和主表字段'],
    [[f('a', { mainTable: 'm', dbLength: 32 }), f('b', { mainTable: 'm', dbLength: 32 })], '附表需要且只能有一个外键字段：在“外键”中为关联主表的字段填写主表名和主表字段'],
    [[f('a', { mainTable: 'demo', dbLength: 32 })], '附表不能以自己为主表'],
    [[f('a', { mainTable: 'm', mainField: 'code', dbLength: 32 })], '外键字段「a」只能关联主表的 id 字段'],
    [[f('a', { mainTable: 'm', dbLength: 10 })], '外键字段「a」必须是长度不小于32的 string 类型（存放主表的 id）'],
    [[f('a', { mainTable: 'Bad-Name', dbLength: 32 })], '主表名「bad-name」不合法：只能用小写字母、数字和下划线，以字母开头，下划线后跟字母'],
  ] as [DesignField[], string][])('refuses a sub table without one good foreign key: %#', (fields, message) => {
    expect(() => designToSchema({ head: { tableName: 'demo', tableTxt: 'x', tableType: 3 }, fields })).toThrow(new DesignError(message));
  });

  it('refuses a foreign key outside a sub table and a tree that is a main or sub table', () => {
    expect(() => designToSchema({ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a', { mainTable: 'm' })] })).toThrow(new DesignError('只有附表可以设置外键（字段「a」）'));
    expect(() => designToSchema({ head: { tableName: 'demo', tableTxt: 'x', tableType: 2, isTree: 'Y' }, fields: [f('a')] })).toThrow(new DesignError('树表只能是单表，不能是主表或附表'));
    expect(() => designToSchema({ head: { tableName: 'demo', tableTxt: 'x', tableType: 7 }, fields: [f('a')] })).toThrow(new DesignError('表类型只能是单表、主表或附表'));
  });

  it.each([
    [{ head: { tableName: 'sys_evil', tableTxt: 'x' }, fields: [f('a')] }, '表名「sys_evil」以系统保留前缀开头（sys_、onl_、qrtz_）'],
    [{ head: { tableName: 'bad-name', tableTxt: 'x' }, fields: [f('a')] }, '表名「bad-name」不合法：只能用小写字母、数字和下划线，以字母开头，下划线后跟字母'],
    [{ head: { tableName: 'demo', tableTxt: '' }, fields: [f('a')] }, '表描述不能为空'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('field_1')] }, '字段名「field_1」不合法：只能用小写字母、数字和下划线，以字母开头，下划线后跟字母'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a'), f('A')] }, '字段名「a」重复'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('id')] }, '至少需要一个业务字段'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a', { dbType: 'geometry' })] }, '字段「a」的类型「geometry」不支持'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a', { fieldShowType: 'link_table' })] }, '字段「a」的控件类型「link_table」不支持'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a', { fieldExtendJson: '{oops' })] }, '字段「a」的扩展参数不是JSON对象'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a', { fieldValidType: '([' })] }, '字段「a」的校验规则不是正则表达式'],
    [{ head: { tableName: 'demo', tableTxt: 'x', isTree: 'Y' }, fields: [f('a')] }, '树表需要设置父ID字段、是否有子节点字段和树显示字段'],
    [{ head: { tableName: 'demo', tableTxt: 'x' }, fields: [f('a')], indexs: [{ indexField: 'b' }] }, '索引字段「b」不在字段列表中'],
  ] as [Design, string][])('refuses a bad design: %#', (d, message) => {
    expect(() => designToSchema(d)).toThrow(new DesignError(message));
  });
});

describe('schemaToDesign', () => {
  it('round-trips: a schema opened in the designer and saved again is the same schema', () => {
    const schema = designToSchema(design);
    const again = designToSchema(schemaToDesign(schema));
    expect(again).toEqual(schema);
  });

  it('lists id and the audit columns first, as the JeecgBoot designer does', () => {
    const d = schemaToDesign(designToSchema(design));
    expect(d.fields.slice(0, 3).map((x) => x.dbFieldName)).toEqual(['id', 'create_by', 'update_by']);
    expect(d.fields.find((x) => x.dbFieldName === 'id')).toMatchObject({ dbIsKey: 1, isShowForm: 0 });
    expect(d.indexs).toContainEqual({ indexName: 'idx_demo_project_level_start_date', indexField: 'level,start_date', indexType: 'normal' });
  });
});
