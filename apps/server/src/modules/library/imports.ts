import { ERROR_CODES, LIBRARY_CSV_COLUMNS, LIBRARY_ITEM_KINDS, LIBRARY_MESSAGES, type LibraryImport } from '@cue/contract';
import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import * as repo from './catalogue-repo.js';
import { parseCatalogueFile, type RawRecord } from './import-parse.js';
import { isbnForms } from './presenter.js';
import { barcodeTaken, checkIsbn, type LibraryService, searchTextOf } from './service.js';

/** A record checked and ready to be written: an item (or copies of an existing one) and its copies. */
interface ImportItem {
  row: number;
  title: string;
  subtitle: string | null;
  authors: string[];
  isbn13: string | null;
  publisher: string | null;
  year: number | null;
  language: string | null;
  ageMin: number | null;
  ageMax: number | null;
  tags: string[];
  kind: string;
  description: string | null;
  /** Copies with the barcodes found in the file… */
  barcodes: string[];
  /** …and copies numbered from the school's sequence (records without barcodes). */
  numbered: number;
  /** The catalogue's item with the same ISBN: the copies go to it. */
  existingId: string | null;
}

interface Refusal {
  row: number;
  field: string | null;
  message: string;
  excerpt: string;
}

const BATCH = 500;
/**
 * Imports of more records than this are committed by a job and the commit answers `importing` at once
 * (the page follows `status` through libraryImportGet): 20,000 records took 25 s on the embedded
 * database (bench/library-import.ts), 2,000 about 2 s.
 */
export const INLINE_COMMIT_MAX = 1000;
export const LIBRARY_IMPORT_JOB = 'library.import_commit';
const PREVIEW = 50;
const REFUSALS_LISTED = 1000;

