import { ddmmyyyyFromIso, type Loan, type Reservation } from '@cue/contract';
import ISBN from 'isbn3';
import { signMedia } from '../../platform/media-urls.js';
import type { LoanRow, ReservationRow, StudentRow } from './loan-repo.js';

/** ISBN-13 digits as the wire shows them: hyphenated by isbn3's registration ranges. */
const isbnOut = (digits: string): string => ISBN.parse(digits)?.isbn13h ?? digits;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const presentStudent = (s: Pick<StudentRow, 'id' | 'firstName' | 'lastName' | 'profilePicture'>) => ({
  id: s.id,
  first_name: s.firstName,
  last_name: s.lastName,
  student_profile_picture: signMedia(s.profilePicture),
});

const person = (p: { id: string | null; firstName: string | null; lastName: string | null } | null) =>
  p?.id ? { id: p.id, first_name: p.firstName ?? '', last_name: p.lastName ?? '' } : null;

/**
 * A loan on the wire. `today` is the school's day (overdue: open and due before it); `staff` whether the
 * reader may act on it (a family only reads).
 */
export function presentLoan(r: LoanRow, today: string, staff: boolean): Loan {
  const l = r.loan;
  const open = l.status === 'open';
  const overdue = open && l.dueOn < today;
  return {
    id: l.id,
    copy: { id: l.copyId, barcode: r.barcode },
    item: { id: l.itemId, title: r.title, authors: r.authors, isbn: r.isbn13 ? isbnOut(r.isbn13) : null },
    student: { ...presentStudent(r.student), class_name: r.className ?? null },
    checked_out_at: l.checkedOutAt.toISOString(),
    checked_out_by: person(r.outBy),
    due_on: ddmmyyyyFromIso(l.dueOn),
    returned_at: l.returnedAt?.toISOString() ?? null,
    returned_by: person(r.backBy),
    renewals: l.renewals,
    status: l.status as Loan['status'],
    overdue,
    days_overdue: overdue ? daysBetween(l.dueOn, today) : 0,
    condition: (l.condition as Loan['condition']) ?? null,
    note: l.note,
    notice_sent_at: l.noticeSentAt?.toISOString() ?? null,
    abilities: { can_return: staff && open, can_renew: staff && open, can_mark_lost: staff && open },
  };
}

export function presentReservation(r: ReservationRow, position: number | null): Reservation {
  const v = r.reservation;
  return {
    id: v.id,
    item: { id: v.itemId, title: r.title },
    student: presentStudent(r.student),
    status: v.status as Reservation['status'],
    position: v.status === 'waiting' ? position : null,
    ready_copy: v.readyCopyId && r.readyBarcode ? { id: v.readyCopyId, barcode: r.readyBarcode } : null,
    created_at: v.createdAt.toISOString(),
    created_by: person(r.by),
  };
}
