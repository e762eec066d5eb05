import { LIBRARY_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Loans, returns, renewals, reservations, overdue notices and a child's library. */
export function loanRoutes(route: Router, s: Services): void {
  route(ROUTES.libraryLoanList, async ({ auth, query }) => ({ result: await s.loans.list(auth, query) }));
  route(ROUTES.libraryCheckout, async ({ auth, body }) => ({
    result: await s.loans.checkout(auth, body),
    message: LIBRARY_MESSAGES.checkedOut,
  }));
  route(ROUTES.libraryReturn, async ({ auth, body }) => ({
    result: await s.loans.checkin(auth, body),
    message: LIBRARY_MESSAGES.returned,
  }));
  route(ROUTES.libraryRenew, async ({ auth, params }) => ({
    result: await s.loans.renew(auth, params.id),
    message: LIBRARY_MESSAGES.renewed,
  }));
  route(ROUTES.libraryLoanLost, async ({ auth, params, body }) => ({
    result: await s.loans.markLost(auth, params.id, body.note),
    message: LIBRARY_MESSAGES.markedLost,
  }));
  route(ROUTES.libraryCopyLoans, async ({ auth, params, query }) => ({
    result: await s.loans.copyLoans(auth, params.id, query),
  }));
  route(ROUTES.libraryStudents, async ({ auth, query }) => ({ result: await s.loans.students(auth, query.class_id) }));
  route(ROUTES.libraryReservationList, async ({ auth, query }) => ({ result: await s.loans.reservations(auth, query) }));
  route(ROUTES.libraryReservationCreate, async ({ auth, body }) => ({
    result: await s.loans.reserve(auth, body),
    message: LIBRARY_MESSAGES.reserved,
  }));
  route(ROUTES.libraryReservationCancel, async ({ auth, params }) => {
    await s.loans.cancelReservation(auth, params.id);
    return { result: true, message: LIBRARY_MESSAGES.reservationCancelled };
  });
  route(ROUTES.libraryOverdue, async ({ auth, query }) => ({ result: await s.loans.overdue(auth, query.class_id) }));
  route(ROUTES.libraryNotices, async ({ auth, body }) => ({
    result: await s.loans.sendNotices(auth, body),
    message: LIBRARY_MESSAGES.noticesSent,
  }));
  route(ROUTES.childLibrary, async ({ auth, params }) => ({ result: await s.loans.childLibrary(auth, params.id) }));
}
