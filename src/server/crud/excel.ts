// Reading spreadsheets (imports); writing them is excel-write.ts.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FieldSchema, PageSchema } from '../../schema/types.js';

type Row = Record<string, unknown>;

// Loaded on the first import: loading it at start cost the server ~180 ms of its start-up.
const excel = async () => (await import('exceljs')).default;

export interface SheetRow {
  /** 1-based row number in the sheet, as a person sees it. */
  line: number;
  values: Row;
}

const cellText = (v: ExcelJS.CellValue): unknown => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result ?? null;
    return null;
  }
  return v;
};

/** The most rows one import takes (issue 17 asks for 100,000 in one file). */
export const IMPORT_MAX_ROWS = 100_000;

/**
 * Reads the first sheet row by row with ExcelJS's streaming reader (the workbook is never held whole:
 * a 100,000-row file loaded whole took several hundred MB): the header row is the first row naming at
 * least one field label (so the two title rows of an export are skipped); blank rows are ignored.
 */
export async function readWorkbook(schema: PageSchema, data: Buffer): Promise<SheetRow[]> {
  const byLabel = new Map(schema.fields.filter((f) => f.form !== false && !f.sensitive && !f.virtual).map((f) => [f.label, f]));
  let header: (FieldSchema | undefined)[] | null = null;
  const out: SheetRow[] = [];
  // Styles are read: they tell a date cell from a number.
  const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from(data), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!cells.some((c) => c !== null && c !== undefined && c !== '')) continue;
        if (!header) {
          const mapped = cells.map((c) => byLabel.get(String(c ?? '').trim()));
          if (mapped.some(Boolean)) header = mapped;
          continue;
        }
        const values: Row = {};
        header.forEach((f, i) => {
          const raw = (row.values as ExcelJS.CellValue[])[i + 1];
          // A date cell of a date field is its day (a spreadsheet keeps it as midnight UTC).
          const v = raw instanceof Date && f?.type === 'date' ? raw.toISOString().slice(0, 10) : cells[i];
          if (f && v !== null && v !== undefined && v !== '') values[f.name] = v;
        });
        if (!Object.keys(values).length) continue;
        if (out.length === IMPORT_MAX_ROWS) throw new SheetRefusal(`一次最多导入${IMPORT_MAX_ROWS}行`);
        out.push({ line: row.number, values });
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof SheetRefusal) throw e;
    throw new Error('文件不是有效的 .xlsx 表格');
  }
  if (!sheets) throw new Error('表格中没有工作表');
  if (!header) throw new Error('未找到表头：表头行需包含字段名称');
  return out;
}

/** A refusal of the sheet's content (not of its format), said as it is. */
class SheetRefusal extends Error {}
