/// <reference path="./import-serializers.d.ts" />
import { ERROR_CODES, LIBRARY_IMPORT_MAX_RECORDS, LIBRARY_MESSAGES } from '@cue/contract';
import { MARCXML } from '@natlibfi/marc-record-serializers';
import { badRequest } from '../../platform/errors.js';
import { readSheet } from '../imports/parse.js';

/*
 * Catalogue files read into plain records, before any check against the catalogue: CSV (the template's
 * columns), MARC21 in ISO 2709 (each record cut out on its terminator and read on its own, so one
 * broken record does not stop the rest) and MARCXML. A record that cannot be read at all becomes an
 * `unreadable` entry with its place in the file and the reason.
 */

export type ImportFormat = 'csv' | 'marc';

export interface RawRecord {
  /** The CSV row (1 = the first after the header) or the MARC record's place (1 = first). */
  row: number;
  title: string;
  subtitle: string;
  authors: string[];
  /** The ISBNs as found (the first valid one is kept); empty when the record has none. */
  isbns: string[];
  publisher: string;
  year: string;
  language: string;
  ageMin: string;
  ageMax: string;
  tags: string[];
  kind: string;
  /** Copies asked for when no barcodes are given ('' = 1). */
  copies: string;
  barcodes: string[];
  description: string;
}

export interface Unreadable {
  row: number;
  message: string;
  excerpt: string;
}

export interface ParsedFile {
  format: ImportFormat;
  records: RawRecord[];
  unreadable: Unreadable[];
}

const RECORD_END = 0x1d;
const FIELD_END = 0x1e;
const SUBFIELD = 0x1f;

const emptyRecord = (row: number): RawRecord => ({
  row,
  title: '',
  subtitle: '',
  authors: [],
  isbns: [],
  publisher: '',
  year: '',
  language: '',
  ageMin: '',
  ageMax: '',
  tags: [],
  kind: '',
  copies: '',
  barcodes: [],
  description: '',
});

