import { ddmmyyyyFromIso, type ItemCopy, type LibraryItem, type LibrarySettings } from '@cue/contract';
import { parse as parseIsbn } from 'isbn3';
import { signMedia } from '../../platform/media-urls.js';
import type { CopyDetail, ItemWithCounts, SettingsRow } from './catalogue-repo.js';

/** An ISBN-13 (digits) as the wire shows it: hyphenated, with its ISBN-10 form when it has one. */
export function isbnForms(isbn13: string | null): { isbn: string | null; isbn10: string | null } {
  if (!isbn13) return { isbn: null, isbn10: null };
  const parsed = parseIsbn(isbn13);
  return { isbn: parsed?.isbn13h ?? isbn13, isbn10: parsed?.isbn10h ?? null };
}

/** An item of the catalogue; `canEdit` is the caller's LIBRARIAN permission. */
export function presentItem(r: ItemWithCounts, canEdit: boolean): LibraryItem {
  return {
    id: r.id,
    kind: r.kind as LibraryItem['kind'],
    title: r.title,
    subtitle: r.subtitle,
    authors: r.authors,
    ...isbnForms(r.isbn13),
    publisher: r.publisher,
    published_year: r.publishedYear,
    language: r.language,
    age_min: r.ageMin,
    age_max: r.ageMax,
    tags: r.tags,
    description: r.description,
    copies: { total: r.total, available: r.available, on_loan: r.onLoan },
    waiting: r.waiting,
    archived: r.archivedAt !== null,
    created_at: r.createdAt.toISOString(),
    abilities: { can_edit: canEdit, can_lend: r.archivedAt === null },
  };
}

const studentRef = (s: { id: string; firstName: string; lastName: string; profilePicture: string | null }) => ({
  id: s.id,
  first_name: s.firstName,
  last_name: s.lastName,
  student_profile_picture: signMedia(s.profilePicture),
});

/** A copy with its open loan (overdue when due before `today`, ISO) and the child it is kept for. */
export function presentCopy(c: CopyDetail, today: string): ItemCopy {
  return {
    id: c.id,
    item_id: c.itemId,
    barcode: c.barcode,
    status: c.status as ItemCopy['status'],
    location: c.location,
    note: c.note,
    acquired_on: c.acquiredOn ? ddmmyyyyFromIso(c.acquiredOn) : null,
    current_loan: c.loan
      ? {
          id: c.loan.id,
          student: studentRef(c.loan.student),
          checked_out_at: c.loan.checkedOutAt.toISOString(),
          due_on: ddmmyyyyFromIso(c.loan.dueOn),
          overdue: c.loan.dueOn < today,
        }
      : null,
    reserved_for: c.keptFor ? studentRef(c.keptFor) : null,
    created_at: c.createdAt.toISOString(),
  };
}

export function presentSettings(s: SettingsRow): LibrarySettings {
  return {
    rules: s.rules,
    default_loan_days: s.defaultLoanDays,
    default_max_loans: s.defaultMaxLoans,
    default_max_renewals: s.defaultMaxRenewals,
    barcode_prefix: s.barcodePrefix,
    next_barcode: s.nextBarcode,
    overdue_notices: s.overdueNotices,
    notice_after_days: s.noticeAfterDays,
  };
}
