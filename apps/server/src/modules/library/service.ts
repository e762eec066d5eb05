import {
  type COPY_SETTABLE_STATUSES,
  type CopyLookup,
  ERROR_CODES,
  type ItemCopy,
  LABELS_MAX,
  LIBRARIAN,
  LIBRARY_MESSAGES,
  type LibraryItem,
  type LibraryItemRequest,
  type LibrarySettings,
  type LoanRule,
  type libraryItemQuerySchema,
  todayIn,
} from '@cue/contract';
import { parse as parseIsbn } from 'isbn3';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MediaStore } from '../../platform/storage.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';
import * as repo from './catalogue-repo.js';
import { type LabelCopy, labelsPdf } from './labels.js';
import { presentCopy, presentItem, presentSettings } from './presenter.js';

type ItemQuery = z.infer<typeof libraryItemQuerySchema>;

/** A checked ISBN: ISBN-13 digits and the hyphenated forms, or null when the text is not one. */
export function checkIsbn(text: string): { isbn13: string; isbn13h: string; isbn10h: string | null } | null {
  const cleaned = text.trim();
  if (!cleaned) return null;
  const parsed = parseIsbn(cleaned);
  if (!parsed) return null;
  return { isbn13: parsed.isbn13, isbn13h: parsed.isbn13h, isbn10h: parsed.isbn10h ?? null };
}

