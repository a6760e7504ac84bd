import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../schema/types.js';
import JSZip from 'jszip';
import { columnLetters, drainedOrClosed, rowWriter, rowXml, streamWorkbook, unstyledOncePerType, writeWorkbook } from './excel-write.js';

const schema = {
  code: 'demo_order', title: '订单', table: 'demo_order', api: '/demo/order',
  fields: [{ name: 'orderNo', label: '订单号', type: 'string' }, { name: 'remark', label: '备注', type: 'string' }],
} as unknown as PageSchema;

/** `batches` batches of `size` rows, counting how many were asked for. */
function source(batches: number, size = 2000) {
  const pulled = { n: 0 };
  async function* rows() {
    for (let b = 0; b < batches; b++) {
      pulled.n++;
      yield Array.from({ length: size }, (_, i) => ({ orderNo: `SO${b}-${i}`, remark: `第${b * size + i}行，一段不太短的备注文字，让每行有些分量` }));
    }
  }
  return { pulled, rows: rows() };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Workbook = InstanceType<(typeof import('exceljs'))['stream']['xlsx']['WorkbookWriter']>;
type Sheet = ReturnType<Workbook['addWorksheet']>;

/**
 * A streamed workbook: `prepare` sees it first, then its sheet 订单 gets a styled title `width` cells
 * wide and `fill` writes the rest. Answers its sheet and styles XML.
 */
async function streamed(width: number, prepare: (wb: Workbook) => void, fill: (sheet: Sheet) => void) {
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  prepare(wb);
  const sheet = wb.addWorksheet('订单');
  const title = sheet.addRow(['订单报表']);
  title.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, width);
  title.commit();
  fill(sheet);
  sheet.commit();
  await wb.commit();
  await ended;
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  return Promise.all(['xl/worksheets/sheet1.xml', 'xl/styles.xml'].map((f) => zip.file(f)!.async('string')));
}

/** `n` rows of every cell type after a styled title; the XML, and how many styles ExcelJS itself looked up. */
async function sample(n: number, once: boolean) {
  let lookedUp = 0;
  const xml = await streamed(6, (wb) => {
    const styles = (wb as unknown as { styles: { addStyleModel: (...a: unknown[]) => number } }).styles;
    const lookUp = styles.addStyleModel.bind(styles);
    styles.addStyleModel = (...a: unknown[]) => { lookedUp++; return lookUp(...a); };
    if (once) unstyledOncePerType(wb);
  }, (sheet) => {
    for (let i = 0; i < n; i++) sheet.addRow([`SO${i}`, i, i / 3, null, new Date(Date.UTC(2025, 0, 1 + i)), i % 2 === 0]).commit();
  });
  return { xml, lookedUp };
}

/** `rows` after a styled title, written by ExcelJS's rows or as XML (`rowWriter`); the XML, and how many rows went as XML. */
async function written(rows: unknown[][], asXml: boolean) {
  let byXml = 0;
  const xml = await streamed(7, unstyledOncePerType, (sheet) => {
    const write = rowWriter(sheet, 7);
    for (const r of rows) {
      if (asXml && write(r)) byXml++;
      else sheet.addRow(r).commit();
    }
    sheet.addRow(['合计', rows.length]).commit();
  });
  return { xml, byXml };
}

describe('rows written as XML', () => {
  it('spells column letters as cell references do', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 16384].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('writes the very sheet ExcelJS writes for strings, numbers, booleans and empty cells, and leaves a date to ExcelJS', async () => {
    const rows: unknown[][] = [
      ['SO1', 1, 2.5, null, true, '', 'a < b & c > "d" \'e\''],
      ['SO2', -3, 0, 1e21, false, '控制\u0001字符\u007f与换行\n和\t制表', '中文'],
      [null, null, null, null, null, null, null],
      ['SO3', new Date(Date.UTC(2025, 0, 2)), 1, null, null, null, 'x'],
      ['SO4', 0.1 + 0.2, -0, 123456789012, true, ' 前后空格 ', '&amp;'],
    ];
    const excel = await written(rows, false);
    const ours = await written(rows, true);
    expect(ours.xml).toEqual(excel.xml);
    expect(ours.byXml).toBe(4); // the date's row went through ExcelJS
    expect(ours.xml[0]).toContain('<c r="G2" t="str"><v>a &lt; b &amp; c &gt; &quot;d&quot; &apos;e&apos;</v></c>');
  });

  it('answers no XML for a value of another kind, and none but an empty answer for a row of empty cells', () => {
    const letters = ['A', 'B'];
    expect(rowXml(5, ['x', 2], letters)).toBe('<row r="5" spans="1:2" x14ac:dyDescent="0.25"><c r="A5" t="str"><v>x</v></c><c r="B5"><v>2</v></c></row>');
    expect(rowXml(5, [null, null], letters)).toBe('');
    expect(rowXml(5, ['x', new Date()], letters)).toBeUndefined();
    expect(rowXml(5, ['x', Number.NaN], letters)).toBeUndefined();
    expect(rowXml(5, ['x', { text: 'a' }], letters)).toBeUndefined();
  });
});

