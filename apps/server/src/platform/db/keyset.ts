import { ERROR_CODES, findUnsafeText } from '@cue/contract';
import { type AnyColumn, and, asc, Column, desc, is, or, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../errors.js';

/**
 * Keyset pagination (decision 47): a list is read in the order of its keys, the last of which is unique
 * (the id), and its next page starts after the last row of this one, wherever later writes have moved
 * the rest. The cursor is that row's keys, opaque to the caller (base64url of JSON).
 */
export interface KeyPart<Row> {
  /** The column or expression the list is ordered by. */
  by: AnyColumn | SQL;
  /** Newest or largest first. PostgreSQL's order: nulls come first going down, last going up. */
  desc?: boolean;
  /** This key's value in a row of the page. */
  of: (row: Row) => KeyValue;
  /** What its values are: read from the column's type; an expression says it (`text` otherwise). */
  kind?: KeyKind;
}
export type KeyValue = Date | string | number | boolean | null;
export type KeyKind = 'timestamp' | 'date' | 'text' | 'number' | 'boolean';

/** The kind of a key's values: the column's type, or what the expression's part says. */
function kindOf(key: KeyPart<unknown>): KeyKind {
  if (key.kind) return key.kind;
  if (!is(key.by, Column)) return 'text';
  const column = key.by as Column;
  if (column.columnType === 'PgDateString' || column.columnType === 'PgDate') return 'date';
  if (column.dataType === 'date') return 'timestamp';
  if (column.dataType === 'number') return 'number';
  if (column.dataType === 'boolean') return 'boolean';
  return 'text';
}

/** Whether a cursor's value can be compared with the key's values (a forged cursor is refused, not run). */
function fits(kind: KeyKind, v: KeyValue): boolean {
  if (v === null) return true;
  switch (kind) {
    case 'timestamp':
      return v instanceof Date;
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      // Text a database can hold: no NUL, no lone surrogate.
      return typeof v === 'string' && findUnsafeText(v) === null;
  }
}
export type Keyset<Row> = readonly KeyPart<Row>[];

/** The list's ORDER BY. */
export const keysetOrder = <Row>(keys: Keyset<Row>): SQL[] => keys.map((k) => (k.desc ? desc(k.by) : asc(k.by)));

const invalid = () =>
  badRequest('This list cannot be read on from there: start again from its first page', ERROR_CODES.validation, 'cursor');

const encodeValue = (v: KeyValue) => (v instanceof Date ? { t: v.toISOString() } : v);
function decodeValue(v: unknown): KeyValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v && typeof v === 'object' && typeof (v as { t?: unknown }).t === 'string') {
    const at = new Date((v as { t: string }).t);
    if (!Number.isNaN(at.getTime())) return at;
  }
  throw invalid();
}

/** The cursor that reads on after this row. */
export const keysetCursor = <Row>(keys: Keyset<Row>, row: Row): string =>
  Buffer.from(JSON.stringify(keys.map((k) => encodeValue(k.of(row))))).toString('base64url');

/** A cursor's values, or a 400 when it is not one of this list's. */
function decode<Row>(keys: Keyset<Row>, cursor: string): KeyValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw invalid();
  const decoded = values.map(decodeValue);
  if (!decoded.every((v, i) => fits(kindOf(keys[i] as KeyPart<unknown>), v))) throw invalid();
  return decoded;
}

const param = (v: Exclude<KeyValue, null>) => (v instanceof Date ? sql`${v.toISOString()}::timestamptz` : sql`${v}`);

/** Rows that come after the value in this key's order (PostgreSQL's: nulls first going down, last going up). */
function beyond(by: AnyColumn | SQL, descending: boolean | undefined, v: KeyValue): SQL {
  if (v === null) return descending ? sql`${by} is not null` : sql`false`;
  return descending ? sql`${by} < ${param(v)}` : sql`(${by} > ${param(v)} or ${by} is null)`;
}
const same = (by: AnyColumn | SQL, v: KeyValue): SQL => (v === null ? sql`${by} is null` : sql`${by} = ${param(v)}`);

/** The rows after the cursor's in the list's order; nothing to add without a cursor. */
export function keysetAfter<Row>(keys: Keyset<Row>, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const values = decode(keys, cursor);
  const branches = keys.map((k, i) =>
    and(...keys.slice(0, i).map((earlier, j) => same(earlier.by, values[j] ?? null)), beyond(k.by, k.desc, values[i] ?? null)),
  );
  return or(...branches);
}

/**
 * A page read with one row more than `limit` (the one that tells more follow): the page, and the cursor
 * of its last row when more follow.
 */
export function keysetPage<Row>(keys: Keyset<Row>, rows: Row[], limit: number): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? keysetCursor(keys, last) : null };
}
