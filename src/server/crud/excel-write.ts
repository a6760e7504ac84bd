import { EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { FieldSchema, PageSchema } from '../../schema/types.js';

type Row = Record<string, unknown>;

/** The columns a spreadsheet carries: what the list shows, by label. */
export const excelFields = (schema: PageSchema): FieldSchema[] => schema.fields.filter((f) => f.list !== false && !f.sensitive && !f.virtual);

/**
 * Resolves when `stream` drains or `closing` (the stream itself by default) closes; the listener that
 * did not fire is removed (one wait per batch would pile them up).
 */
export async function drainedOrClosed(stream: EventEmitter, closing: EventEmitter = stream): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(stream, 'drain', { signal: stop.signal }), once(closing, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

/** A writable stream as the zip's streams are (readable-stream 2, which has no `writableNeedDrain`). */
interface Input extends EventEmitter {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
}

/**
 * Whether the zip's input for a sheet is behind, and the stream to wait on. ExcelJS (4.4) writes the
 * sheet's XML into that input without waiting for the zip to compress what came before: a producer
 * faster than the compression queued the uncompressed sheet there (440 MB of buffers for 1,000,000
 * rows, with a client that read at once). Found through ExcelJS's internals (the sheet's stream
 * buffer and the stream it pipes to); without them, only the client is waited for.
 */
function zipInput(sheet: unknown): { stream: Input; behind: () => boolean } | undefined {
  const input = (sheet as { stream?: { pipes?: Input[] } }).stream?.pipes?.[0];
  if (!(input instanceof EventEmitter) || (typeof input.writableNeedDrain !== 'boolean' && typeof input._writableState?.needDrain !== 'boolean')) return undefined;
  return { stream: input, behind: () => !!(input.writableNeedDrain ?? input._writableState?.needDrain) };
}

type AddStyleModel = (model: object | undefined, cellType: unknown) => number;

/**
 * ExcelJS (4.4) gives every cell a style object of its own, and finds a style's id by writing its XML
 * and looking that up: for an unstyled cell, the same answer for every cell of a type, found anew each
 * time. That was ~60 % of a streamed export's time and allocation (100,000 rows of 16 cells: 4.2 s and
 * 4.8 GB allocated, 1.7 s and 1.8 GB with this). Here an empty style's id is found once per cell type;
 * a styled cell (the title, the header) goes through ExcelJS as before. The file is byte for byte the same.
 */
export function unstyledOncePerType(workbook: unknown): void {
  const styles = (workbook as { styles?: { addStyleModel?: AddStyleModel } }).styles;
  const add = styles?.addStyleModel?.bind(styles);
  if (!styles || !add) return;
  const byType = new Map<unknown, number>();
  styles.addStyleModel = (model, cellType) => {
    if (!model || Object.keys(model).length) return add(model, cellType);
    let id = byType.get(cellType);
    if (id === undefined) byType.set(cellType, (id = add(model, cellType)));
    return id;
  };
}

/** Column letters as a cell reference spells them: 1 → A, 27 → AA. */
export function columnLetters(n: number): string {
  let out = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) out = String.fromCharCode(65 + ((c - 1) % 26)) + out;
  return out;
}

/** Text as XML carries it, with the characters XML cannot hold dropped (as ExcelJS writes it). */
// eslint-disable-next-line no-control-regex -- the control characters are what it drops
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (text: string) => text.replace(XML_SPECIAL, (c) => XML_ESCAPES[c] ?? '');

/**
 * Row `number`'s XML as ExcelJS writes an unstyled row of these values (a string, a finite number, a
 * boolean, or null for an empty cell), '' when every value is empty (ExcelJS writes no row then), or
 * undefined when a value is of another kind (a date, an object), which ExcelJS's own row writes.
 * `letters[i]`: column i+1's letters.
 */
export function rowXml(number: number, values: readonly unknown[], letters: readonly string[]): string | undefined {
  let cells = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) continue;
    const at = `<c r="${letters[i]}${number}"`;
    if (typeof v === 'string') cells += `${at} t="str"><v>${xmlText(v)}</v></c>`;
    else if (typeof v === 'number' && Number.isFinite(v)) cells += `${at}><v>${v}</v></c>`;
    else if (typeof v === 'boolean') cells += `${at} t="b"><v>${v ? 1 : 0}</v></c>`;
    else return undefined;
  }
  return cells && `<row r="${number}" spans="1:${values.length}" x14ac:dyDescent="0.25">${cells}</row>`;
}

/** The parts of ExcelJS's streamed sheet (4.4) a row written as XML goes through. */
interface SheetInternals { stream?: { write?: (xml: string) => unknown }; _rows?: unknown[]; _rowZero?: number; startedData?: boolean }

/**
 * Writes a row of values into a streamed sheet as XML (`rowXml`) where it can, answering false where
 * ExcelJS's own row must (a date, an uncommitted row before it, a sheet not laid out as ExcelJS 4.4's).
 * ExcelJS builds a row object, a cell object and a value object per cell, then a model of each, to
 * write a row: ~14 KB allocated per row of 16 cells, which in some export processes lived long enough
 * to be promoted to the old generation (+170 MB RSS, 5 GB promoted over 1,000,000 rows on PostgreSQL).
 */
