import type { ImportKind, ImportPreview } from '@cue/contract';

/** A problem of one row of a sheet (the header is row 1). */
export interface Problem {
  row: number;
  field: string;
  message: string;
}

/** What a preview shows: every row, how many would be imported and each row's problems. */
export function presentPreview(kind: ImportKind, rows: Record<string, string>[], problems: Problem[]): ImportPreview {
  const badRows = new Set(problems.map((p) => p.row));
  return { kind, total_rows: rows.length, valid_rows: rows.length - badRows.size, problems, rows };
}

/** A refused import's problems as the validation errors of the answer. */
export const problemErrors = (problems: Problem[]) =>
  problems.map((p) => ({ field: `row ${p.row}: ${p.field}`, message: p.message }));