/** What an item is searched by: its title, subtitle, authors, ISBNs (digits) and tags, lower-cased. */
export function searchTextOf(i: {
  title: string;
  subtitle?: string | null;
  authors: readonly string[];
  isbn13?: string | null;
  tags: readonly string[];
  publisher?: string | null;
}): string {
  const isbn10 = i.isbn13 ? (parseIsbn(i.isbn13)?.isbn10 ?? '') : '';
  return [i.title, i.subtitle ?? '', ...i.authors, i.isbn13 ?? '', isbn10, ...i.tags, i.publisher ?? '']
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** The loan rule of a child's age (years; null when the record has no date of birth: the defaults). */
export function ruleForAge(
  s: LibrarySettings,
  ageYears: number | null,
): { loan_days: number; max_loans: number; max_renewals: number; label: string | null } {
  const rule: LoanRule | undefined =
    ageYears === null ? undefined : s.rules.find((r) => r.age_min <= ageYears && ageYears <= r.age_max);
  return rule
    ? { loan_days: rule.loan_days, max_loans: rule.max_loans, max_renewals: rule.max_renewals, label: rule.label }
    : { loan_days: s.default_loan_days, max_loans: s.default_max_loans, max_renewals: s.default_max_renewals, label: null };
}

const isUniqueViolation = (e: unknown, index?: string): boolean => {
  const err = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
  if (err?.code === '23505') return !index || (err.constraint ?? err.message ?? '').includes(index);
  return err?.cause ? isUniqueViolation(err.cause, index) : false;
};

export const barcodeTaken = (barcode: string) =>
  new AppError(409, `${LIBRARY_MESSAGES.barcodeTaken}: ${barcode}`, ERROR_CODES.barcodeTaken, [
    { field: 'barcodes', message: `${LIBRARY_MESSAGES.barcodeTaken}: ${barcode}` },
  ]);
const duplicateIsbn = () =>
  new AppError(409, LIBRARY_MESSAGES.duplicateIsbn, ERROR_CODES.duplicateIsbn, [
    { field: 'isbn', message: LIBRARY_MESSAGES.duplicateIsbn },
  ]);

/** `<prefix><number>` with the number zero-padded to 5 digits (LIB00042). */
export const formatBarcode = (prefix: string, n: number): string => `${prefix}${String(n).padStart(5, '0')}`;

/**
 * The library's catalogue (issue 24): items, their copies and barcodes, ISBN checks, the school's loan
 * rules and barcode sequence, and label sheets. Loans (loans.ts) and imports (imports.ts) build on it.
 */
export class LibraryService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly exports: ExportService,
    readonly storage: MediaStore,
  ) {
    exports.register('library_labels', (scope, params, progress) =>
      this.buildLabels(scope, JSON.parse(params.copyIds ?? '[]') as string[], Number(params.skip ?? 0), progress),
    );
  }

  async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  async isLibrarian(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(LIBRARIAN);
  }

  // ---------------------------------------------------------------- items

  async listItems(scope: Scope, query: ItemQuery) {
    const filter: repo.ItemFilter = {
      kind: query.kind,
      tag: query.tag || undefined,
      language: query.language || undefined,
      age: query.age,
      available: query.available === undefined ? undefined : query.available === 'true',
      archived: query.archived === 'true',
    };
    const search = query.search?.trim().toLowerCase();
    if (search) {
      filter.words = search.split(/\s+/).filter(Boolean);
      filter.barcode = search;
      // An ISBN typed in any form (hyphens, ISBN-10) finds the item stored as ISBN-13.
      const isbn = checkIsbn(search);
      if (isbn) filter.isbn13 = isbn.isbn13;
    }
    const [{ items, total, nextCursor }, canEdit] = await Promise.all([
      repo.itemPage(scope, this.db, filter, query.page, query.page_size, query.cursor),
      this.isLibrarian(scope),
    ]);
    return {
      items: items.map((i) => presentItem(i, canEdit)),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  private async itemRow(scope: Scope, id: string): Promise<repo.ItemWithCounts> {
    const item = await repo.itemById(scope, this.db, id);
    if (!item) throw notFound();
    return item;
  }

  /** An item as the wire shows it (another school's: 404). */
  async item(scope: Scope, id: string): Promise<LibraryItem> {
    const [row, canEdit] = await Promise.all([this.itemRow(scope, id), this.isLibrarian(scope)]);
    return presentItem(row, canEdit);
  }

  async itemWithCopies(scope: Scope, id: string): Promise<LibraryItem & { copy_list: ItemCopy[] }> {
    const [item, copies, today] = await Promise.all([
      this.item(scope, id),
      repo.copiesOfItem(scope, this.db, id),
      this.today(scope),
    ]);
    return { ...item, copy_list: copies.map((c) => presentCopy(c, today)) };
  }

  /** The item's checked values: the ISBN as ISBN-13 digits (400 INVALID_ISBN), refusing another item's ISBN. */
  private async itemValues(scope: Scope, input: LibraryItemRequest, exceptId?: string) {
    let isbn13: string | null = null;
    if (input.isbn?.trim()) {
      const isbn = checkIsbn(input.isbn);
      if (!isbn) throw badRequest(LIBRARY_MESSAGES.invalidIsbn, ERROR_CODES.invalidIsbn, 'isbn');
      isbn13 = isbn.isbn13;
      const existing = await repo.itemsByIsbn(scope, this.db, [isbn13]);
      if (existing.some((e) => e.id !== exceptId)) throw duplicateIsbn();
    }
    const values = {
      kind: input.kind,
      title: input.title,
      subtitle: input.subtitle || null,
      authors: input.authors,
      isbn13,
      publisher: input.publisher || null,
      publishedYear: input.published_year ?? null,
      language: input.language?.toLowerCase() || null,
      ageMin: input.age_min ?? null,
      ageMax: input.age_max ?? null,
      tags: input.tags,
      description: input.description || null,
    };
    return { ...values, searchText: searchTextOf(values) };
  }

  async createItem(scope: Scope, input: LibraryItemRequest & { copies: number }): Promise<LibraryItem> {
    const values = await this.itemValues(scope, input);
    const id = newId();
    const today = await this.today(scope);
    try {
      await this.db.transaction(async (tx) => {
        await repo.insertItems(scope, tx, [{ ...values, id, createdBy: scope.userId }]);
        if (input.copies > 0) {
          const barcodes = await this.nextBarcodes(scope, tx, input.copies);
          await repo.insertCopies(
            scope,
            tx,
            barcodes.map((barcode) => ({ id: newId(), itemId: id, barcode, acquiredOn: today })),
          );
        }
      });
    } catch (e) {
      if (isUniqueViolation(e, 'isbn')) throw duplicateIsbn();
      throw e;
    }
    return this.item(scope, id);
  }

  async updateItem(scope: Scope, id: string, input: LibraryItemRequest): Promise<LibraryItem> {
    await this.itemRow(scope, id);
    const values = await this.itemValues(scope, input, id);
    try {
      await repo.updateItem(scope, this.db, id, values);
    } catch (e) {
      if (isUniqueViolation(e, 'isbn')) throw duplicateIsbn();
      throw e;
    }
    return this.item(scope, id);
  }

  /** Hides the item from the catalogue's search and from lending; refused while a copy is out. */
  async archiveItem(scope: Scope, id: string): Promise<void> {
    const item = await this.itemRow(scope, id);
    if (item.archivedAt) return;
    if ((await repo.openLoans(scope, this.db, id)) > 0)
      throw new AppError(409, LIBRARY_MESSAGES.itemOnLoan, ERROR_CODES.itemOnLoan);
    await repo.updateItem(scope, this.db, id, { archivedAt: this.clock.now() });
  }

  async restoreItem(scope: Scope, id: string): Promise<LibraryItem> {
    await this.itemRow(scope, id);
    await repo.updateItem(scope, this.db, id, { archivedAt: null });
    return this.item(scope, id);
  }

  // ---------------------------------------------------------------- copies

  /**
   * Takes `n` barcodes of the school's sequence (`<prefix><number>`), in the caller's transaction; one
   * statement moves the sequence on, so two desks never get the same numbers.
   */
  async nextBarcodes(scope: Scope, tx: Queryable, n: number): Promise<string[]> {
    if (n <= 0) return [];
    const { prefix, first } = await repo.takeBarcodeNumbers(scope, tx, n);
    return Array.from({ length: n }, (_, i) => formatBarcode(prefix, first + i));
  }

  /** Adds copies to an item: `count` from the sequence or the given barcodes (all or none: 409 naming a taken one). */
  async addCopies(
    scope: Scope,
    itemId: string,
    input: { count?: number; barcodes?: string[]; location?: string | null },
  ): Promise<ItemCopy[]> {
    await this.itemRow(scope, itemId);
    const today = await this.today(scope);
    const given = input.barcodes?.map((b) => b.trim());
    if (given) {
      const seen = new Set<string>();
      for (const b of given) {
        if (seen.has(b.toLowerCase())) throw barcodeTaken(b);
        seen.add(b.toLowerCase());
      }
      const taken = await repo.takenBarcodes(scope, this.db, given);
      if (taken.length) throw barcodeTaken(taken[0] ?? '');
    }
    const ids: string[] = [];
    try {
      await this.db.transaction(async (tx) => {
        const barcodes = given ?? (await this.nextBarcodes(scope, tx, input.count ?? 1));
        const rows = barcodes.map((barcode) => ({
          id: newId(),
          itemId,
          barcode,
          location: input.location || null,
          acquiredOn: today,
        }));
        ids.push(...rows.map((r) => r.id));
        await repo.insertCopies(scope, tx, rows);
      });
    } catch (e) {
      // A sequence number someone already typed by hand on a copy, or two desks at once.
      if (isUniqueViolation(e)) {
        const again = given ? await repo.takenBarcodes(scope, this.db, given) : [];
        throw barcodeTaken(again[0] ?? '');
      }
      throw e;
    }
    const copies = await repo.copiesByIds(scope, this.db, ids);
    return copies.map((c) => presentCopy(c, today));
  }

  private async copyRow(scope: Scope, id: string): Promise<repo.CopyDetail> {
    const [copy] = await repo.copiesByIds(scope, this.db, [id]);
    if (!copy) throw notFound();
    return copy;
  }

  async updateCopy(
    scope: Scope,
    id: string,
    input: { barcode?: string; status?: (typeof COPY_SETTABLE_STATUSES)[number]; location?: string | null; note?: string | null },
  ): Promise<ItemCopy> {
    const copy = await this.copyRow(scope, id);
    const values: Partial<repo.CopyValues> = {};
    if (input.barcode !== undefined && input.barcode.trim() !== copy.barcode) {
      const barcode = input.barcode.trim();
      if ((await repo.takenBarcodes(scope, this.db, [barcode], id)).length) throw barcodeTaken(barcode);
      values.barcode = barcode;
    }
    if (input.status !== undefined && input.status !== copy.status) {
      // A copy out on loan comes back through a return (or is marked lost on its loan), not by hand.
      if (copy.status === 'on_loan' || copy.loan)
        throw new AppError(
          409,
          `${LIBRARY_MESSAGES.copyNotAvailable}: it is on loan; take it back first`,
          ERROR_CODES.copyNotAvailable,
        );
      values.status = input.status;
      if (copy.status === 'reserved') values.reservedFor = null;
    }
    if (input.location !== undefined) values.location = input.location || null;
    if (input.note !== undefined) values.note = input.note || null;
    if (Object.keys(values).length) {
      try {
        await repo.updateCopy(scope, this.db, id, values);
      } catch (e) {
        if (isUniqueViolation(e)) throw barcodeTaken(values.barcode ?? '');
        throw e;
      }
    }
    return presentCopy(await this.copyRow(scope, id), await this.today(scope));
  }

  /** The copy with this barcode (trimmed, any case) and its open loan, or null. */
  copyByBarcode(scope: Scope, barcode: string): Promise<repo.CopyDetail | null> {
    return repo.copyByBarcode(scope, this.db, barcode);
  }

  /** The scan: the copy and its item (404 UNKNOWN_BARCODE). */
  async lookup(scope: Scope, barcode: string): Promise<CopyLookup> {
    const copy = await this.copyByBarcode(scope, barcode);
    if (!copy) throw notFound(LIBRARY_MESSAGES.unknownBarcode, ERROR_CODES.unknownBarcode);
    const [item, today] = await Promise.all([this.item(scope, copy.itemId), this.today(scope)]);
    return { copy: presentCopy(copy, today), item };
  }

  async checkIsbn(scope: Scope, text: string) {
    const isbn = checkIsbn(text);
    if (!isbn) return { valid: false, isbn13: null, isbn10: null, existing: null };
    const [existing] = await repo.itemsByIsbn(scope, this.db, [isbn.isbn13]);
    return {
      valid: true,
      isbn13: isbn.isbn13h,
      isbn10: isbn.isbn10h,
      existing: existing ? { id: existing.id, title: existing.title } : null,
    };
  }

  // ---------------------------------------------------------------- settings

  /** The school's loan rules and barcode sequence (the defaults until first saved). */
  async settings(scope: Scope): Promise<LibrarySettings> {
    return presentSettings(await repo.settings(scope, this.db));
  }

  async saveSettings(scope: Scope, input: LibrarySettings): Promise<LibrarySettings> {
    await repo.saveSettings(scope, this.db, {
      rules: [...input.rules].sort((a, b) => a.age_min - b.age_min),
      defaultLoanDays: input.default_loan_days,
      defaultMaxLoans: input.default_max_loans,
      defaultMaxRenewals: input.default_max_renewals,
      barcodePrefix: input.barcode_prefix,
      nextBarcode: input.next_barcode,
      overdueNotices: input.overdue_notices,
      noticeAfterDays: input.notice_after_days,
    });
    return this.settings(scope);
  }

  // ---------------------------------------------------------------- labels

  /**
   * Starts a label sheet of copies (given ids, an item's copies, or a range of barcodes): an export job
   * answers at once. Copies of another school: 404; nothing or more than LABELS_MAX: 400.
   */
  async startLabels(
    scope: Scope,
    input: { copy_ids?: string[]; item_id?: string; from_barcode?: string; to_barcode?: string; skip: number },
  ) {
    let ids: string[];
    if (input.copy_ids) {
      ids = [...new Set(input.copy_ids)];
      const found = await repo.copiesByIds(scope, this.db, ids);
      if (found.length !== ids.length) throw notFound();
    } else if (input.item_id) {
      await this.itemRow(scope, input.item_id);
      ids = await repo.copyIdsOfItem(scope, this.db, input.item_id);
    } else ids = await repo.copyIdsInRange(scope, this.db, input.from_barcode ?? '', input.to_barcode ?? '');
    if (ids.length === 0 || ids.length > LABELS_MAX)
      throw badRequest(LIBRARY_MESSAGES.labelRange, ERROR_CODES.validation, 'copy_ids');
    return this.exports.start(scope, 'library_labels', { copyIds: JSON.stringify(ids), skip: String(input.skip) });
  }

  private async buildLabels(
    scope: Scope,
    copyIds: string[],
    skip: number,
    progress: (share: number) => Promise<void>,
  ): Promise<{ name: string; pdf: Buffer }> {
    const [rows, info] = await Promise.all([repo.labelRows(scope, this.db, copyIds), this.school.info(scope)]);
    const copies: LabelCopy[] = rows.map((r) => ({ barcode: r.barcode, title: r.title }));
    await progress(0.1);
    const pdf = await labelsPdf(info.name, copies, skip, progress);
    return { name: `library-labels-${copies[0]?.barcode ?? 'none'}.pdf`, pdf };
  }
}
