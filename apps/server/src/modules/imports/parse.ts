import { ERROR_CODES } from '@cue/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.js';

const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const isXlsx = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b; // a zip: PK..

/** Reads a CSV or XLSX file into rows keyed by normalised header names (`Parent phone` → `parent_phone`). */
export async function readSheet(bytes: Buffer): Promise<Record<string, string>[]> {
  if (isXlsx(bytes)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest('The file could not be read as a spreadsheet', ERROR_CODES.importUnreadable, 'file');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const headers: string[] = [];
    const rows: Record<string, string>[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      const values = (row.values as unknown[]).slice(1).map((v) => {
        if (v === null || v === undefined) return '';
        if (typeof v === 'object' && v && 'text' in v) return String((v as { text: unknown }).text);
        if (typeof v === 'object' && v && 'result' in v) return String((v as { result: unknown }).result);
        return String(v);
      });
      if (n === 1) headers.push(...values.map(normalizeHeader));
      else rows.push(Object.fromEntries(headers.map((h, i) => [h, (values[i] ?? '').trim()])));
    });
    return rows;
  }
  try {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const records = parse(text, {
      columns: (h: string[]) => h.map(normalizeHeader),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
    return records as Record<string, string>[];
  } catch (err) {
    throw badRequest(`The file could not be read as CSV: ${(err as Error).message}`, ERROR_CODES.importUnreadable, 'file');
  }
}
