import { PassThrough } from 'node:stream';
import type { PageSchema } from '../../schema/types.js';
import { excelFields } from './excel.js';

type Row = Record<string, unknown>;

/**
 * The export workbook (writeWorkbook's layout: title row, "exported by" row, header, data with
 * dictionary text) written as its rows arrive: each batch is committed to the zip stream and
 * dropped, so a million rows never sit in memory as cells. Answers the stream at once; a failing
 * batch ends it with the error (the client sees a cut download, never a half-valid file named done).
 */
export async function streamWorkbook(schema: PageSchema, exportedBy: string, batches: AsyncIterable<Row[]>): Promise<PassThrough> {
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const fields = excelFields(schema);
  const sheet = wb.addWorksheet(schema.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28));
  sheet.columns = fields.map((f) => ({ width: Math.max(12, f.label.length * 2 + 4) }));
  const title = sheet.addRow([`${schema.title}报表`]);
  title.font = { bold: true, size: 14 };
  if (fields.length) sheet.mergeCells(1, 1, 1, fields.length);
  title.commit();
  sheet.addRow([`导出人:${exportedBy}`]).commit();
  const header = sheet.addRow(fields.map((f) => f.label));
  header.font = { bold: true };
  header.commit();
  void (async () => {
    for await (const rows of batches) {
      for (const r of rows) sheet.addRow(fields.map((f) => (r[`${f.name}_dictText`] ?? r[f.name]) ?? null)).commit();
    }
    sheet.commit();
    await wb.commit();
  })().catch((e: Error) => out.destroy(e));
  return out;
}
