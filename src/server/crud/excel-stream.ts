import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { PageSchema } from '../../schema/types.js';
import { excelFields } from './excel.js';

type Row = Record<string, unknown>;

/** Resolves when the stream drains or closes; the listener that did not fire is removed (one wait per batch would pile them up). */
export async function drainedOrClosed(out: PassThrough): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

/**
 * The export workbook (writeWorkbook's layout: title row, "exported by" row, header, data with
 * dictionary text) written as its rows arrive: each batch is committed to the zip stream and
 * dropped, so a million rows never sit in memory as cells. The next batch is read only once the
 * client has taken what was written (a slow download holds the reading, not the whole file in memory),
 * and none after the client is gone. Answers the stream at once; a failing batch ends it with the error
 * (the client sees a cut download, never a half-valid file named done).
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
      // A turn of the event loop lets the zip compress what was written (on SQLite every read is
      // synchronous, so without it the whole sheet queued up uncompressed), then wait for the client.
      await turn();
      while (out.writableNeedDrain && !out.destroyed) await drainedOrClosed(out);
      if (out.destroyed) return;
    }
    sheet.commit();
    await wb.commit();
  })().catch((e: Error) => out.destroy(e));
  return out;
}
