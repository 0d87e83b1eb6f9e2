import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvRow } from './csv.js';
import { localDateTime } from './dates.js';

/**
 * The one way every export is written, as CSV and as a spreadsheet (.xlsx) from the same rows, so
 * that the two files always say the same:
 * - CSV starts with a UTF-8 byte-order mark, so spreadsheet programs read č, ć, đ, š and ž as such;
 * - times are the operation's wall-clock time (decision 0009), 'YYYY-MM-DD HH:mm:ss' in the CSV and
 *   real date-times in the spreadsheet;
 * - money is kept in minor units in the rows and written in major units (numbers in the spreadsheet).
 */

/** How a column's values are written: text, a whole number, money (minor units), a moment, a day. */
export type ExportColumnType = 'text' | 'integer' | 'money' | 'time' | 'day';
export interface ExportColumn {
  header: string;
  type: ExportColumnType;
  /** Width in characters in the spreadsheet. */
  width?: number;
}
/** A cell: text, a number (money in minor units), a moment (a Date), a day ('YYYY-MM-DD') or empty. */
export type ExportCell = string | number | Date | null | undefined;

/** The UTF-8 byte-order mark that starts every CSV. */
export const BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const csvValue = (value: ExportCell, type: ExportColumnType, timeZone: string): unknown => {
  if (value === null || value === undefined) return '';
  if (type === 'money' && typeof value === 'number') return (value / 100).toFixed(2);
  if (value instanceof Date) return localDateTime(value, timeZone);
  return value;
};

/** The CSV of pages of rows: the mark and the header first, then one chunk per page (streamable). */
export async function* csvExport(
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCell[][]> | Iterable<ExportCell[][]>,
  timeZone: string,
): AsyncGenerator<string> {
  yield BOM + csvRow(columns.map((c) => c.header));
  for await (const page of pages) {
    let chunk = '';
    for (const row of page)
      chunk += csvRow(row.map((v, i) => csvValue(v, columns[i]?.type ?? 'text', timeZone)));
    if (chunk) yield chunk;
  }
}

/**
 * A spreadsheet has no time zones: a moment goes in as the operation's wall-clock time (a Date whose
 * UTC fields read as that time, which is how the library writes Dates).
 */
const wallClock = (moment: Date, timeZone: string) =>
  new Date(`${localDateTime(moment, timeZone).replace(' ', 'T')}Z`);

const xlsxValue = (value: ExportCell, type: ExportColumnType, timeZone: string) => {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'money' && typeof value === 'number') return value / 100;
  if (type === 'time' && value instanceof Date) return wallClock(value, timeZone);
  if (type === 'day' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  return value;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NUMBER_FORMATS: Partial<Record<ExportColumnType, string>> = {
  integer: '0',
  money: '#,##0.00',
  time: 'yyyy-mm-dd hh:mm:ss',
  day: 'yyyy-mm-dd',
};

/**
 * The spreadsheet of pages of rows, one sheet, written as a stream (row by row, committed as it
 * goes), so a large export never sits in memory whole. The header row is bold and stays in view.
 */
export function xlsxExport(
  sheetName: string,
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCell[][]> | Iterable<ExportCell[][]>,
  timeZone: string,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.header,
    width: c.width ?? (c.type === 'time' ? 20 : c.type === 'text' ? 24 : 14),
    ...(NUMBER_FORMATS[c.type] ? { style: { numFmt: NUMBER_FORMATS[c.type] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const page of pages) {
      if (out.destroyed) return; // the client went away
      for (const row of page) {
        sheet.addRow(row.map((v, i) => xlsxValue(v, columns[i]?.type ?? 'text', timeZone))).commit();
      }
      // Backpressure: a slow client holds the next page back instead of it piling up in memory.
      while (out.readableLength > 4 * out.readableHighWaterMark && !out.destroyed) await pause(10);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

/** A whole export in memory, for small ones (a settlement's payment orders). */
export async function bufferOf(stream: Readable | AsyncIterable<string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
