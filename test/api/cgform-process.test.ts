import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';
import { designField as field } from '../helpers/cgform-design.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A process designed in the browser (issue 38): an online form's states, transitions and row rules,
 * saved with the form, checked on save, put in force by the sync and run by the same engine as a
 * schema file's workflow, under the contract's online paths.
 */
describe(`online form process [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string, applicant: string, other: string, reviewer: string;
  let headId: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    reviewer = await s.login('reviewer');
    other = await addUserWithRole(s, admin, 'applicant2', '第二申请人', 'applicant');
  });
  afterAll(async () => { await s?.close(); });

  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });
  const fields = [
    field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
    field('patent_name', { dbFieldTxt: '专利名称', fieldMustInput: '1', orderNum: 1 }),
    field('review_note', { dbFieldTxt: '审核意见', dbLength: 500, isShowForm: 0, orderNum: 2 }),
    field('reviewed_at', { dbFieldTxt: '审核时间', dbType: 'Datetime', fieldShowType: 'datetime', isShowForm: 0, orderNum: 3 }),
  ];
  const process = (over: Record<string, unknown> = {}): any => ({
    states: [
      { value: 'draft', label: '草稿', color: '#8c8c8c' },
      { value: 'pending', label: '待审核', color: '#1677ff' },
      { value: 'passed', label: '已通过', color: '#52c41a', final: true },
      { value: 'returned', label: '已退回', color: '#ff4d4f' },
    ],
    workflow: {
      field: 'state', initial: 'draft', editable: ['draft', 'returned'],
      transitions: [
        { name: 'submit', label: '提交', from: ['draft', 'returned'], to: 'pending', notify: { role: 'reviewer' } },
        { name: 'pass', label: '通过', from: ['pending'], to: 'passed', opinion: 'optional', stamp: { reviewNote: 'opinion', reviewedAt: 'now' }, notify: 'owner', batch: true },
        { name: 'reject', label: '退回', from: ['pending'], to: 'returned', opinion: 'required', notify: 'owner' },
      ],
    },
    rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending', 'passed', 'returned'] }],
    record: { noun: '专利', title: 'patentName' },
    roles: { submit: ['applicant'], pass: ['reviewer'], reject: ['reviewer'] },
    ...over,
  });
  const design = (p: unknown, head: Record<string, unknown> = {}) => ({ head: { tableName: 'demo_patent', tableTxt: '专利申请', tableType: 1, ...head }, fields, indexs: [], process: p });
  const fire = (id: string, transition: string, token: string, more: Record<string, unknown> = {}) =>
    s.api.post(`/online/cgform/api/transition/${headId}`, { id, transition, ...more }, { token });
  const list = async (token: string) => expectOk(await s.api.get(`/online/cgform/api/getData/${headId}?pageSize=50`, { token })).records as any[];
  const add = async (name: string, token = applicant) => {
    expectOk(await s.api.post(`/online/cgform/api/form/${headId}`, { patentName: name, state: 'passed' }, { token }), '添加成功！');
    return (await (s.db as any).selectFrom('demo_patent').selectAll().where('patentName', '=', name).executeTakeFirstOrThrow()) as any;
  };

  it('refuses a bad design, naming the tab and the row', async () => {
    const bad = (p: unknown) => s.api.post('/online/cgform/api/addAll', design(p), { token: admin });
    const base = process();
    const t = base.workflow.transitions;
    refused(await bad(process({ workflow: { ...base.workflow, transitions: [{ ...t[0], from: ['drafty'] }, t[1], t[2]] } })), 400, /流程 · 流转第1行「提交」：起始状态「drafty」不存在/);
    refused(await bad(process({ states: base.states.map((x: any) => ({ ...x, final: false })) })), 400, /流程 · 状态第3行「已通过」：不是结束状态，却没有流转可以离开它/);
    refused(await bad(process({ roles: { pass: ['boss'] } })), 400, /流程 · 流转第2行「通过」：角色「boss」不存在/);
    refused(await bad(process({ rowRules: [{ role: 'nobody', own: true }] })), 400, /数据权限 · 第1行「nobody」：角色「nobody」不存在/);
    refused(await bad(process({ rowRules: [{ role: 'applicant' }] })), 400, /数据权限 · 第1行「applicant」：至少选择一个条件/);
    refused(await bad(process({ workflow: { ...base.workflow, transitions: [t[0], { ...t[1], stamp: { reviewedAt: 'user', reviewNote: 'opinion' } }, t[2]] } })), 400, '流程 · 流转第2行「通过」：字段「审核时间」不能记录处理人');
    // what only the meta-schema knows is said as the tab and row too
    refused(await bad(process({ workflow: { ...base.workflow, transitions: [t[0], t[1], { ...t[2], confirm: 'x'.repeat(300) }] } })), 400, /^流程 · 流转第3行：/);
    refused(await bad({ states: 'x', workflow: {} }), 400, /process/);
    // shapes the designer never sends are refused, never a server error
    refused(await bad(process({ rowRules: [{ role: 'applicant', via: 'x' }] })), 400, /数据权限 · 第1行/);
    refused(await bad(process({ workflow: { ...base.workflow, field: 'bad field', transitions: [{ ...t[0], notify: [null, { x: 1 }] }, t[1], t[2]] } })), 400, /流程 · 流转第1行「提交」：通知对象只能是创建人、用户字段或角色/);
    refused(await bad(process({ workflow: { ...base.workflow, field: 'Bad_Field' } })), 400, /^流程：/);
    expect(await (s.db as any).selectFrom('onl_cgform_head').select('id').where('tableName', '=', 'demo_patent').executeTakeFirst()).toBeUndefined();
  });

  it('stores the design with the form, and the sync puts the workflow, row rules, state dictionary and buttons in force', async () => {
    headId = expectOk(await s.api.post('/online/cgform/api/addAll', design(process()), { token: admin }), '添加成功！');
    const stored = expectOk(await s.api.get(`/online/cgform/api/process/${headId}`, { token: admin }));
    expect(stored).toEqual(process());
    expect((await s.api.get(`/online/cgform/api/process/${headId}`, { token: applicant })).status).toBe(403);
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }));
    const roles = expectOk(await s.api.get('/sys/role/list?pageSize=50', { token: admin })).records;
    const roleIds = roles.filter((r: any) => ['applicant', 'reviewer'].includes(r.roleCode)).map((r: any) => r.id);
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId, roleIds }, { token: admin }), '已添加到菜单');
    const page = expectOk(await s.api.get('/sys/schema/page?code=demo_patent', { token: applicant }));
    expect(page.workflow).toMatchObject({ field: 'state', initial: 'draft', editable: ['draft', 'returned'] });
    expect(page.rowRules).toHaveLength(2);
    const actions = async (token: string) => expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token })).auth.map((a: any) => a.action);
    expect(await actions(applicant)).toContain('online:demo_patent:submit');
    expect(await actions(applicant)).not.toContain('online:demo_patent:pass');
    expect(await actions(reviewer)).toEqual(expect.arrayContaining(['online:demo_patent:pass', 'online:demo_patent:reject']));
    expect(await actions(reviewer)).not.toContain('online:demo_patent:submit');
  });

  it('starts rows in the initial state; each role reaches the rows its rules give, on every read path', async () => {
    const mine = await add('一种折叠伞');
    expect(mine.state).toBe('draft');
    const theirs = await add('一种雨衣', other);
    expect((await list(applicant)).map((r) => [r.patentName, r.state_dictText])).toEqual([['一种折叠伞', '草稿']]);
    expect((await list(reviewer))).toEqual([]);
    expect((await list(admin)).length).toBe(2);
    refused(await s.api.get(`/online/cgform/api/form/${headId}/${theirs.id}`, { token: applicant }), 200, '未找到对应数据');
    refused(await s.api.get(`/online/cgform/api/form/${headId}/${mine.id}`, { token: reviewer }), 200, '未找到对应数据');
    refused(await s.api.get(`/online/cgform/api/history/${headId}?id=${mine.id}`, { token: reviewer }), 404, '未找到对应数据');
    // edit and delete of a row the user does not reach: not there
    refused(await s.api.put(`/online/cgform/api/form/${headId}`, { id: theirs.id, patentName: '改别人的' }, { token: applicant }), 200, '未找到对应数据');
    refused(await s.api('DELETE', `/online/cgform/api/form/${headId}/${theirs.id}`, { token: applicant }), 404, '未找到对应数据');
    const exported = await s.api.get(`/online/cgform/api/exportXls/${headId}`, { token: applicant });
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain('一种雨衣');
  });

  it('fires transitions through the online path: the wrong role is refused, the lock holds, history and notices follow', async () => {
    const row = (await list(applicant)).find((r) => r.patentName === '一种折叠伞');
    refused(await fire(row.id, 'pass', applicant), 403, /无权|没有权限|权限/);
    refused(await fire(row.id, 'submit', reviewer), 403, /无权|没有权限|权限/);
    expectOk(await fire(row.id, 'submit', applicant), '提交成功！');
    // 待审核 is not editable: neither the applicant nor the reviewer edits or deletes it
    refused(await s.api.put(`/online/cgform/api/form/${headId}`, { id: row.id, patentName: '改' }, { token: applicant }), 409, '当前状态「待审核」不能修改');
    refused(await s.api('DELETE', `/online/cgform/api/form/${headId}/${row.id}`, { token: applicant }), 409, '当前状态「待审核」不能删除');
    expect((await list(reviewer)).map((r) => r.patentName)).toEqual(['一种折叠伞']);
    refused(await fire(row.id, 'reject', reviewer), 400, '请填写退回意见');
    expectOk(await fire(row.id, 'reject', reviewer, { opinion: '权利要求不清楚' }), '退回成功！');
    expectOk(await s.api.put(`/online/cgform/api/form/${headId}`, { id: row.id, patentName: '一种可折叠的伞' }, { token: applicant }), '编辑成功!');
    expectOk(await fire(row.id, 'submit', applicant), '提交成功！');
    expectOk(await fire(row.id, 'pass', reviewer, { opinion: '同意' }), '通过成功！');
    const stored = await (s.db as any).selectFrom('demo_patent').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ state: 'passed', reviewNote: '同意' });
    expect(stored.reviewedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const history = expectOk(await s.api.get(`/online/cgform/api/history/${headId}?id=${row.id}`, { token: applicant }));
    expect(history.map((h: any) => [h.transitionText, h.fromState_dictText, h.toState_dictText, h.createBy, h.opinion])).toEqual([
      ['提交', '草稿', '待审核', 'applicant', null],
      ['退回', '待审核', '已退回', 'reviewer', '权利要求不清楚'],
      ['提交', '已退回', '待审核', 'applicant', null],
      ['通过', '待审核', '已通过', 'reviewer', '同意'],
    ]);
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: applicant }));
    expect(bell.sysMsgList.map((m: any) => m.titile)).toEqual(expect.arrayContaining(['专利「一种可折叠的伞」已通过', '专利「一种折叠伞」已退回']));
    const reviewerBell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: reviewer }));
    expect(reviewerBell.sysMsgList.map((m: any) => m.titile)).toContain('专利「一种可折叠的伞」已提交');
    // the paths of the renderer answer the same
    expect(expectOk(await s.api.get(`/online/data/demo_patent/history?id=${row.id}`, { token: applicant }))).toHaveLength(4);
  });

  it('of two reviewers firing at once on one row, exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const r = await add(`抢答${round}`);
      expectOk(await fire(r.id, 'submit', applicant));
      const [a, b] = await Promise.all([fire(r.id, 'pass', reviewer), fire(r.id, 'reject', admin, { opinion: '不行' })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(expectOk(await s.api.get(`/online/cgform/api/history/${headId}?id=${r.id}`, { token: admin }))).toHaveLength(2);
    }
  });

  it('an import through the online path starts every row in the initial state, owned by the importer', async () => {
    const { writeWorkbook } = await import('../../src/server/crud/excel-write.js');
    const schema = s.app.ctx.schemas.get('demo_patent')!;
    const sheet = await writeWorkbook(schema, [{ patentName: '导入的专利', state: 'passed' }], 'test');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(sheet)]), 'patents.xlsx');
    const res = await fetch(`${s.apiUrl}/online/cgform/api/importXls/${headId}`, { method: 'POST', body: form, headers: { 'X-Access-Token': applicant } });
    expect((await res.json() as any).message).toBe('文件导入成功！数据行数：1');
    const row = await (s.db as any).selectFrom('demo_patent').select(['state', 'createBy']).where('patentName', '=', '导入的专利').executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'draft', createBy: 'applicant' });
  });

  it('changes a live process safely: a state rows are in is not dropped; a renamed state takes its rows along', async () => {
    const r = await add('待退回');
    expectOk(await fire(r.id, 'submit', applicant));
    expectOk(await fire(r.id, 'reject', reviewer, { opinion: '补充材料' }));
    const base = process();
    const dropped = process({
      states: base.states.filter((x: any) => x.value !== 'returned'),
      workflow: { ...base.workflow, editable: ['draft'], transitions: [{ ...base.workflow.transitions[0], from: ['draft'] }, base.workflow.transitions[1]] },
      rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending', 'passed'] }],
      roles: { submit: ['applicant'], pass: ['reviewer'] },
    });
    const count = await (s.db as any).selectFrom('demo_patent').select((eb: any) => eb.fn.countAll().as('n')).where('state', '=', 'returned').executeTakeFirst();
    refused(await s.api.put('/online/cgform/api/editAll', design(dropped, { id: headId }), { token: admin }), 400,
      `流程 · 状态「已退回」：还有 ${Number(count.n)} 条数据处于该状态，不能删除（可改名，或先把这些数据流转到其他状态）`);

    const rename = (v: string) => (v === 'returned' ? 'sent_back' : v);
    const renamed = process({
      states: base.states.map((x: any) => (x.value === 'returned' ? { ...x, value: 'sent_back', label: '已驳回', was: 'returned' } : x)),
      workflow: { ...base.workflow, editable: ['draft', 'sent_back'], transitions: base.workflow.transitions.map((t: any) => ({ ...t, from: t.from.map(rename), to: rename(t.to) })) },
      rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending', 'passed', 'sent_back'] }],
    });
    expectOk(await s.api.put('/online/cgform/api/editAll', design(renamed, { id: headId }), { token: admin }), '修改成功！');
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }));
    expect((await (s.db as any).selectFrom('demo_patent').select('state').where('id', '=', r.id).executeTakeFirstOrThrow()).state).toBe('sent_back');
    expect(await (s.db as any).selectFrom('demo_patent').select('id').where('state', '=', 'returned').execute()).toEqual([]);
    const history = expectOk(await s.api.get(`/online/cgform/api/history/${headId}?id=${r.id}`, { token: applicant }));
    expect(history.map((h: any) => h.toState_dictText)).toEqual(['待审核', '已驳回']);
    expect((await list(applicant)).find((x) => x.id === r.id).state_dictText).toBe('已驳回');
    // the rename is done: the stored design forgets it
    expect(expectOk(await s.api.get(`/online/cgform/api/process/${headId}`, { token: admin })).states.some((x: any) => x.was)).toBe(false);
    expectOk(await fire(r.id, 'submit', applicant), '提交成功！');
    // a version restored brings back its process with its page
    expectOk(await s.api.post('/online/cgform/head/restore', { id: headId, version: 1 }, { token: admin }));
    expect(expectOk(await s.api.get(`/online/cgform/api/process/${headId}`, { token: admin }))).toEqual(process());
  });

  it('a change to the transitions follows into the menu: a new one gets its button for its roles, a dropped one loses it', async () => {
    const base = process();
    const rename = (v: string) => (v === 'returned' ? 'sent_back' : v);
    const withdraw = process({
      states: base.states.map((x: any) => (x.value === 'returned' ? { ...x, value: 'sent_back', label: '已驳回' } : x)),
      workflow: {
        ...base.workflow, editable: ['draft', 'sent_back'],
        transitions: [...base.workflow.transitions.filter((t: any) => t.name !== 'pass').map((t: any) => ({ ...t, from: t.from.map(rename), to: rename(t.to) })),
          { name: 'withdraw', label: '撤回', from: ['pending'], to: 'draft' },
          { name: 'approve', label: '通过', from: ['pending'], to: 'passed' }],
      },
      rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending', 'passed', 'sent_back'] }],
      roles: { submit: ['applicant'], withdraw: ['applicant'], reject: ['reviewer'], approve: ['reviewer'] },
    });
    expectOk(await s.api.put('/online/cgform/api/editAll', design(withdraw, { id: headId }), { token: admin }), '修改成功！');
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }));
    const actions = async (token: string) => expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token })).auth.map((a: any) => a.action);
    expect(await actions(applicant)).toContain('online:demo_patent:withdraw');
    expect(await actions(reviewer)).toContain('online:demo_patent:approve');
    expect(await actions(reviewer)).not.toContain('online:demo_patent:pass');
    expect(await (s.db as any).selectFrom('sys_permission').select('id').where('perms', '=', 'online:demo_patent:pass').execute()).toEqual([]);
  });
});

/** The sub tables of an online main form follow the main's lock and scope (issue 36). */
describe(`online main form with a process: its sub rows [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string, applicant: string, reviewer: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    reviewer = await s.login('reviewer');
  });
  afterAll(async () => { await s?.close(); });

  it('checks the process again at the sync: a role deleted since the save is named', async () => {
    expectOk(await s.api.post('/sys/role/add', { roleName: '临时角色', roleCode: 'temp_role' }, { token: admin }));
    const headId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_leave', tableTxt: '请假', tableType: 1 }, fields: [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), field('reason')], indexs: [],
      process: {
        states: [{ value: 'draft', label: '草稿' }, { value: 'done', label: '已批', final: true }],
        workflow: { field: 'state', initial: 'draft', transitions: [{ name: 'approve', label: '批准', from: ['draft'], to: 'done' }] },
        roles: { approve: ['temp_role'] },
      },
    }, { token: admin }));
    const role = await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', '=', 'temp_role').executeTakeFirstOrThrow();
    expectOk(await s.api('DELETE', `/sys/role/delete?id=${role.id}`, { token: admin }));
    expectEnvelope(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }), { status: 400, success: false, message: '流程 · 流转第1行「批准」：角色「temp_role」不存在' });
    expect(await (s.db as any).selectFrom('onl_cgform_head').select('isDbSynch').where('id', '=', headId).executeTakeFirstOrThrow()).toEqual({ isDbSynch: 'N' });
  });

  it('edits no sub row of a submitted main row, and shows none of a main row the reader does not reach', async () => {
    const id = field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 });
    const mainId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_claim', tableTxt: '报销单', tableType: 2 }, fields: [id, field('claim_no', { dbFieldTxt: '单号' })], indexs: [],
      process: {
        states: [{ value: 'draft', label: '草稿' }, { value: 'pending', label: '待审核', final: true }],
        workflow: { field: 'state', initial: 'draft', editable: ['draft'], transitions: [{ name: 'submit', label: '提交', from: ['draft'], to: 'pending' }] },
        rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending'] }],
        roles: { submit: ['applicant'] },
      },
    }, { token: admin }));
    expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_claim_item', tableTxt: '报销明细', tableType: 3, relationType: 0 },
      fields: [id, field('item', { dbFieldTxt: '费用' }), field('claim_id', { dbFieldTxt: '报销单', dbLength: 32, mainTable: 'demo_claim', mainField: 'id' })], indexs: [],
    }, { token: admin }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${mainId}/normal`, {}, { token: admin }));
    const roleIds = (await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', 'in', ['applicant', 'reviewer']).execute()).map((r: any) => r.id);
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: mainId, roleIds }, { token: admin }));

    expectOk(await s.api.post('/online/cgform/api/form/demo_claim', { claimNo: 'B1', demo_claim_itemList: [{ item: '车费' }] }, { token: applicant }));
    const claim = await (s.db as any).selectFrom('demo_claim').selectAll().where('claimNo', '=', 'B1').executeTakeFirstOrThrow();
    const item = await (s.db as any).selectFrom('demo_claim_item').selectAll().where('claimId', '=', claim.id).executeTakeFirstOrThrow();
    // a draft: the reviewer reaches neither it nor its items
    expectEnvelope(await s.api.get(`/online/data/demo_claim/subList/demo_claim_item?mainId=${claim.id}`, { token: reviewer }), { status: 404, success: false, message: '未找到对应数据' });
    expectOk(await s.api.put('/online/cgform/api/form/demo_claim', { id: claim.id, claimNo: 'B1', demo_claim_itemList: [{ id: item.id, item: '出租车费' }] }, { token: applicant }));
    expectOk(await s.api.post(`/online/cgform/api/transition/${mainId}`, { id: claim.id, transition: 'submit' }, { token: applicant }), '提交成功！');
    expect(expectOk(await s.api.get(`/online/data/demo_claim/subList/demo_claim_item?mainId=${claim.id}`, { token: reviewer })).records.map((r: any) => r.item)).toEqual(['出租车费']);
    // submitted: its items are locked with it
    expectEnvelope(await s.api.put('/online/cgform/api/form/demo_claim', { id: claim.id, claimNo: 'B1', demo_claim_itemList: [{ id: item.id, item: '改' }] }, { token: applicant }),
      { status: 409, success: false, message: '当前状态「待审核」不能修改' });
    expectEnvelope(await s.api.put('/online/cgform/api/form/demo_claim', { id: claim.id, claimNo: 'B1', demo_claim_itemList: [{ id: item.id, item: '出租车费' }, { item: '加' }] }, { token: applicant }),
      { status: 409, success: false, message: '当前状态「待审核」不能修改' });
    expect((await (s.db as any).selectFrom('demo_claim_item').select('item').where('claimId', '=', claim.id).execute()).map((r: any) => r.item)).toEqual(['出租车费']);
  });
});