/** The file's format from its name and first bytes: a MARC leader starts with 5 digits, MARCXML with '<'. */
export function detectFormat(filename: string, bytes: Buffer): 'csv' | 'marc' | 'marcxml' | null {
  const name = filename.toLowerCase();
  const head = bytes
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();
  if (name.endsWith('.xml') || head.startsWith('<')) return /<(\w+:)?(record|collection)\b/.test(head) ? 'marcxml' : null;
  if (name.endsWith('.mrc') || name.endsWith('.marc') || name.endsWith('.dat') || /^\d{5}[a-z ]{3}/.test(head))
    return /^\d{5}/.test(head) ? 'marc' : null;
  if (name.endsWith('.csv') || name.endsWith('.txt') || name.endsWith('.xlsx') || /^[\w" ]+,/.test(head)) return 'csv';
  return null;
}

export async function parseCatalogueFile(filename: string, bytes: Buffer): Promise<ParsedFile> {
  const format = detectFormat(filename, bytes);
  if (!format) throw badRequest(LIBRARY_MESSAGES.importFormat, ERROR_CODES.importInvalidFile, 'file');
  const parsed =
    format === 'csv'
      ? await parseCsv(bytes)
      : format === 'marc'
        ? parseIso2709(bytes)
        : await parseMarcXml(bytes.toString('utf8'));
  const count = parsed.records.length + parsed.unreadable.length;
  if (count === 0) throw badRequest(LIBRARY_MESSAGES.importEmpty, ERROR_CODES.importEmpty, 'file');
  if (count > LIBRARY_IMPORT_MAX_RECORDS) throw badRequest(LIBRARY_MESSAGES.importTooLarge, ERROR_CODES.importTooLarge, 'file');
  return parsed;
}

// ---------------------------------------------------------------- CSV

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

async function parseCsv(bytes: Buffer): Promise<ParsedFile> {
  const rows = await readSheet(bytes);
  const records = rows
    .map((r, i) => ({ r, row: i + 1 }))
    .filter(({ r }) => Object.values(r).some((v) => (v ?? '').trim() !== ''))
    .map(
      ({ r, row }): RawRecord => ({
        row,
        title: r.title ?? '',
        subtitle: r.subtitle ?? '',
        authors: splitList(r.authors),
        isbns: r.isbn?.trim() ? [r.isbn.trim()] : [],
        publisher: r.publisher ?? '',
        year: r.published_year ?? '',
        language: r.language ?? '',
        ageMin: r.age_min ?? '',
        ageMax: r.age_max ?? '',
        tags: splitList(r.tags),
        kind: r.kind ?? '',
        copies: r.copies ?? '',
        barcodes: splitList(r.barcodes),
        description: r.description ?? '',
      }),
    );
  return { format: 'csv', records, unreadable: [] };
}

// ---------------------------------------------------------------- MARC21

interface MarcField {
  tag: string;
  value?: string;
  subfields?: { code: string; value: string }[];
}
interface MarcLike {
  leader: string;
  fields: MarcField[];
}

/** Why a record's bytes are not a readable ISO 2709 record, or null when they are. */
function structuralProblem(rec: Buffer): string | null {
  if (rec.length < 25) return 'The record is too short to be a MARC record';
  const leader = rec.subarray(0, 24).toString('latin1');
  if (!/^\d{5}/.test(leader)) return 'The record leader does not start with its length';
  if (!/^\d{5}$/.test(leader.slice(12, 17))) return 'The record leader has no base address of data';
  const length = Number(leader.slice(0, 5));
  if (length !== rec.length) return `The record is ${rec.length} bytes long but its leader says ${length} (cut short or damaged)`;
  const base = Number(leader.slice(12, 17));
  if (base > rec.length || rec[base - 1] !== FIELD_END) return 'The record directory does not end where the leader says';
  const directory = rec.subarray(24, base - 1).toString('latin1');
  if (directory.length % 12 !== 0 || !/^(\w{3}\d{9})*$/.test(directory)) return 'The record directory is damaged';
  for (let i = 0; i < directory.length; i += 12) {
    const len = Number(directory.slice(i + 3, i + 7));
    const start = Number(directory.slice(i + 7, i + 12));
    if (base + start + len > rec.length) return `Field ${directory.slice(i, i + 3)} runs past the end of the record`;
  }
  return null;
}

/**
 * One structurally checked ISO 2709 record read by its directory's byte offsets. The serializer's own
 * reader (ISO2709.from) takes about 5 ms a record (it validates each against a JSON schema), 100 s for
 * 20,000 records; this one reads the same fields in microseconds, and counts offsets in bytes as the
 * standard does (a UTF-8 record's accented letters do not shift the fields after them).
 */
function readIso2709(rec: Buffer): MarcLike {
  const leader = rec.subarray(0, 24).toString('latin1');
  // Leader/09 'a' says UTF-8; otherwise MARC-8, whose ASCII reads the same (its diacritics do not).
  const encoding: BufferEncoding = leader[9] === 'a' ? 'utf8' : 'latin1';
  const base = Number(leader.slice(12, 17));
  const fields: MarcField[] = [];
  for (let d = 24; d + 12 <= base - 1; d += 12) {
    const entry = rec.subarray(d, d + 12).toString('latin1');
    const tag = entry.slice(0, 3);
    const len = Number(entry.slice(3, 7));
    const start = base + Number(entry.slice(7, 12));
    // The field without its terminator.
    let end = start + len;
    if (rec[end - 1] === FIELD_END) end -= 1;
    const data = rec.subarray(start, end);
    if (tag.startsWith('00')) {
      fields.push({ tag, value: data.toString(encoding) });
      continue;
    }
    const subfields: { code: string; value: string }[] = [];
    let from = data.indexOf(SUBFIELD);
    while (from !== -1 && from < data.length) {
      const next = data.indexOf(SUBFIELD, from + 1);
      const chunk = data.subarray(from + 1, next === -1 ? data.length : next);
      if (chunk.length)
        subfields.push({ code: String.fromCharCode(chunk[0] ?? 0x20), value: chunk.subarray(1).toString(encoding) });
      from = next;
    }
    fields.push({ tag, subfields });
  }
  return { leader, fields };
}

function parseIso2709(bytes: Buffer): ParsedFile {
  const records: RawRecord[] = [];
  const unreadable: Unreadable[] = [];
  let start = 0;
  let place = 0;
  const take = (rec: Buffer) => {
    // Line breaks some tools put between records.
    let from = 0;
    while (from < rec.length && (rec[from] === 0x0a || rec[from] === 0x0d)) from++;
    const body = rec.subarray(from);
    if (body.length === 0) return;
    place += 1;
    // Control bytes (MARC's separators) shown as spaces.
    const excerpt = Buffer.from(body.subarray(0, 60).map((b) => (b < 0x20 ? 0x20 : b))).toString('latin1');
    const problem = structuralProblem(body);
    if (problem) {
      unreadable.push({ row: place, message: problem, excerpt });
      return;
    }
    try {
      records.push(fromMarc(readIso2709(body), place));
    } catch (err) {
      unreadable.push({ row: place, message: `The record could not be read: ${(err as Error).message}`, excerpt });
    }
  };
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== RECORD_END) continue;
    take(bytes.subarray(start, i + 1));
    start = i + 1;
  }
  // Bytes after the last terminator: a record cut short.
  if (bytes.subarray(start).toString('latin1').trim()) take(bytes.subarray(start));
  return { format: 'marc', records, unreadable };
}

