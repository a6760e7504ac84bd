/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designField as field } from '../helpers/cgform-design.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { dropState, stateInstance, type Instance } from '../helpers/state-instances.js';

/**
 * Two instances on one database sharing their state through Redis: what one changes that the other
 * keeps in memory reaches it before the change is answered — an online form synced (served by the
 * other first as created, then as changed), a dictionary item edited.
 */
describe(`changes every instance acts on before they are answered [${BACKEND}]`, () => {
  const prefix = `announce:${randomBytes(4).toString('hex')}:`;
  let s: TestServer;
  let a: Instance;
  let b: Instance;
  let token: string;

  beforeAll(async () => {
    s = await startServer();
    [a, b] = [await stateInstance(s, prefix), await stateInstance(s, prefix)];
    token = await s.login('admin');
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await s?.close();
    await dropState(prefix);
  });

  it('syncing on A lets B list and add rows of the new form, and of its new field, right away', async () => {
    // A name of its own (letters only after an underscore), so a retry does not meet the first attempt's form.
    const table = `demo_spread_${[...randomBytes(6)].map((x) => String.fromCharCode(97 + (x % 26))).join('')}`;
    const fields = [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), field('title', { dbFieldTxt: '名称', orderNum: 1 })];
    const design = (more: any[] = []) => ({ head: { tableName: table, tableTxt: '分布表单', tableType: 1 }, fields: [...fields, ...more], indexs: [] });
    const headId = expectOk(await a.call('POST', '/online/cgform/api/addAll', { token, body: design() }));
    // Not synced yet: neither instance serves it.
    expectEnvelope(await b.call('GET', `/online/cgform/api/getData/${headId}`, { token }), { status: 400, success: false, message: 'NO_DB_SYNC' });

    expectOk(await a.call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`, { token, body: {} }), '同步数据库成功！');
    expect(expectOk(await b.call('GET', `/online/cgform/api/getData/${headId}`, { token })).records).toEqual([]);
    // Its buttons, granted to the administrator on A: B honours them at once too (session evictions).
    expectOk(await a.call('POST', '/online/cgform/head/addToMenu', { token, body: { id: headId } }), '已添加到菜单');
    expectOk(await b.call('POST', `/online/cgform/api/form/${headId}`, { token, body: { title: 'B 加的' } }));
    expect(expectOk(await a.call('GET', `/online/cgform/api/getData/${headId}`, { token })).records.map((r: any) => r.title)).toEqual(['B 加的']);

    // A new field, synced on A: B takes and lists it at once (served with the old schema, it would drop it).
    const head = expectOk(await a.call('GET', `/online/cgform/head/list?tableName=${table}`, { token })).records[0];
    const stored = expectOk(await a.call('GET', `/online/cgform/field/listByHeadId?headId=${headId}`, { token }));
    const kept = stored.map((f: any) => ({ ...f }));
    expectOk(await a.call('PUT', '/online/cgform/api/editAll', {
      token,
      body: { head: { ...head, id: headId }, fields: [...kept, field('remark', { dbFieldTxt: '备注', orderNum: 2 })], indexs: [] },
    }), '修改成功！');
    expectOk(await a.call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`, { token, body: {} }), '同步数据库成功！');
    expectOk(await b.call('POST', `/online/cgform/api/form/${headId}`, { token, body: { title: '有备注', remark: '第二版' } }));
    const rows = expectOk(await b.call('GET', `/online/cgform/api/getData/${headId}?title=${encodeURIComponent('有备注')}`, { token })).records;
    expect(rows.map((r: any) => r.remark)).toEqual(['第二版']);
  });

  it('a dictionary item edited on A shows its new text on B at once, though B had just read the old', async () => {
    const texts = async (i: Instance) => expectOk(await i.call('GET', '/sys/dict/getDictItems/sex', { token })).map((d: any) => d.text);
    await sleep(1100); // past the second after the form's sync, in which B keeps no dictionaries it reads
    expect(await texts(b)).toEqual(['男', '女']); // B reads and keeps them (30 s)
    const dict = expectOk(await a.call('GET', '/sys/dict/list?dictCode=sex', { token })).records[0];
    const items = expectOk(await a.call('GET', `/sys/dictItem/list?dictId=${dict.id}`, { token })).records;
    const male = items.find((i: any) => i.itemValue === '1');
    try {
      expectOk(await a.call('PUT', '/sys/dictItem/edit', { token, body: { id: male.id, itemText: '男性' } }), '编辑成功!');
      expect(await texts(b)).toEqual(['男性', '女']);
    } finally {
      expectOk(await a.call('PUT', '/sys/dictItem/edit', { token, body: { id: male.id, itemText: '男' } }), '编辑成功!');
    }
    expect(await texts(b)).toEqual(['男', '女']);
  });
});