const excerptOf = (r: RawRecord) => (r.title || r.isbns[0] || r.authors[0] || '').slice(0, 80);
const intOrNull = (v: string, min: number, max: number): number | null | 'bad' => {
  if (!v.trim()) return null;
  const n = Number(v.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : 'bad';
};

/**
 * Checks one record as a form save would (title, ISBN, lengths, ages, kind, copies): the item to write,
 * or the reasons it is refused. Subject headings longer than a tag are cut to a tag's 40 characters.
 */
function checkRecord(r: RawRecord): { item: ImportItem } | { refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const refuse = (field: string, message: string) => refusals.push({ row: r.row, field, message, excerpt: excerptOf(r) });
  const title = r.title.trim();
  if (!title) refuse('title', 'A title is required');
  else if (title.length > 300) refuse('title', 'The title is longer than 300 characters');
  if (r.subtitle.trim().length > 300) refuse('subtitle', 'The subtitle is longer than 300 characters');
  const authors = r.authors.map((a) => a.trim()).filter(Boolean);
  if (authors.length > 20) refuse('authors', 'More than 20 authors');
  if (authors.some((a) => a.length > 120)) refuse('authors', 'An author is longer than 120 characters');
  let isbn13: string | null = null;
  if (r.isbns.length) {
    const valid = r.isbns.map(checkIsbn).find((i) => i !== null);
    if (valid) isbn13 = valid.isbn13;
    else refuse('isbn', `${LIBRARY_MESSAGES.invalidIsbn} (${r.isbns[0]})`);
  }
  if (r.publisher.trim().length > 200) refuse('publisher', 'The publisher is longer than 200 characters');
  const year = intOrNull(r.year, 1400, 2100);
  if (year === 'bad') refuse('published_year', 'The year must be between 1400 and 2100');
  const language = r.language.trim().toLowerCase();
  if (language.length > 10) refuse('language', 'The language code is longer than 10 characters');
  const ageMin = intOrNull(r.ageMin, 0, 18);
  const ageMax = intOrNull(r.ageMax, 0, 18);
  if (ageMin === 'bad') refuse('age_min', 'Ages run from 0 to 18');
  if (ageMax === 'bad') refuse('age_max', 'Ages run from 0 to 18');
  if (typeof ageMin === 'number' && typeof ageMax === 'number' && ageMin > ageMax) refuse('age_max', LIBRARY_MESSAGES.ageRange);
  const kind = r.kind.trim().toLowerCase() || 'book';
  if (!(LIBRARY_ITEM_KINDS as readonly string[]).includes(kind))
    refuse('kind', `The kind must be one of ${LIBRARY_ITEM_KINDS.join(', ')}`);
  const barcodes = r.barcodes.map((b) => b.trim()).filter(Boolean);
  if (barcodes.some((b) => b.length > 64)) refuse('barcodes', 'A barcode is longer than 64 characters');
  const copies = barcodes.length ? barcodes.length : intOrNull(r.copies, 0, 100);
  if (copies === 'bad') refuse('copies', 'Copies must be a number from 0 to 100');
  if (r.description.trim().length > 4000) refuse('description', 'The description is longer than 4000 characters');
  if (refusals.length) return { refusals };
  return {
    item: {
      row: r.row,
      title,
      subtitle: r.subtitle.trim() || null,
      authors,
      isbn13,
      publisher: r.publisher.trim() || null,
      year: year as number | null,
      language: language || null,
      ageMin: ageMin as number | null,
      ageMax: ageMax as number | null,
      tags: [...new Set(r.tags.map((t) => t.trim().slice(0, 40).trim()).filter(Boolean))].slice(0, 20),
      kind,
      description: r.description.trim() || null,
      barcodes,
      numbered: barcodes.length ? 0 : ((copies as number | null) ?? 1),
      existingId: null,
    },
  };
}

/** Catalogue imports (issue 24): a CSV or MARC21 file read, checked record by record, previewed, then committed. */
export class LibraryImportService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly library: LibraryService,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
  ) {
    jobs.handle(LIBRARY_IMPORT_JOB, async (payload) => {
      const p = payload as { importId: string; userId: string; schoolId: string };
      const scope = this.scopes.of({
        userId: p.userId,
        kind: 'staff',
        schoolId: p.schoolId,
        sessionId: 'library-import',
        isTemp: false,
      });
      // A failure is recorded on the import (which is a preview again, to be committed once fixed).
      await this.write(scope, p.importId).catch(async (err: unknown) => {
        await repo.updateImport(scope, this.db, p.importId, { error: (err as Error).message.slice(0, 500) });
      });
    });
  }

  /** The CSV template: the header and one example row. */
  template(): string {
    const example: Record<(typeof LIBRARY_CSV_COLUMNS)[number], string> = {
      title: 'The Very Hungry Caterpillar',
      subtitle: '',
      authors: 'Eric Carle',
      isbn: '978-0-399-22690-8',
      publisher: 'Philomel Books',
      published_year: '1969',
      language: 'en',
      age_min: '2',
      age_max: '5',
      tags: 'Animals;Counting',
      kind: 'picture_book',
      copies: '2',
      barcodes: '',
      description: 'A caterpillar eats his way through the week',
    };
    const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    return `${LIBRARY_CSV_COLUMNS.join(',')}\n${LIBRARY_CSV_COLUMNS.map((c) => cell(example[c])).join(',')}\n`;
  }

  /**
   * Reads and checks a file and keeps what would be imported: every record checked like a form save,
   * barcodes checked against the school's copies and the rest of the file, a record whose ISBN is in
   * the catalogue marked as copies of that item, two records of one ISBN merged.
   */
  async preview(scope: Scope, file: { filename: string; bytes: Buffer }): Promise<LibraryImport> {
    const parsed = await parseCatalogueFile(file.filename, file.bytes);
    const refusals: Refusal[] = parsed.unreadable.map((u) => ({
      row: u.row,
      field: null,
      message: u.message,
      excerpt: u.excerpt,
    }));
    const refusedRows = new Set(parsed.unreadable.map((u) => u.row));
    const checked: ImportItem[] = [];
    for (const raw of parsed.records) {
      const result = checkRecord(raw);
      if ('item' in result) checked.push(result.item);
      else {
        refusals.push(...result.refusals);
        refusedRows.add(raw.row);
      }
    }
    // Barcodes: each once in the file and not on a copy of the school already.
    const taken = new Set(
      (
        await repo.takenBarcodes(
          scope,
          this.db,
          checked.flatMap((c) => c.barcodes),
        )
      ).map((b) => b.toLowerCase()),
    );
    const seen = new Map<string, number>();
    const accepted: ImportItem[] = [];
    for (const item of checked) {
      const problem = item.barcodes
        .map((b) => {
          const key = b.toLowerCase();
          if (taken.has(key)) return `${LIBRARY_MESSAGES.barcodeTaken}: ${b}`;
          const earlier = seen.get(key);
          if (earlier !== undefined) return `The barcode ${b} is also on record ${earlier} of this file`;
          return null;
        })
        .find((m) => m !== null);
      if (problem) {
        refusals.push({ row: item.row, field: 'barcodes', message: problem, excerpt: item.title.slice(0, 80) });
        refusedRows.add(item.row);
        continue;
      }
      for (const b of item.barcodes) seen.set(b.toLowerCase(), item.row);
      accepted.push(item);
    }
    // Same ISBN twice in the file: one item, the copies of both.
    const byIsbn = new Map<string, ImportItem>();
    const merged: ImportItem[] = [];
    for (const item of accepted) {
      const first = item.isbn13 ? byIsbn.get(item.isbn13) : undefined;
      if (first) {
        first.barcodes.push(...item.barcodes);
        first.numbered += item.numbered;
        continue;
      }
      if (item.isbn13) byIsbn.set(item.isbn13, item);
      merged.push(item);
    }
    const existing = await this.existingByIsbn(scope, [...byIsbn.keys()]);
    for (const item of merged) item.existingId = item.isbn13 ? (existing.get(item.isbn13) ?? null) : null;
    refusals.sort((a, b) => a.row - b.row);
    const id = newId();
    await repo.insertImport(scope, this.db, {
      id,
      format: parsed.format,
      filename: file.filename.slice(0, 200),
      status: 'preview',
      total: parsed.records.length + parsed.unreadable.length,
      records: merged,
      refusals: refusals.slice(0, REFUSALS_LISTED),
      refused: refusedRows.size,
      createdBy: scope.userId,
    });
    return this.get(scope, id);
  }

  private async existingByIsbn(scope: Scope, isbns: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < isbns.length; i += 5000)
      for (const row of await repo.itemsByIsbn(scope, this.db, isbns.slice(i, i + 5000))) out.set(row.isbn13, row.id);
    return out;
  }

  async get(scope: Scope, id: string): Promise<LibraryImport> {
    const row = await repo.importById(scope, this.db, id, 'first', PREVIEW);
    if (!row) throw notFound();
    const records = row.records as ImportItem[];
    return {
      id: row.id,
      format: row.format as LibraryImport['format'],
      filename: row.filename,
      status: row.status as LibraryImport['status'],
      total: row.total,
      valid: row.total - row.refused,
      refused: row.refused,
      preview: records.slice(0, PREVIEW).map((r) => ({
        row: r.row,
        title: r.title,
        authors: r.authors,
        isbn: isbnForms(r.isbn13).isbn,
        publisher: r.publisher,
        published_year: r.year,
        copies: r.barcodes.length + r.numbered,
        existing: r.existingId !== null,
      })),
      refusals: row.refusals as Refusal[],
      progress: row.progress,
      created_items: row.createdItems,
      created_copies: row.createdCopies,
      created_at: row.createdAt.toISOString(),
      created_by: row.author ? { id: row.author.id, first_name: row.author.firstName, last_name: row.author.lastName } : null,
    };
  }

  /**
   * Writes a previewed import in one transaction (items, then copies, in multi-row batches), once: a
   * second commit is refused (409), as is a file with nothing valid (400). Barcodes and ISBNs are
   * checked again, as copies or items may have been added since the preview.
   */
  async commit(scope: Scope, id: string): Promise<LibraryImport> {
    const row = await repo.importById(scope, this.db, id);
    if (!row) throw notFound();
    if (row.status !== 'preview') throw new AppError(409, LIBRARY_MESSAGES.importDone, ERROR_CODES.conflict);
    const records = row.records as ImportItem[];
    if (records.length === 0) throw badRequest(LIBRARY_MESSAGES.importNothingValid, ERROR_CODES.importInvalid, 'file');
    if (!(await repo.claimImport(scope, this.db, id))) throw new AppError(409, LIBRARY_MESSAGES.importDone, ERROR_CODES.conflict);
    if (records.length > INLINE_COMMIT_MAX) {
      await this.jobs.schedule(`library-import:${id}`, LIBRARY_IMPORT_JOB, this.clock.now(), {
        importId: id,
        userId: scope.userId,
        schoolId: scope.schoolId ?? '',
      });
      return this.get(scope, id);
    }
    await this.write(scope, id);
    return this.get(scope, id);
  }

  /** Writes a claimed import (status importing) in one transaction; on failure it is a preview again. */
  private async write(scope: Scope, id: string): Promise<void> {
    const row = await repo.importById(scope, this.db, id);
    if (row?.status !== 'importing') return;
    const records = row.records as ImportItem[];
    try {
      const taken = await repo.takenBarcodes(
        scope,
        this.db,
        records.flatMap((r) => r.barcodes),
      );
      if (taken.length) throw barcodeTaken(taken[0] ?? '');
      const existing = await this.existingByIsbn(
        scope,
        records.flatMap((r) => (r.isbn13 && !r.existingId ? [r.isbn13] : [])),
      );
      const today = await this.library.today(scope);
      const now = this.clock.now();
      const items: repo.ItemValues[] = [];
      const copies: Omit<repo.CopyValues, 'barcode'>[] = [];
      const given: string[] = [];
      const numbered: Omit<repo.CopyValues, 'barcode'>[] = [];
      for (const r of records) {
        let itemId = r.existingId ?? (r.isbn13 ? existing.get(r.isbn13) : undefined);
        if (!itemId) {
          itemId = newId();
          const values = {
            kind: r.kind,
            title: r.title,
            subtitle: r.subtitle,
            authors: r.authors,
            isbn13: r.isbn13,
            publisher: r.publisher,
            publishedYear: r.year,
            language: r.language,
            ageMin: r.ageMin,
            ageMax: r.ageMax,
            tags: r.tags,
            description: r.description,
          };
          items.push({
            ...values,
            id: itemId,
            searchText: searchTextOf(values),
            createdBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          });
        }
        for (const b of r.barcodes) {
          copies.push({ id: newId(), itemId, acquiredOn: today });
          given.push(b);
        }
        for (let i = 0; i < r.numbered; i++) numbered.push({ id: newId(), itemId, acquiredOn: today });
      }
      await this.db.transaction(async (tx) => {
        const sequence = await this.library.nextBarcodes(scope, tx, numbered.length);
        const all: repo.CopyValues[] = [
          ...copies.map((c, i) => ({ ...c, barcode: given[i] ?? '' })),
          ...numbered.map((c, i) => ({ ...c, barcode: sequence[i] ?? '' })),
        ];
        for (let i = 0; i < items.length; i += BATCH) await repo.insertItems(scope, tx, items.slice(i, i + BATCH));
        for (let i = 0; i < all.length; i += BATCH) await repo.insertCopies(scope, tx, all.slice(i, i + BATCH));
        await repo.updateImport(scope, tx, id, {
          status: 'done',
          progress: 100,
          createdItems: items.length,
          createdCopies: all.length,
        });
      });
    } catch (err) {
      // Back to the preview: nothing was written, and the file may be committed again once fixed.
      await repo.updateImport(scope, this.db, id, { status: 'preview', progress: 0 });
      if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505')
        throw new AppError(409, LIBRARY_MESSAGES.barcodeTaken, ERROR_CODES.barcodeTaken);
      throw err;
    }
  }
}
