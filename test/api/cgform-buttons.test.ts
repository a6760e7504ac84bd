import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { designField } from '../helpers/cgform-design.js';

/**
 * Custom buttons and enhancement records of an online form (SPEC §9): data checked when saved,
 * capped at 16 a form, run on the server with the button's permission, never code.
 */
describe(`online form custom buttons and enhancements [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let headId: string;
  let rowIds: string[];
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    const field = designField;
    headId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_ticket', tableTxt: '工单', tableType: 1 },
      fields: [
        field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
        field('title', { dbFieldTxt: '标题', fieldMustInput: '1', orderNum: 1 }),
        field('state', { dbFieldTxt: '状态', dbLength: 10, orderNum: 2 }),
        field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', orderNum: 3 }),
        field('amount', { dbFieldTxt: '金额', dbType: 'int', dbLength: 10, orderNum: 4 }),
        field('handler', { dbFieldTxt: '处理人', orderNum: 5 }),
        field('handle_time', { dbFieldTxt: '处理时间', dbType: 'Datetime', fieldShowType: 'datetime', orderNum: 6 }),
        field('copy_title', { dbFieldTxt: '标题副本', dbLength: 64, orderNum: 7 }),
      ],
      indexs: [],
    }, { token }));
  });
  afterAll(async () => { await s?.close(); });

  const refused = async (p: Promise<Awaited<ReturnType<TestServer['api']['get']>>>, message: string | RegExp, status = 400) => expectEnvelope(await p, { status, success: false, message });
  const button = (code: string, more: Record<string, unknown> = {}) => ({
    cgformHeadId: headId, buttonCode: code, buttonName: `按钮${code}`, buttonStyle: 'link', optType: 'action', buttonStatus: '1',
    optSet: JSON.stringify({ state: 'done' }), orderNum: 1, ...more,
  });
  const addButton = (b: Record<string, unknown>, t = token) => s.api.post('/online/cgform/button/add', b, { token: t });
  const enhance = (more: Record<string, unknown>) => ({ cgformHeadId: headId, buttonCode: 'add', event: 'start', enhanceType: 'set', activeStatus: '1', ...more });
  const addEnhance = (e: Record<string, unknown>) => s.api.post('/online/cgform/enhance/add', e, { token });
  const rows = async () => expectOk(await s.api.get('/online/cgform/api/getData/demo_ticket?column=title&order=asc', { token })).records;

  it('refuses built-in codes, duplicate codes and unreadable rules with clear messages', async () => {
    expectOk(await addButton(button('approve', { optSet: JSON.stringify({ state: 'done', handler: '#{sysUserCode}', handleTime: '#{now}' }), exp: 'state != done', confirmText: '确定通过吗？' })), '添加成功！');
    await refused(addButton(button('approve')), '按钮编码「approve」已存在');
    for (const code of ['add', 'edit', 'delete', 'batch_delete', 'export', 'super_query', 'Update']) {
      await refused(addButton(button(code)), `按钮编码「${code}」是系统内置按钮，请换一个`);
    }
    await refused(addButton(button('bad1', { optSet: JSON.stringify({ nosuch: 1 }) })), '字段「nosuch」不存在或不可修改');
    await refused(addButton(button('bad2', { optSet: JSON.stringify({ createBy: 'x' }) })), '字段「createBy」不存在或不可修改');
    await refused(addButton(button('bad3', { optSet: 'UPDATE demo_ticket SET state = 1' })), '更新内容需为 JSON 对象，如 {"status": "2"}');
    await refused(addButton(button('bad4', { optSet: JSON.stringify({ state: '#{eval(1)}' }) })), /^未知的取值：#\{eval\(1\)\}/);
    await refused(addButton(button('bad5', { exp: 'alert(1)' })), /^条件格式错误/);
    await refused(addButton(button('bad6', { exp: 'nosuch == 1' })), '显示条件中的字段「nosuch」不存在');
    await refused(addButton(button('bad7', { optType: 'link', optUrl: 'javascript:alert(1)' })), '链接地址只能是 http(s):// 开头的网址或以 / 开头的站内路径');
    await refused(addButton(button('bad8', { optType: 'link', optUrl: '//evil.example/${id}' })), '链接地址只能是 http(s):// 开头的网址或以 / 开头的站内路径');
    await refused(addButton(button('bad9', { optType: 'js' })), '动作类型只能是 link 或 action');
    await refused(addButton(button('1abc')), /按钮编码以字母开头/);
    expectOk(await addButton(button('open', { buttonStyle: 'button', optType: 'link', optUrl: 'https://example.com/t?id=${id}&t=${title}', optSet: null })));
    const list = expectOk(await s.api.get(`/online/cgform/button/list/${headId}`, { token })).records;
    expect(list.map((b: any) => b.buttonCode).sort()).toEqual(['approve', 'open']);
  });

  it('caps buttons and enhancements at 16 per form (SPEC §9)', async () => {
    for (let i = 3; i <= 16; i++) expectOk(await addButton(button(`b${i}`, { buttonStatus: '0' })));
    await refused(addButton(button('b17')), '每个表单最多16个自定义按钮');
    const other = expectOk(await s.api.get('/online/cgform/button/list?cgformHeadId=' + headId + '&pageSize=30', { token }));
    expect(other.total).toBe(16);

    const ids: string[] = [];
    for (let i = 1; i <= 16; i++) {
      expectOk(await addEnhance(enhance({ targetField: 'copyTitle', targetValue: `v${i}`, activeStatus: '0', orderNum: 100 + i })));
    }
    await refused(addEnhance(enhance({ targetField: 'copyTitle', targetValue: 'x' })), '每个表单最多16个增强');
    const all = expectOk(await s.api.get(`/online/cgform/enhance/list?cgformHeadId=${headId}&pageSize=30`, { token })).records;
    ids.push(...all.map((r: any) => r.id));
    expectOk(await s.api('DELETE', `/online/cgform/enhance/deleteBatch?ids=${ids.join(',')}`, { token }));
  });

  it('enhancements set values before a save and refuse a save or a delete by condition', async () => {
    await refused(addEnhance(enhance({ targetField: 'nosuch', targetValue: '1' })), '字段「nosuch」不存在或不可修改');
    await refused(addEnhance(enhance({ enhanceType: 'refuse', message: '' })), '请填写拒绝提示');
    await refused(addEnhance(enhance({ buttonCode: 'query', targetField: 'state', targetValue: '1' })), '触发操作只能是 add、edit 或 delete');
    await refused(addEnhance(enhance({ buttonCode: 'delete', targetField: 'state', targetValue: '1' })), '删除只能在保存前（start）设置拒绝规则');
    await refused(addEnhance(enhance({ targetField: 'state', targetValue: 'x', condition: '1=1 OR title' })), /^条件格式错误/);

    expect((await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token })).status).toBe(200);
    const reviewerRole = expectOk(await s.api.get('/sys/role/list?roleCode=reviewer', { token })).records[0].id;
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId, roleIds: [reviewerRole] }, { token }), '已添加到菜单');

    expectOk(await addEnhance(enhance({ targetField: 'state', targetValue: 'new', orderNum: 1 })));
    expectOk(await addEnhance(enhance({ targetField: 'handler', targetValue: '#{sysUserCode}', orderNum: 2 })));
    expectOk(await addEnhance(enhance({ event: 'end', targetField: 'copyTitle', targetValue: '${title}', orderNum: 3 })));
    expectOk(await addEnhance(enhance({ enhanceType: 'refuse', condition: 'amount > 1000', message: '金额超过1000需走线下审批', orderNum: 4 })));
    expectOk(await addEnhance(enhance({ buttonCode: 'edit', enhanceType: 'refuse', condition: 'state == closed', message: '已关闭的工单不能修改' })));
    expectOk(await addEnhance(enhance({ buttonCode: 'delete', enhanceType: 'refuse', condition: 'state in done,closed', message: '已处理的工单不能删除' })));

    expectOk(await s.api.post('/online/cgform/api/form/demo_ticket', { title: '打印机', amount: 10, level: 'L' }, { token }));
    expectOk(await s.api.post('/online/cgform/api/form/demo_ticket', { title: '网络', amount: 20, level: 'M' }, { token }));
    await refused(s.api.post('/online/cgform/api/form/demo_ticket', { title: '服务器', amount: 5000 }, { token }), '金额超过1000需走线下审批');
    const list = await rows();
    expect(list.map((r: any) => r.title)).toEqual(['打印机', '网络']);
    expect(list[0]).toMatchObject({ state: 'new', handler: 'admin', copyTitle: '打印机' });
    rowIds = list.map((r: any) => r.id);

    expectOk(await s.api.put('/online/cgform/api/form/demo_ticket', { id: rowIds[1], state: 'closed' }, { token }));
    await refused(s.api.put('/online/cgform/api/form/demo_ticket', { id: rowIds[1], title: '网络2' }, { token }), '已关闭的工单不能修改');
    await refused(s.api('DELETE', `/online/cgform/api/form/demo_ticket/${rowIds[1]}`, { token }), '已处理的工单不能删除');
    expect((await rows()).length).toBe(2);
  });

  it("runs an action button's declared update for a user holding its permission, and no one else", async () => {
    const page = expectOk(await s.api.get('/online/cgform/api/buttons/demo_ticket', { token }));
    expect(page.map((b: any) => b.code)).toEqual(['approve', 'open']);
    expect(page[0]).toMatchObject({ style: 'link', optType: 'action', exp: 'state != done', confirm: '确定通过吗？', permission: 'online:demo_ticket:approve' });
    expect(page[0]).not.toHaveProperty('optSet');

    // "Add to menu" made the form's buttons permissions of its menu entry, held by the roles chosen.
    const reviewer = await s.login('reviewer');
    const auth = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: reviewer })).auth.map((a: any) => a.action);
    expect(auth).toEqual(expect.arrayContaining(['online:demo_ticket:approve', 'online:demo_ticket:open']));

    const res = await s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve', dataId: rowIds[0] }, { token: reviewer });
    expectOk(res, '执行成功!');
    const done = (await rows())[0];
    expect(done).toMatchObject({ state: 'done', handler: 'reviewer' });
    expect(done.handleTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The show condition holds on the server too: a done row is not approved again.
    await refused(s.api.post('/online/cgform/api/button/demo_ticket/approve', { dataId: rowIds[0] }, { token: reviewer }), '按钮「按钮approve」不适用于所选数据');

    const applicant = await s.login('applicant');
    expect((await s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve', dataId: rowIds[1] }, { token: applicant })).status).toBe(403);
    expect((await s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve', dataId: rowIds[1] })).status).toBe(401);
  });

  const removeButton = async (code: string) => {
    const id = expectOk(await s.api.get(`/online/cgform/button/list?cgformHeadId=${headId}&buttonCode=${code}`, { token })).records[0].id;
    expectOk(await s.api('DELETE', `/online/cgform/button/delete?id=${id}`, { token }));
  };

  it('a button added later is granted to the administrator at once; edit enhancements apply to button updates', async () => {
    await removeButton('b16');
    await removeButton('b15');
    expectOk(await addButton(button('reopen', { optSet: JSON.stringify({ state: 'new', level: 'H', amount: '42' }), exp: 'state in done,closed' })));
    expectOk(await s.api.post('/online/cgform/api/doButton', { formId: 'demo_ticket', buttonCode: 'reopen', dataId: rowIds[0] }, { token }), '执行成功!');
    expect((await rows())[0]).toMatchObject({ state: 'new', level: 'H', level_dictText: '紧急', amount: 42 });
    expectOk(await addEnhance(enhance({ buttonCode: 'edit', event: 'end', enhanceType: 'refuse', condition: 'amount > 1000', message: '金额超过1000需走线下审批' })));
    expectOk(await addButton(button('raise', { optSet: JSON.stringify({ amount: 5000 }) })));
    await refused(s.api.post('/online/cgform/api/doButton', { formId: 'demo_ticket', buttonCode: 'raise', dataId: rowIds.join(',') }, { token }), '金额超过1000需走线下审批');
    expect((await rows()).map((r: any) => r.amount)).toEqual([42, 20]);
  });

  it('answers hostile or broken calls with a clear 4xx', async () => {
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'nosuch', dataId: rowIds[0] }, { token }), '自定义按钮「nosuch」不存在或未启用', 404);
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'b3', dataId: rowIds[0] }, { token }), '自定义按钮「b3」不存在或未启用', 404);
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'open', dataId: rowIds[0] }, { token }), '按钮「按钮open」是链接按钮，没有可执行的操作');
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve' }, { token }), '缺少参数 dataId');
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve', dataId: "1' OR '1'='1" }, { token }), "数据ID格式不正确：1' OR '1'='1");
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'approve', dataId: 'nosuchrow' }, { token }), '未找到对应数据', 404);
    await refused(s.api.post('/online/cgform/api/doButton', { buttonCode: 'approve', dataId: rowIds[0] }, { token }), '缺少参数 formId');
    await refused(s.api.post('/online/cgform/api/doButton', { formId: 'nosuch_table', buttonCode: 'approve', dataId: rowIds[0] }, { token }), '表单不存在', 404);
    await removeButton('b14');
    // A literal the column could never take is refused when saved: too long, outside the dictionary, not a number.
    await refused(addButton(button('toolong', { optSet: JSON.stringify({ state: 'x'.repeat(11) }) })), '状态长度不能超过10个字符');
    await refused(addButton(button('sqlish', { optSet: JSON.stringify({ level: "H'; DROP TABLE demo_ticket; --" }) })), "级别的值「H'; DROP TABLE demo_ticket; --」不在字典中");
    await refused(addButton(button('nan', { optSet: JSON.stringify({ amount: '1 OR 1=1' }) })), '金额必须是数字');
    await refused(addEnhance(enhance({ targetField: 'level', targetValue: 'X' })), '级别的值「X」不在字典中');
    // A token's value is checked when it is run: the time does not fit a 10-character column.
    expectOk(await addButton(button('stamp', { optSet: JSON.stringify({ state: '#{now}' }), orderNum: 9 })));
    await refused(s.api.post('/online/cgform/api/doButton', { formId: headId, buttonCode: 'stamp', dataId: rowIds[0] }, { token }), '状态长度不能超过10个字符');
    const values = expectOk(await s.api.get(`/online/cgform/button/list?cgformHeadId=${headId}&buttonCode=stamp`, { token })).records[0];
    await refused(s.api.put('/online/cgform/button/edit', { ...values, optSet: JSON.stringify({ level: 'Z' }) }, { token }), '级别的值「Z」不在字典中');
    expect((await rows()).length).toBe(2);
    await refused(s.api.put('/online/cgform/button/edit', { ...values, buttonCode: 'approve' }, { token }), '按钮编码「approve」已存在');
    await refused(s.api.put('/online/cgform/button/edit', { ...values, cgformHeadId: 'elsewhere' }, { token }), '不能把按钮移到其他表单');
  });

  it('a deleted form takes its buttons and enhancements with it', async () => {
    const other = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_draft', tableTxt: '草稿', tableType: 1 },
      fields: [{ dbFieldName: 'id', dbFieldTxt: 'id', dbType: 'string', dbLength: 32, dbIsKey: 1 }, { dbFieldName: 'note', dbFieldTxt: '备注', dbType: 'string', dbLength: 64, isShowForm: 1 }],
      indexs: [],
    }, { token }));
    expectOk(await addButton({ ...button('mark', { optSet: JSON.stringify({ note: 'x' }) }), cgformHeadId: other }));
    expectOk(await addEnhance({ ...enhance({ targetField: 'note', targetValue: 'y' }), cgformHeadId: other }));
    expect(expectOk(await s.api.get('/online/cgform/button/list/demo_draft', { token })).total).toBe(1);
    expectOk(await s.api('DELETE', `/online/cgform/head/delete?id=${other}`, { token }));
    expect(expectOk(await s.api.get(`/online/cgform/button/list?cgformHeadId=${other}`, { token })).total).toBe(0);
    expect(expectOk(await s.api.get(`/online/cgform/enhance/list?cgformHeadId=${other}`, { token })).total).toBe(0);
    // The other form's rows stay.
    expect(expectOk(await s.api.get(`/online/cgform/button/list/${headId}`, { token })).total).toBe(16);
  });
});