async function parseMarcXml(xml: string): Promise<ParsedFile> {
  const records: RawRecord[] = [];
  const unreadable: Unreadable[] = [];
  const matches = xml.match(/<(?:\w+:)?record[\s>][\s\S]*?<\/(?:\w+:)?record>/g) ?? [];
  let place = 0;
  for (const chunk of matches) {
    place += 1;
    // The serializer reads unprefixed MARCXML.
    const plain = chunk.replace(/<(\/?)\w+:/g, '<$1').replace(/\sxmlns(:\w+)?="[^"]*"/g, '');
    try {
      const record = (await MARCXML.from(plain, {
        fields: false,
        subfields: false,
        subfieldValues: false,
      })) as unknown as MarcLike;
      records.push(fromMarc(record, place));
    } catch (err) {
      unreadable.push({
        row: place,
        message: `The record could not be read: ${(err as Error).message}`,
        excerpt: chunk.slice(0, 60),
      });
    }
  }
  return { format: 'marc', records, unreadable };
}

/** MARC's 3-letter language codes of the languages a school is likely to hold, as 2-letter codes. */
const LANGUAGES: Record<string, string> = {
  eng: 'en',
  ara: 'ar',
  heb: 'he',
  hin: 'hi',
  fre: 'fr',
  fra: 'fr',
  spa: 'es',
  ger: 'de',
  deu: 'de',
  ita: 'it',
  por: 'pt',
  rus: 'ru',
  chi: 'zh',
  zho: 'zh',
  jpn: 'ja',
  kor: 'ko',
  urd: 'ur',
  ben: 'bn',
  tam: 'ta',
  tel: 'te',
  mar: 'mr',
  guj: 'gu',
  pan: 'pa',
  mal: 'ml',
  kan: 'kn',
  tur: 'tr',
  per: 'fa',
  fas: 'fa',
  dut: 'nl',
  nld: 'nl',
  gre: 'el',
  ell: 'el',
  pol: 'pl',
  swe: 'sv',
  nor: 'no',
  dan: 'da',
  fin: 'fi',
  yid: 'yi',
  lat: 'la',
};

const strip = (s: string, chars: RegExp) => s.replace(chars, '').trim();
const TITLE_END = /[\s/:;,=.]+$/;
const NAME_END = /[\s,.;:]+$/;

function fromMarc(record: MarcLike, row: number): RawRecord {
  const out = emptyRecord(row);
  const sub = (f: MarcField, code: string) => (f.subfields ?? []).filter((s) => s.code === code).map((s) => s.value);
  const fields = (tag: string) => record.fields.filter((f) => f.tag === tag);
  const first = (tag: string, code: string) => fields(tag).flatMap((f) => sub(f, code))[0] ?? '';

  out.isbns = fields('020')
    .flatMap((f) => sub(f, 'a'))
    // "0140328726 (pbk.)" → "0140328726"
    .map((v) => (/[0-9Xx][0-9Xx\- ]{8,16}[0-9Xx]/.exec(v)?.[0] ?? v).replace(/\s/g, ''))
    .filter(Boolean);
  const title = fields('245')[0];
  if (title) {
    out.title = strip(sub(title, 'a').join(' '), TITLE_END);
    out.subtitle = strip(sub(title, 'b').join(' '), TITLE_END);
  }
  out.authors = [...fields('100'), ...fields('110'), ...fields('700')]
    .flatMap((f) => sub(f, 'a'))
    .map((a) => strip(a, NAME_END))
    .filter(Boolean);
  out.publisher = strip(first('264', 'b') || first('260', 'b'), NAME_END);
  out.year = /\d{4}/.exec(first('264', 'c') || first('260', 'c'))?.[0] ?? '';
  const fixed = record.fields.find((f) => f.tag === '008')?.value ?? '';
  const lang = (first('041', 'a').slice(0, 3) || fixed.slice(35, 38)).trim().toLowerCase();
  out.language = LANGUAGES[lang] ?? '';
  out.tags = [...new Set([...fields('650'), ...fields('655')].flatMap((f) => sub(f, 'a')).map((t) => strip(t, NAME_END)))].filter(
    Boolean,
  );
  out.description = first('520', 'a');
  // "Ages 4-8." / "For children 5 to 9 years": a range of ages when said simply.
  const ages = /(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})/.exec(first('521', 'a'));
  if (ages && Number(ages[1]) <= 18 && Number(ages[2]) <= 18) [out.ageMin, out.ageMax] = [ages[1] ?? '', ages[2] ?? ''];
  out.barcodes = [...fields('952').flatMap((f) => sub(f, 'p')), ...fields('852').flatMap((f) => sub(f, 'p'))]
    .map((b) => b.trim())
    .filter(Boolean);
  return out;
}
