import { CURRICULUM_CSV_COLUMNS, CURRICULUM_MESSAGES, ERROR_CODES, findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@cue/contract';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../../platform/csv.js';
import { badRequest } from '../../platform/errors.js';

/*
 * A framework as a CSV file: one row per statement, its area and aspect repeated on each row (an area
 * or aspect is found by its code within the file, so later rows add statements under it). The file is
 * read with the same parser as the students' import (csv-parse), keeping each record's line number for
 * the row-by-row errors.
 */

export interface ImportError {
  row: number;
  field: string;
  reason: string;
}

export interface ParsedArea {
  code: string;
  name: string;
  group: string;
  aspects: ParsedAspect[];
}
export interface ParsedAspect {
  code: string;
  name: string;
  statements: ParsedStatement[];
}
export interface ParsedStatement {
  code: string;
  text: string;
  ageFrom: number | null;
  ageTo: number | null;
}

export interface ParsedFramework {
  areas: ParsedArea[];
  aspects: number;
  statements: number;
  errors: ImportError[];
}

/** Columns a file must have; the group and the ages may be left out. */
const REQUIRED = ['area_code', 'area_name', 'aspect_code', 'aspect_name', 'statement_code', 'statement_text'] as const;

const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const looksBinary = (bytes: Buffer) =>
  (bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) || bytes.subarray(0, 4096).includes(0);

/**
 * Reads and checks a framework file. A file that is not CSV with the template's header answers 400
 * importFormat; one without statement rows 400 importEmpty. Every other problem is an error of its
 * row (the file's line number), and the rows that pass are gathered into the tree.
 */
export function parseFrameworkCsv(bytes: Buffer): ParsedFramework {
  const formatError = () => badRequest(CURRICULUM_MESSAGES.importFormat, ERROR_CODES.importInvalidFile, 'file');
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '')
    throw badRequest(CURRICULUM_MESSAGES.importEmpty, ERROR_CODES.importInvalidFile, 'file');
  if (looksBinary(bytes)) throw formatError();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw formatError();
  }
  const [head, ...rows] = records;
  if (!head) throw badRequest(CURRICULUM_MESSAGES.importEmpty, ERROR_CODES.importInvalidFile, 'file');
  const header = head.record.map(normalizeHeader);
  if (!REQUIRED.every((c) => header.includes(c))) throw formatError();
  const dataRows = rows.filter((r) => r.record.some((v) => v !== ''));
  if (dataRows.length === 0) throw badRequest(CURRICULUM_MESSAGES.importEmpty, ERROR_CODES.importInvalidFile, 'file');

  const errors: ImportError[] = [];
  const areas = new Map<string, ParsedArea>();
  const aspects = new Map<string, { aspect: ParsedAspect; area: string }>();
  const statementCodes = new Set<string>();
  let statements = 0;
  for (const { record, info } of dataRows) {
    const row = info.lines;
    const cell = (name: (typeof CURRICULUM_CSV_COLUMNS)[number]) => {
      const i = header.indexOf(name);
      return i < 0 ? '' : (record[i] ?? '').trim();
    };
    const rowErrors: ImportError[] = [];
    const fail = (field: string, reason: string) => rowErrors.push({ row, field, reason });
    const v = Object.fromEntries(CURRICULUM_CSV_COLUMNS.map((c) => [c, cell(c)])) as Record<
      (typeof CURRICULUM_CSV_COLUMNS)[number],
      string
    >;
    for (const c of CURRICULUM_CSV_COLUMNS) if (findUnsafeText(v[c]) !== null) fail(c, UNSAFE_TEXT_MESSAGE);
    for (const c of ['area_code', 'aspect_code', 'statement_code'] as const) {
      if (!v[c]) fail(c, 'is required');
      else if (v[c].length > 40) fail(c, 'is longer than 40 characters');
    }
    if (!v.statement_text) fail('statement_text', 'is required');
    else if (v.statement_text.length > 1000) fail('statement_text', 'is longer than 1000 characters');
    if (v.area_group.length > 120) fail('area_group', 'is longer than 120 characters');
    const age = (c: 'age_from_months' | 'age_to_months'): number | null => {
      if (v[c] === '') return null;
      if (!/^\d{1,3}$/.test(v[c]) || Number(v[c]) > 144) {
        fail(c, 'must be a whole number of months from 0 to 144');
        return null;
      }
      return Number(v[c]);
    };
    const ageFrom = age('age_from_months');
    const ageTo = age('age_to_months');
    if (ageFrom !== null && ageTo !== null && ageFrom > ageTo) fail('age_to_months', CURRICULUM_MESSAGES.ageBand);

    const areaKey = v.area_code.toLowerCase();
    const knownArea = areas.get(areaKey);
    if (!knownArea && v.area_code && !v.area_name) fail('area_name', 'is required on the first row of an area');
    if (knownArea && v.area_name && v.area_name !== knownArea.name)
      fail('area_name', `differs from the name given to area ${knownArea.code} above`);
    if (v.area_name.length > 1000) fail('area_name', 'is longer than 1000 characters');
    const aspectKey = v.aspect_code.toLowerCase();
    const knownAspect = aspects.get(aspectKey);
    if (!knownAspect && v.aspect_code && !v.aspect_name) fail('aspect_name', 'is required on the first row of an aspect');
    if (knownAspect && knownAspect.area !== areaKey)
      fail('aspect_code', `belongs to another area above (${knownAspect.aspect.code})`);
    if (knownAspect && v.aspect_name && v.aspect_name !== knownAspect.aspect.name)
      fail('aspect_name', `differs from the name given to aspect ${knownAspect.aspect.code} above`);
    if (v.aspect_name.length > 1000) fail('aspect_name', 'is longer than 1000 characters');
    const statementKey = v.statement_code.toLowerCase();
    if (v.statement_code && statementCodes.has(statementKey)) fail('statement_code', 'is used by another row above');

    // A row refused for its statement still names its area and aspect, so the rows after it that leave
    // those names blank are not refused for it too.
    const partOk = (prefix: string) => !rowErrors.some((e) => e.field.startsWith(prefix));
    const areaOk = partOk('area_') && (v.area_code !== '' || knownArea !== undefined);
    let area = knownArea;
    if (!area && areaOk) {
      area = { code: v.area_code, name: v.area_name, group: v.area_group, aspects: [] };
      areas.set(areaKey, area);
    }
    let aspect = knownAspect?.aspect;
    if (!aspect && area && partOk('aspect_') && v.aspect_code) {
      aspect = { code: v.aspect_code, name: v.aspect_name, statements: [] };
      aspects.set(aspectKey, { aspect, area: areaKey });
      area.aspects.push(aspect);
    }
    if (rowErrors.length || !aspect) {
      errors.push(...rowErrors);
      continue;
    }
    statementCodes.add(statementKey);
    aspect.statements.push({ code: v.statement_code, text: v.statement_text, ageFrom, ageTo });
    statements += 1;
  }
  return { areas: [...areas.values()], aspects: aspects.size, statements, errors };
}

