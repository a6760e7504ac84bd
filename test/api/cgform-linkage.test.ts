import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { designField } from '../helpers/cgform-design.js';

/**
 * Linkage rules of an online form: designed through the designer API (without code), checked at
 * save with a message naming the rule, and enforced by the engine on the form's add and edit.
 */
describe(`online form linkage rules [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const refused = (res: Awaited<ReturnType<TestServer['api']['get']>>, message: string) => expectEnvelope(res, { status: 400, success: false, message });
  const field = designField;
  const fields = [
    field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
    field('title', { dbFieldTxt: '标题', fieldMustInput: '1', orderNum: 1 }),
    field('kind', { dbFieldTxt: '类型', fieldShowType: 'radio', dictField: 'priority', orderNum: 2 }),
    field('reason', { dbFieldTxt: '加急原因', fieldMustInput: '1', orderNum: 3 }),
    field('budget', { dbFieldTxt: '预算', dbType: 'int', fieldShowType: 'number', orderNum: 4 }),
    field('approver', { dbFieldTxt: '审批人', orderNum: 5 }),
    field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', orderNum: 6 }),
  ];
  const rules = [
    // 加急原因 only for urgent requests (declared required: required while shown).
    { when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'reason', effect: 'show' } },
    // A budget over 1000 needs an approver.
    { when: { field: 'budget', op: 'gt', value: '1000' }, then: { field: 'approver', effect: 'require' } },
    // Routine requests can only be of level L or M.
    { when: { field: 'kind', op: 'in', value: ['L', 'M'] }, then: { field: 'level', effect: 'options', options: ['L', 'M'] } },
  ];
  const design = (linkage: unknown[], head: Record<string, unknown> = {}) => ({
    head: { tableName: 'demo_request', tableTxt: '申请', tableType: 1, linkage, ...head }, fields, indexs: [],
  });
  let headId: string;
  const form = () => `/online/cgform/api/form/${headId}`;
  const row = async (id: string) => expectOk(await s.api.get(`${form()}/${id}`, { token }));
  const idOf = async (title: string) => (expectOk(await s.api.get(`/online/cgform/api/getData/${headId}?title=${encodeURIComponent(title)}`, { token })).records[0]?.id as string);

  it('refuses a bad rule at save with a message naming it', async () => {
    const bad = (linkage: unknown[]) => s.api.post('/online/cgform/api/addAll', design(linkage), { token });
    refused(await bad([{ when: { field: 'nope', op: 'empty' }, then: { field: 'reason', effect: 'hide' } }]), '联动规则第1条：条件字段「nope」不在字段列表中');
    refused(await bad([rules[0], { when: { field: 'budget', op: 'eq', value: 'lots' }, then: { field: 'approver', effect: 'require' } }]),
      '表单配置有误：/linkage/1/when/value: rule 2 (when budget eq "lots" then require approver): "lots" is not a number, and "budget" is of type int');
    refused(await bad([{ when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'approver', effect: 'options', options: ['x'] } }]),
      '表单配置有误：/linkage/0/then/effect: rule 1 (when kind eq "H" then options approver ["x"]): options can only narrow a dictionary view (list, radio, checkbox, list_multi), and "approver" is text');
    refused(await bad([
      { when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'approver', effect: 'hide' } },
      { when: { field: 'approver', op: 'empty' }, then: { field: 'kind', effect: 'disable' } },
    ]), '表单配置有误：/linkage/0: rule 1 (when kind eq "H" then hide approver): is part of a cycle ("approver" leads back to "kind")');
    refused(await bad([{ when: { field: 'title', op: 'gt', value: 'a' }, then: { field: 'approver', effect: 'hide' } }]),
      '表单配置有误：/linkage/0/when/op: rule 1 (when title gt "a" then hide approver): operator gt needs a number, date or time field, and "title" is of type string');
    expect((await s.api.get('/online/cgform/head/list?tableName=demo_request', { token })).body.result.total).toBe(0);
  });

  it('keeps good rules through save, reopen and sync', async () => {
    headId = expectOk(await s.api.post('/online/cgform/api/addAll', design(rules), { token }), '添加成功！');
    const head = expectOk(await s.api.get('/online/cgform/head/list?tableName=demo_request', { token })).records[0];
    expect(JSON.parse(head.schemaJson).linkage).toEqual([
      { when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'reason', effect: 'show' } },
      { when: { field: 'budget', op: 'gt', value: 1000 }, then: { field: 'approver', effect: 'require' } },
      { when: { field: 'kind', op: 'in', value: ['L', 'M'] }, then: { field: 'level', effect: 'options', options: ['L', 'M'] } },
    ]);
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！');
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId }, { token }), '已添加到菜单');
    expect(expectOk(await s.api.get('/sys/schema/page?code=demo_request', { token })).linkage).toHaveLength(3);
  });

  it('add: a hidden value is dropped, a shown required field and a rule-required field must be filled, options are enforced', async () => {
    // Not urgent: 加急原因 is hidden, so neither required nor stored.
    expectOk(await s.api.post(form(), { title: '常规', kind: 'L', reason: '不该存', level: 'M' }, { token }));
    expect((await row(await idOf('常规'))).reason ?? null).toBeNull();
    // Urgent: 加急原因 is shown and required as declared.
    refused(await s.api.post(form(), { title: '加急', kind: 'H' }, { token }), '加急原因不能为空');
    expectOk(await s.api.post(form(), { title: '加急', kind: 'H', reason: '客户等着', level: 'H' }, { token }));
    expect(await row(await idOf('加急'))).toMatchObject({ reason: '客户等着', level: 'H' });
    // Over 1000: 审批人 required by the rule.
    refused(await s.api.post(form(), { title: '大额', kind: 'M', budget: 5000 }, { token }), '审批人不能为空');
    expectOk(await s.api.post(form(), { title: '大额', kind: 'M', budget: 5000, approver: '张三' }, { token }));
    // A routine request cannot take level H.
    refused(await s.api.post(form(), { title: '越级', kind: 'L', level: 'H' }, { token }), '级别的值「H」不在可选范围内（L、M）');
  });

  it('edit: the rules read the stored row merged with the change', async () => {
    const big = await idOf('大额');
    // The stored kind M still narrows the level; the stored budget still requires the approver.
    refused(await s.api.put(form(), { id: big, level: 'H' }, { token }), '级别的值「H」不在可选范围内（L、M）');
    refused(await s.api.put(form(), { id: big, approver: '' }, { token }), '审批人不能为空');
    expectOk(await s.api.put(form(), { id: big, budget: 10 , approver: '' }, { token }));
    expect(await row(big)).toMatchObject({ budget: 10 });
    // Becoming urgent shows 加急原因, which the stored row lacks.
    refused(await s.api.put(form(), { id: big, kind: 'H' }, { token }), '加急原因不能为空');
    expectOk(await s.api.put(form(), { id: big, kind: 'H', reason: '改为加急', level: 'H' }, { token }));
    expect(await row(big)).toMatchObject({ kind: 'H', reason: '改为加急', level: 'H' });
    // Back to routine: the change to the now hidden 加急原因 is dropped, the stored one kept.
    expectOk(await s.api.put(form(), { id: big, kind: 'L', reason: '忽略', level: 'L' }, { token }));
    expect(await row(big)).toMatchObject({ kind: 'L', reason: '改为加急', level: 'L' });
  });

  it('a sub table\'s rules are enforced on each sub row sent with the main row', async () => {
    const fk = field('req_id', { dbFieldTxt: '申请', dbLength: 32, mainTable: 'demo_req', mainField: 'id' });
    const mainId = expectOk(await s.api.post('/online/cgform/api/addAll', { head: { tableName: 'demo_req', tableTxt: '主申请', tableType: 2 }, fields: [fields[0], fields[1]], indexs: [] }, { token }));
    const lineId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: {
        tableName: 'demo_req_line', tableTxt: '申请明细', tableType: 3, relationType: 0,
        linkage: [{ when: { field: 'qty', op: 'gt', value: '10' }, then: { field: 'memo', effect: 'require' } }, { when: { field: 'qty', op: 'empty' }, then: { field: 'memo', effect: 'hide' } }],
      },
      fields: [fields[0], field('qty', { dbFieldTxt: '数量', dbType: 'int', fieldShowType: 'number' }), field('memo', { dbFieldTxt: '说明' }), fk], indexs: [],
    }, { token }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${lineId}/normal`, {}, { token }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${mainId}/normal`, {}, { token }));
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: mainId }, { token }));
    refused(await s.api.post('/online/cgform/api/form/demo_req', { title: '主', demo_req_lineList: [{ qty: 1 }, { qty: 50 }] }, { token }), '申请明细第2行: 说明不能为空');
    expectOk(await s.api.post('/online/cgform/api/form/demo_req', { title: '主', demo_req_lineList: [{ memo: '无数量不存' }, { qty: 50, memo: '大批量' }] }, { token }));
    const id = expectOk(await s.api.get('/online/cgform/api/getData/demo_req?title=主', { token })).records[0].id;
    const lines = expectOk(await s.api.get(`/online/data/demo_req/subList/demo_req_line?mainId=${id}`, { token })).records;
    expect(lines.map((l: any) => [l.qty ?? null, l.memo ?? null]).sort((a: unknown[], b: unknown[]) => Number(a[0]) - Number(b[0]))).toEqual([[null, null], [50, '大批量']]);
  });

  it('a design edited with a bad rule is refused and the one in force keeps working', async () => {
    const res = await s.api.put('/online/cgform/api/editAll', design([{ when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'kind', effect: 'hide' } }], { id: headId }), { token });
    refused(res, '表单配置有误：/linkage/0/then/field: rule 1 (when kind eq "H" then hide kind): a field cannot follow its own value');
    refused(await s.api.post(form(), { title: '仍在', kind: 'H' }, { token }), '加急原因不能为空');
  });
});