export function rowWriter(sheet: unknown, width: number): (values: unknown[]) => boolean {
  const s = sheet as SheetInternals;
  const write = s.stream?.write?.bind(s.stream);
  if (!write || !Array.isArray(s._rows) || typeof s._rowZero !== 'number') return () => false;
  const letters = Array.from({ length: width }, (_, i) => columnLetters(i + 1));
  return (values) => {
    if (!s.startedData || s._rows!.length) return false;
    const xml = rowXml(s._rowZero!, values, letters);
    if (xml === undefined) return false;
    if (xml) void write(xml);
    s._rowZero!++;
    return true;
  };
}

/** A sheet of a workbook: its title, its columns and its rows, a batch at a time. */
export interface SheetSource {
  title: string;
  fields: FieldSchema[];
  batches: AsyncIterable<Row[]> | Iterable<Row[]>;
}

/** Sheet names are at most 31 characters and unique in a workbook. */
function sheetName(taken: Set<string>, title: string): string {
  const base = title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/**
 * A real .xlsx in the JeecgBoot layout, each sheet a title row, an "exported by" row, the header and
 * the rows (dictionary fields as their text), written as its rows arrive: each batch is committed to
 * the zip stream and dropped (its array emptied as it is written), so a million rows never sit in
 * memory as cells. The next batch is read only once the client has taken what was written (a slow
 * download holds the reading, not the whole file in memory), and none after the client is gone.
 * Answers the stream at once; a failing batch ends it with the error (the client sees a cut download,
 * never a half-valid file named done).
 */
export async function streamSheets(exportedBy: string, sheets: SheetSource[]): Promise<PassThrough> {
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  unstyledOncePerType(wb);
  const names = new Set<string>();
  void (async () => {
    for (const { title, fields, batches } of sheets) {
      const sheet = wb.addWorksheet(sheetName(names, title));
      sheet.columns = fields.map((f) => ({ width: Math.max(12, f.label.length * 2 + 4) }));
      const titleRow = sheet.addRow([`${title}报表`]);
      titleRow.font = { bold: true, size: 14 };
      if (fields.length) sheet.mergeCells(1, 1, 1, fields.length);
      titleRow.commit();
      sheet.addRow([`导出人:${exportedBy}`]).commit();
      const header = sheet.addRow(fields.map((f) => f.label));
      header.font = { bold: true };
      header.commit();
      const zip = zipInput(sheet);
      const written = rowWriter(sheet, fields.length);
      for await (const rows of batches) {
        // Each row is let go once written: kept until its whole batch is, rows outlive young-generation
        // collections and are promoted to the old generation (PostgreSQL export, list-shapes bench).
        const pending: (Row | undefined)[] = rows;
        for (let i = 0; i < pending.length; i++) {
          const r = pending[i]!;
          pending[i] = undefined;
          const values = fields.map((f) => (r[`${f.name}_dictText`] ?? r[f.name]) ?? null);
          if (!written(values)) sheet.addRow(values).commit();
        }
        // A turn of the event loop lets the zip take what was written (on SQLite every read is
        // synchronous), then wait for the zip to compress it and for the client to take the file.
        await turn();
        for (;;) {
          const behind = zip?.behind() ? zip.stream : out.writableNeedDrain ? out : null;
          if (!behind || out.destroyed) break;
          await drainedOrClosed(behind, out);
        }
        if (out.destroyed) return;
      }
      sheet.commit();
    }
    await wb.commit();
  })().catch((e: Error) => out.destroy(e));
  return out;
}

/** A page's export as one sheet, its rows read a batch at a time (export.ts). */
export const streamWorkbook = (schema: PageSchema, exportedBy: string, batches: AsyncIterable<Row[]>): Promise<PassThrough> =>
  streamSheets(exportedBy, [{ title: schema.title, fields: excelFields(schema), batches }]);

/** A sub table's rows exported beside its main rows, each headed by the main row it belongs to. */
export interface SubSheet {
  schema: PageSchema;
  foreignKey: string;
  rows: Row[];
}

const WRITE_BATCH = 500;

/** Rows a batch at a time, each made by `made` (copies: the writer empties the batches it writes). */
function* inBatches(rows: Row[], made: (r: Row) => Row = (r) => r): Generator<Row[]> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) yield rows.slice(i, i + WRITE_BATCH).map(made);
}

/**
 * Rows already read, as a whole .xlsx (the same layout and writer as a streamed export): a ranking,
 * a report, a main page with its sub sheets.
 */
export async function writeWorkbook(schema: PageSchema, rows: Row[], exportedBy: string, subSheets: SubSheet[] = []): Promise<Buffer> {
  // A sub row names its main row by the main's first listed text field (项目名称), not by its id.
  const title = schema.fields.find((f) => f.list !== false && f.type === 'string' && !f.dict && !f.sensitive && !f.virtual);
  const mainText = new Map(rows.map((r) => [String(r.id), title ? String(r[title.name] ?? '') : String(r.id)]));
  const owner = { name: '__main', label: title?.label ?? schema.title, type: 'string' } as FieldSchema;
  const sheets: SheetSource[] = [
    { title: schema.title, fields: excelFields(schema), batches: inBatches(rows) },
    ...subSheets.map((sub) => ({
      title: sub.schema.title,
      fields: [owner, ...excelFields(sub.schema).filter((f) => f.name !== sub.foreignKey)],
      batches: inBatches(sub.rows, (r) => ({ ...r, __main: mainText.get(String(r[sub.foreignKey])) ?? '' })),
    })),
  ];
  const chunks: Buffer[] = [];
  for await (const chunk of await streamSheets(exportedBy, sheets)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