/** The import's template: the header and a few rows in the shape of the EYFS framework. */
export function frameworkTemplateCsv(): string {
  return toCsv([
    [...CURRICULUM_CSV_COLUMNS],
    [
      'CL',
      'Communication and Language',
      'Prime areas',
      'CL-LAU',
      'Listening, Attention and Understanding',
      'CL-LAU-1',
      'Listen attentively and respond to what they hear with relevant questions, comments and actions when being read to and during whole class discussions and small group interactions',
      48,
      60,
    ],
    [
      'CL',
      'Communication and Language',
      'Prime areas',
      'CL-LAU',
      'Listening, Attention and Understanding',
      'CL-LAU-2',
      'Make comments about what they have heard and ask questions to clarify their understanding',
      48,
      60,
    ],
    [
      'CL',
      'Communication and Language',
      'Prime areas',
      'CL-SP',
      'Speaking',
      'CL-SP-1',
      'Participate in small group, class and one-to-one discussions, offering their own ideas, using recently introduced vocabulary',
      48,
      60,
    ],
    [
      'M',
      'Mathematics',
      'Specific areas',
      'M-N',
      'Number',
      'M-N-1',
      'Have a deep understanding of number to 10, including the composition of each number',
      48,
      60,
    ],
    [
      'M',
      'Mathematics',
      'Specific areas',
      'M-N',
      'Number',
      'M-N-2',
      'Subitise (recognise quantities without counting) up to 5',
      48,
      60,
    ],
  ]);
}