describe('streamed export', () => {
  it('finds an unstyled cell\'s style once per cell type, and writes the very file ExcelJS writes alone', async () => {
    const alone = await sample(200, false);
    const once = await sample(200, true);
    expect(once.xml).toEqual(alone.xml);
    expect(alone.lookedUp).toBeGreaterThanOrEqual(200 * 6);
    expect(once.lookedUp).toBeLessThan(20); // the title's cells, and one per cell type
    expect(once.xml[0]).toContain('<c r="A1" s="1" t="str"><v>订单报表</v></c>');
  });

  it('reads the next batch only as the client takes the file, and all of it once the client reads', async () => {
    const { pulled, rows } = source(200, 500);
    const out = await streamWorkbook(schema, 'admin', rows);
    // Nobody reads: the export stops asking for batches once what it holds is full. An export that
    // did not wait would go on to the 200th (~8 MB of xlsx held in memory) however fast the machine.
    let seen = -1;
    while (pulled.n !== seen) { seen = pulled.n; await settle(300); }
    const whileUnread = pulled.n;
    expect(whileUnread).toBeGreaterThan(0);
    expect(whileUnread).toBeLessThan(20);
    let bytes = 0;
    for await (const chunk of out) bytes += (chunk as Buffer).length;
    expect(pulled.n).toBe(200);
    expect(bytes).toBeGreaterThan(1_000_000);
  });

  it('reads the next batch only once the zip has compressed the last, when the client reads at once', async () => {
    const pulledAt: number[] = []; // the bytes the client had read when each batch was asked for
    let bytes = 0;
    async function* rows() {
      for (let b = 0; b < 40; b++) {
        pulledAt.push(bytes);
        yield Array.from({ length: 2000 }, (_, i) => ({ orderNo: `SO${b}-${i}`, remark: `第${b * 2000 + i}行，一段不太短的备注文字，让每行有些分量` }));
      }
    }
    for await (const chunk of await streamWorkbook(schema, 'admin', rows())) bytes += (chunk as Buffer).length;
    // Before, the batches were read as fast as the sheet's XML could be made, and queued uncompressed
    // in the zip's input (440 MB for a million rows): the client had then read little of the file.
    const perBatch = bytes / 40;
    pulledAt.forEach((at, b) => expect(at, `batch ${b}`).toBeGreaterThanOrEqual((b - 4) * perBatch));
  });

  it('stops reading batches when the client goes away', async () => {
    const { pulled, rows } = source(200);
    const out = await streamWorkbook(schema, 'admin', rows);
    await settle(200);
    out.destroy();
    await settle(200);
    const atClose = pulled.n;
    await settle(300);
    expect(pulled.n).toBe(atClose);
    expect(pulled.n).toBeLessThan(200);
  });

  it('waits for a drain or a close without leaving a listener behind each time', async () => {
    const out = new PassThrough({ highWaterMark: 1 });
    const baseline = out.listenerCount('close');
    for (let i = 0; i < 30; i++) {
      out.write('xx');
      expect(out.writableNeedDrain).toBe(true);
      const waited = drainedOrClosed(out);
      while (out.read() !== null) { /* the client takes what is there */ }
      await waited;
    }
    expect(out.listenerCount('close')).toBe(baseline);
    expect(out.listenerCount('drain')).toBe(0);
  });
});

describe('a workbook of rows already read', () => {
  const project = {
    code: 'project', title: '项目', table: 'project', api: '/project',
    fields: [{ name: 'name', label: '项目名称', type: 'string' }, { name: 'score', label: '得分', type: 'double' }, { name: 'secret', label: '密码', type: 'string', sensitive: true }],
  } as unknown as PageSchema;
  const member = {
    code: 'member', title: '项目成员', table: 'member', api: '/member',
    fields: [{ name: 'projectId', label: '项目', type: 'string' }, { name: 'person', label: '姓名', type: 'string' }],
  } as unknown as PageSchema;

  it('writes the main rows and each sub sheet in the export layout, its rows headed by their main row, and leaves the rows given as they were', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const rows = Array.from({ length: 1203 }, (_, i) => ({ id: `p${i}`, name: `项目${i}`, score: i / 2, secret: 'x' }));
    const members = [{ projectId: 'p1', person: '张三' }, { projectId: 'p1202', person: '李四' }];
    const file = await writeWorkbook(project, rows, '管理员', [{ schema: member, foreignKey: 'projectId', rows: members }]);
    expect(rows).toHaveLength(1203);
    expect(rows[1202]).toEqual({ id: 'p1202', name: '项目1202', score: 601, secret: 'x' });
    expect(members[0]).toEqual({ projectId: 'p1', person: '张三' });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['项目', '项目成员']);
    const [main, sub] = wb.worksheets;
    expect(main.getRow(1).getCell(1).value).toBe('项目报表');
    expect(main.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(main.getRow(2).getCell(1).value).toBe('导出人:管理员');
    expect(main.getRow(3).values).toEqual([undefined, '项目名称', '得分']);
    expect(main.getRow(3).getCell(1).font?.bold).toBe(true);
    expect(main.rowCount).toBe(3 + 1203);
    expect(main.getRow(1206).values).toEqual([undefined, '项目1202', 601]);
    expect(main.getRow(1206).getCell(1).font?.bold).toBeFalsy();
    expect(sub.getRow(3).values).toEqual([undefined, '项目名称', '姓名']);
    expect([4, 5].map((r) => sub.getRow(r).values)).toEqual([[undefined, '项目1', '张三'], [undefined, '项目1202', '李四']]);
  });
});
