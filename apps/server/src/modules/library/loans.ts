import {
  addDays,
  type ChildLibrary,
  type checkoutRequestSchema,
  ddmmyyyyFromIso,
  ERROR_CODES,
  LIBRARIAN,
  LIBRARY_MESSAGES,
  type LibrarySettings,
  type Loan,
  type libraryStudentSchema,
  type loanQuerySchema,
  type noticesRequestSchema,
  type Reservation,
  type returnRequestSchema,
  type returnResultSchema,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { html, trustedHtml } from '../../platform/email.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { wallClock, zonedToInstant } from '../../platform/zoned.js';
import type { AttendanceService } from '../attendance/service.js';
import type { ChildRecordService } from '../children/service.js';
import type { ClassService } from '../classes/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { presentLoan, presentReservation, presentStudent } from './loan-presenter.js';
import * as repo from './loan-repo.js';
import { type LibraryService, ruleForAge } from './service.js';

/** The job that emails the families of loans just noticed (payload: school_id, user_id, loan_ids). */
export const LIBRARY_NOTICE_JOB = 'library.notice-email';
/** The school's daily run of overdue notices (payload: school_id, day). */
export const LIBRARY_DAILY_NOTICES_JOB = 'library.daily-notices';
/** One job per school and day: a run queues the next day's under its own key (a key's row is marked done when its run ends). */
export const dailyNoticesKey = (schoolId: string, day: string) => `library-notices:${schoolId}:${day}`;
/** The daily run starts at 08:00 on the school's clock. */
const DAILY_MINUTE = 8 * 60;
/** A loan still overdue is noticed again at most once a week. */
const RENOTICE_DAYS = 7;
const HISTORY = 10;

/** Whole years from a date of birth to a day (both ISO). */
export function ageOn(dateOfBirth: string | null, day: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  if (!by || !bm || !bd || !y || !m || !d) return null;
  return Math.max(0, y - by - (m < bm || (m === bm && d < bd) ? 1 : 0));
}

/** A refused write of a second open loan of a copy (the partial unique index), however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

const notAvailable = (message: string = LIBRARY_MESSAGES.copyNotAvailable) =>
  new AppError(409, message, ERROR_CODES.copyNotAvailable);

/**
 * Loans (issue 24): check out and in by barcode, due dates from the school's rules by the child's age,
 * renewals, reservations, overdue lists and notices to families, lost and damaged copies, and a
 * child's library as the family sees it.
 */
export class LoanService {
  /** Schools whose daily notices this process has put on the queue. */
  private readonly scheduled = new Set<string>();

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly library: LibraryService,
    readonly school: SchoolService,
    readonly classes: ClassService,
    readonly children: ChildRecordService,
    readonly scopes: ScopeFactory,
    readonly jobs: JobQueue,
    readonly emailTemplates: EmailTemplateService,
    readonly events: EventBus,
    readonly attendance: AttendanceService,
    readonly people: PeopleService,
  ) {
    jobs.handle(LIBRARY_NOTICE_JOB, (payload) => this.emailNotices(payload));
    jobs.handle(LIBRARY_DAILY_NOTICES_JOB, async (payload) => {
      await this.runDailyNotices(payload);
    });
  }

  // ---------------------------------------------------------------- rules

  private async today(scope: Scope, schoolId?: string): Promise<string> {
    return todayIn(await this.school.timeZone(scope, scope.kind === 'staff' ? undefined : schoolId), this.clock.now());
  }

  /**
   * The school's library settings (a family: the school of the child, which the catalogue's
   * `settings`, a staff read, does not reach), and its daily notices kept on the queue.
   */
  async rules(scope: Scope, schoolId?: string): Promise<LibrarySettings> {
    const school = schoolId ?? staffSchool(scope);
    const row = await repo.settings(scope, this.db, school);
    if (scope.kind === 'staff') await this.ensureDaily(school);
    return {
      rules: row?.rules ?? [],
      default_loan_days: row?.defaultLoanDays ?? 14,
      default_max_loans: row?.defaultMaxLoans ?? 2,
      default_max_renewals: row?.defaultMaxRenewals ?? 1,
      overdue_notices: row?.overdueNotices ?? true,
      notice_after_days: row?.noticeAfterDays ?? 1,
      barcode_prefix: row?.barcodePrefix ?? 'LIB',
      next_barcode: row?.nextBarcode ?? 1,
    };
  }

  /** The rule that applies to each of these children today (by their age from the record's date of birth). */
  private async rulesOf(scope: Scope, studentIds: readonly string[], today: string, schoolId?: string) {
    const [settings, births] = await Promise.all([this.rules(scope, schoolId), this.children.birthDatesOf(scope, studentIds)]);
    return new Map(
      studentIds.map((id) => {
        const { loan_days, max_loans, max_renewals } = ruleForAge(settings, ageOn(births.get(id) ?? null, today));
        return [id, { loan_days, max_loans, max_renewals }];
      }),
    );
  }

  /**
   * Which children the caller's lists show: every child for holders of admin_portal.students,
   * admin_portal.classes or the librarian's permission; a teacher's classes' children otherwise.
   */
  private async reach(scope: Scope): Promise<repo.Reach> {
    staffSchool(scope);
    const held = await scope.rolePermissions();
    if (held.has('admin_portal.students') || held.has('admin_portal.classes') || held.has(LIBRARIAN)) return { all: true };
    return { all: false, classIds: [...(await scope.taughtClassIds())] };
  }

  private async loanOut(scope: Scope, id: string, today: string): Promise<Loan> {
    const [row] = await repo.loans(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    return presentLoan(row, today, scope.kind === 'staff');
  }

  private async loanRow(scope: Scope, id: string) {
    staffSchool(scope);
    const [row] = await repo.loans(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    return row;
  }

  // ---------------------------------------------------------------- lending

  /** A due day the child's class meets on: a loan due on a weekend or a holiday is due the next school day. */
  private async dueDay(scope: Scope, studentId: string, day: string): Promise<string> {
    const classIds = (await scope.childrenInSchool([studentId])).get(studentId) ?? [];
    return classIds.length ? this.attendance.nextClassDay(scope, classIds, day) : day;
  }

  /** Lends the scanned copy to a child the caller reaches. */
  async checkout(scope: Scope, body: z.infer<typeof checkoutRequestSchema>): Promise<Loan> {
    staffSchool(scope);
    await requireAccess(scope, 'child', [body.student_id]);
    const copy = await repo.copyByBarcode(scope, this.db, body.barcode);
    if (!copy) throw notFound(LIBRARY_MESSAGES.unknownBarcode, ERROR_CODES.unknownBarcode);
    if (copy.itemArchivedAt) throw notAvailable();
    if (copy.status === 'reserved' && copy.reservedFor !== body.student_id) throw notAvailable(LIBRARY_MESSAGES.reservedForOther);
    if (copy.status !== 'available' && copy.status !== 'reserved') throw notAvailable();
    const today = await this.today(scope);
    const rule = (await this.rulesOf(scope, [body.student_id], today)).get(body.student_id);
    if (!rule) throw notFound();
    const counts = (await repo.countsOf(scope, this.db, [body.student_id], today)).get(body.student_id);
    if ((counts?.open ?? 0) >= rule.max_loans) throw new AppError(409, LIBRARY_MESSAGES.loanLimit, ERROR_CODES.loanLimit);
    if (await repo.openLoanOfItem(scope, this.db, body.student_id, copy.itemId))
      throw notAvailable(LIBRARY_MESSAGES.alreadyBorrowed);
    let due = await this.dueDay(scope, body.student_id, addDays(today, rule.loan_days));
    if (body.due_on) {
      due = isoFromWire(body.due_on, 'due_on');
      if (due < today) throw badRequest(LIBRARY_MESSAGES.dueInPast, ERROR_CODES.validation, 'due_on');
    }
    const id = newId();
    try {
      await this.db.transaction(async (tx) => {
        await repo.insertLoan(scope, tx, {
          id,
          schoolId: staffSchool(scope),
          copyId: copy.id,
          itemId: copy.itemId,
          studentId: body.student_id,
          checkedOutAt: this.clock.now(),
          checkedOutBy: scope.userId,
          dueOn: due,
        });
        // The copy may have been kept for another child, or marked lost, since it was read.
        const moved = await repo.setCopy(scope, tx, copy.id, { status: 'on_loan', reservedFor: null }, ['available', 'reserved']);
        if (!moved) throw notAvailable();
        await repo.fulfil(scope, tx, body.student_id, copy.itemId);
      });
    } catch (err) {
      // Two desks scanned the same copy at once: the other one's loan is the copy's open loan.
      if (isUniqueViolation(err)) throw notAvailable();
      throw err;
    }
    return this.loanOut(scope, id, today);
  }

  /**
   * Takes a copy back, whoever lent it (a return is never refused for class reasons). A damaged copy
   * goes to repair; otherwise the first child waiting for the item has it kept for them.
   */
  async checkin(scope: Scope, body: z.infer<typeof returnRequestSchema>): Promise<z.infer<typeof returnResultSchema>> {
    staffSchool(scope);
    const copy = await repo.copyByBarcode(scope, this.db, body.barcode);
    if (!copy) throw notFound(LIBRARY_MESSAGES.unknownBarcode, ERROR_CODES.unknownBarcode);
    const loan = await repo.openLoanOfCopy(scope, this.db, copy.id);
    if (!loan) throw new AppError(409, LIBRARY_MESSAGES.copyNotOnLoan, ERROR_CODES.copyNotOnLoan);
    const damaged = body.condition === 'damaged';
    const note = body.note?.trim() || null;
    const next = damaged ? undefined : (await repo.queues(scope, this.db, [copy.itemId])).get(copy.itemId)?.[0];
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const closed = await repo.updateOpenLoan(scope, tx, loan.loan.id, {
        status: 'returned',
        returnedAt: now,
        returnedBy: scope.userId,
        condition: body.condition,
        note: note ?? loan.loan.note,
      });
      if (!closed) throw new AppError(409, LIBRARY_MESSAGES.copyNotOnLoan, ERROR_CODES.copyNotOnLoan);
      if (damaged) await repo.setCopy(scope, tx, copy.id, { status: 'repair', reservedFor: null, note: note ?? copy.note });
      else if (next) {
        await repo.setCopy(scope, tx, copy.id, { status: 'reserved', reservedFor: next.studentId });
        await repo.setReservation(scope, tx, next.id, { status: 'ready', readyCopyId: copy.id, readyAt: now }, ['waiting']);
      } else await repo.setCopy(scope, tx, copy.id, { status: 'available', reservedFor: null });
    });
    const today = await this.today(scope);
    const [keptFor] = next ? await repo.studentsByIds(scope, this.db, [next.studentId]) : [];
    return { loan: await this.loanOut(scope, loan.loan.id, today), kept_for: keptFor ? presentStudent(keptFor) : null };
  }

  /** One more loan period, unless the rule's renewals are used up or another child waits for the item. */
  async renew(scope: Scope, id: string): Promise<Loan> {
    const row = await this.loanRow(scope, id);
    if (row.loan.status !== 'open') throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.loanClosed);
    await requireAccess(scope, 'child', [row.loan.studentId]);
    const today = await this.today(scope);
    const rule = (await this.rulesOf(scope, [row.loan.studentId], today)).get(row.loan.studentId);
    if (!rule) throw notFound();
    if (row.loan.renewals >= rule.max_renewals) throw new AppError(409, LIBRARY_MESSAGES.renewLimit, ERROR_CODES.renewLimit);
    const waiting = (await repo.queues(scope, this.db, [row.loan.itemId])).get(row.loan.itemId) ?? [];
    if (waiting.some((w) => w.studentId !== row.loan.studentId))
      throw new AppError(409, LIBRARY_MESSAGES.renewReserved, ERROR_CODES.renewLimit);
    const due = await this.dueDay(
      scope,
      row.loan.studentId,
      addDays(row.loan.dueOn > today ? row.loan.dueOn : today, rule.loan_days),
    );
    const done = await repo.updateOpenLoan(
      scope,
      this.db,
      id,
      { dueOn: due, renewals: row.loan.renewals + 1 },
      row.loan.renewals,
    );
    if (!done) throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.loanClosed);
    return this.loanOut(scope, id, today);
  }

  /** The loan and its copy are lost. */
  async markLost(scope: Scope, id: string, note: string | null | undefined): Promise<Loan> {
    const row = await this.loanRow(scope, id);
    if (row.loan.status !== 'open') throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.loanClosed);
    await requireAccess(scope, 'child', [row.loan.studentId]);
    await this.db.transaction(async (tx) => {
      const done = await repo.updateOpenLoan(scope, tx, id, { status: 'lost', note: note?.trim() || row.loan.note });
      if (!done) throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.loanClosed);
      await repo.setCopy(scope, tx, row.loan.copyId, { status: 'lost', reservedFor: null });
    });
    return this.loanOut(scope, id, await this.today(scope));
  }

  // ---------------------------------------------------------------- lists

  async list(scope: Scope, query: z.infer<typeof loanQuerySchema>) {
    if (query.student_id) await requireAccess(scope, 'child', [query.student_id]);
    if (query.class_id) await requireAccess(scope, 'class', [query.class_id]);
    const today = await this.today(scope);
    const filter: repo.LoanFilter = {
      studentIds: query.student_id ? [query.student_id] : undefined,
      classId: query.class_id,
      itemId: query.item_id,
      copyId: query.copy_id,
      status: query.status,
      today,
      reach: await this.reach(scope),
    };
    const limit = query.page_size;
    const [{ rows, nextCursor }, total] = await Promise.all([
      repo.loanPage(scope, this.db, filter, { limit, offset: (query.page - 1) * limit, cursor: query.cursor }),
      repo.loanCount(scope, this.db, filter),
    ]);
    return {
      items: rows.map((r) => presentLoan(r, today, true)),
      total,
      page: query.page,
      page_size: limit,
      next_cursor: nextCursor,
    };
  }

  /** A copy's loans, newest first (book-wise): the loans of the children the caller reaches. */
  async copyLoans(scope: Scope, copyId: string, page: { page: number; page_size: number; cursor?: string }) {
    staffSchool(scope);
    if (!(await repo.copyById(scope, this.db, copyId))) throw notFound();
    return this.list(scope, { copy_id: copyId, status: 'all', ...page });
  }

  /** The student-wise list: each child of a class with what they have out and what their rule allows. */
  async students(scope: Scope, classId: string): Promise<z.infer<typeof libraryStudentSchema>[]> {
    staffSchool(scope);
    await requireAccess(scope, 'class', [classId]);
    const kids = await repo.classChildren(scope, this.db, classId);
    const ids = kids.map((k) => k.id);
    const today = await this.today(scope);
    const [counts, rules] = await Promise.all([repo.countsOf(scope, this.db, ids, today), this.rulesOf(scope, ids, today)]);
    return kids.map((k) => {
      const c = counts.get(k.id);
      return {
        student: presentStudent(k),
        open_loans: c?.open ?? 0,
        overdue: c?.overdue ?? 0,
        reservations: c?.reservations ?? 0,
        max_loans: rules.get(k.id)?.max_loans ?? 0,
      };
    });
  }

  /** Open loans past their due date, the longest overdue first. */
  async overdue(scope: Scope, classId?: string): Promise<Loan[]> {
    staffSchool(scope);
    if (classId) await requireAccess(scope, 'class', [classId]);
    const today = await this.today(scope);
    const rows = await repo.loans(
      scope,
      this.db,
      { status: 'overdue', today, classId, reach: await this.reach(scope) },
      undefined,
      'oldestDue',
    );
    return rows.map((r) => presentLoan(r, today, true));
  }

  // ---------------------------------------------------------------- reservations

  private async presentReservations(scope: Scope, rows: repo.ReservationRow[], schoolId?: string): Promise<Reservation[]> {
    const queues = await repo.queues(scope, this.db, [...new Set(rows.map((r) => r.reservation.itemId))], schoolId);
    return rows.map((r) => {
      const place = (queues.get(r.reservation.itemId) ?? []).findIndex((w) => w.id === r.reservation.id);
      return presentReservation(r, place < 0 ? null : place + 1);
    });
  }

  async reservations(
    scope: Scope,
    query: { item_id?: string; student_id?: string; status: 'active' | 'all' },
  ): Promise<Reservation[]> {
    staffSchool(scope);
    if (query.student_id) await requireAccess(scope, 'child', [query.student_id]);
    const rows = await repo.reservations(scope, this.db, {
      itemId: query.item_id,
      studentIds: query.student_id ? [query.student_id] : undefined,
      statuses: query.status === 'active' ? ['waiting', 'ready'] : undefined,
      reach: await this.reach(scope),
    });
    return this.presentReservations(scope, rows);
  }

  private async reservationOut(scope: Scope, id: string): Promise<Reservation> {
    const [row] = await repo.reservations(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    const [out] = await this.presentReservations(scope, [row]);
    if (!out) throw notFound();
    return out;
  }

  /** A child waits for an item; a copy on the shelf is kept for them at once. */
  async reserve(scope: Scope, body: { item_id: string; student_id: string }): Promise<Reservation> {
    staffSchool(scope);
    await requireAccess(scope, 'child', [body.student_id]);
    const item = await repo.item(scope, this.db, body.item_id);
    if (!item) throw notFound();
    if (item.archivedAt) throw notAvailable();
    const active = await repo.reservations(scope, this.db, {
      itemId: body.item_id,
      studentIds: [body.student_id],
      statuses: ['waiting', 'ready'],
    });
    if (active.length) throw new AppError(409, LIBRARY_MESSAGES.alreadyReserved, ERROR_CODES.alreadyReserved);
    if (await repo.openLoanOfItem(scope, this.db, body.student_id, body.item_id))
      throw notAvailable(LIBRARY_MESSAGES.alreadyBorrowed);
    const waiting = (await repo.queues(scope, this.db, [body.item_id])).get(body.item_id) ?? [];
    const shelf = waiting.length === 0 ? await repo.availableCopy(scope, this.db, body.item_id) : null;
    const id = newId();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const kept = shelf
        ? await repo.setCopy(scope, tx, shelf, { status: 'reserved', reservedFor: body.student_id }, ['available'])
        : false;
      await repo.insertReservation(scope, tx, {
        id,
        schoolId: staffSchool(scope),
        itemId: body.item_id,
        studentId: body.student_id,
        status: kept ? 'ready' : 'waiting',
        readyCopyId: kept ? shelf : null,
        readyAt: kept ? now : null,
        createdBy: scope.userId,
        // created_at is the database's clock: the queue's order, to the microsecond.
      });
    });
    return this.reservationOut(scope, id);
  }

  /** Cancels a reservation; a copy kept for it goes to the next child waiting, or back on the shelf. */
  async cancelReservation(scope: Scope, id: string): Promise<void> {
    staffSchool(scope);
    const [row] = await repo.reservations(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    await requireAccess(scope, 'child', [row.reservation.studentId]);
    const r = row.reservation;
    if (r.status !== 'waiting' && r.status !== 'ready')
      throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.conflict);
    const next = r.status === 'ready' ? (await repo.queues(scope, this.db, [r.itemId])).get(r.itemId)?.[0] : undefined;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.setReservation(scope, tx, id, { status: 'cancelled' }, [r.status])))
        throw new AppError(409, LIBRARY_MESSAGES.loanClosed, ERROR_CODES.conflict);
      if (r.status !== 'ready' || !r.readyCopyId) return;
      if (next) {
        await repo.setCopy(scope, tx, r.readyCopyId, { status: 'reserved', reservedFor: next.studentId }, ['reserved']);
        await repo.setReservation(scope, tx, next.id, { status: 'ready', readyCopyId: r.readyCopyId, readyAt: now }, ['waiting']);
      } else await repo.setCopy(scope, tx, r.readyCopyId, { status: 'available', reservedFor: null }, ['reserved']);
    });
  }

  // ---------------------------------------------------------------- the child's library

  /** What a child has out, their last returns, reservations and rule: for the family and the staff who reach the child. */
  async childLibrary(scope: Scope, studentId: string): Promise<ChildLibrary> {
    await requireAccess(scope, 'child', [studentId]);
    const [student] = await repo.studentsByIds(scope, this.db, [studentId]);
    if (!student) throw notFound();
    const features = scope.kind === 'staff' ? await scope.schoolPermissions() : await this.scopes.featuresOf(student.schoolId);
    if (!features.has('library_management')) throw forbidden();
    const today = await this.today(scope, student.schoolId);
    const [open, returned, reservations, rules] = await Promise.all([
      repo.loans(scope, this.db, { studentIds: [studentId], status: 'open' }, undefined, 'oldestDue'),
      repo.loans(scope, this.db, { studentIds: [studentId], status: 'returned' }, { limit: HISTORY, offset: 0 }, 'returned'),
      repo.reservations(scope, this.db, { studentIds: [studentId], statuses: ['waiting', 'ready'] }),
      this.rulesOf(scope, [studentId], today, student.schoolId),
    ]);
    const staff = scope.kind === 'staff';
    const rule = rules.get(studentId) ?? { loan_days: 0, max_loans: 0, max_renewals: 0 };
    return {
      student: presentStudent(student),
      loans: open.map((r) => presentLoan(r, today, staff)),
      history: returned.map((r) => presentLoan(r, today, staff)),
      reservations: await this.presentReservations(scope, reservations, student.schoolId),
      rule,
    };
  }

  // ---------------------------------------------------------------- overdue notices

  /**
   * Notices for these overdue loans (or every overdue loan the caller reaches): marked at once, and the
   * families emailed by a job. Answers how many loans were noticed and how many families they reach.
   */
  async sendNotices(scope: Scope, body: z.infer<typeof noticesRequestSchema>): Promise<{ sent: number; families: number }> {
    const schoolId = staffSchool(scope);
    const today = await this.today(scope);
    let rows: repo.LoanRow[];
    if (body.loan_ids) {
      const ids = [...new Set(body.loan_ids)];
      rows = await repo.loans(scope, this.db, { ids });
      if (rows.length !== ids.length) throw notFound();
      await requireAccess(
        scope,
        'child',
        rows.map((r) => r.loan.studentId),
      );
      rows = rows.filter((r) => r.loan.status === 'open' && r.loan.dueOn < today);
    } else rows = await repo.loans(scope, this.db, { status: 'overdue', today, reach: await this.reach(scope) });
    return this.notice(scope, schoolId, rows);
  }

  private async notice(scope: Scope, schoolId: string, rows: repo.LoanRow[]): Promise<{ sent: number; families: number }> {
    if (rows.length === 0) return { sent: 0, families: 0 };
    const ids = rows.map((r) => r.loan.id);
    const families = await this.people.familiesOf(
      scope,
      rows.map((r) => r.loan.studentId),
    );
    await repo.markNoticed(scope, this.db, ids, this.clock.now());
    await this.jobs.schedule(`library-notice:${newId()}`, LIBRARY_NOTICE_JOB, this.clock.now(), {
      school_id: schoolId,
      user_id: scope.userId,
      loan_ids: ids,
    });
    return { sent: ids.length, families: new Set(families.filter((f) => f.email).map((f) => f.userId)).size };
  }

  private systemScope(schoolId: string, userId = ''): Scope {
    return this.scopes.of({ userId, kind: 'staff', schoolId, sessionId: 'job:library', isTemp: false });
  }

  /** The job: one email per family member with an address, listing their children's overdue items; their open apps are told. */
  async emailNotices(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.school_id ?? '');
    const ids = Array.isArray(payload.loan_ids) ? payload.loan_ids.map(String) : [];
    if (!schoolId || ids.length === 0) return;
    const scope = this.systemScope(schoolId, String(payload.user_id ?? ''));
    const rows = (await repo.loans(scope, this.db, { ids, status: 'open' }, undefined, 'oldestDue')).filter(
      (r) => r.loan.noticeSentAt,
    );
    if (rows.length === 0) return;
    const [families, info] = await Promise.all([
      this.people.familiesOf(
        scope,
        rows.map((r) => r.loan.studentId),
      ),
      this.school.info(scope),
    ]);
    const byUser = new Map<string, { email: string | null; firstName: string; studentIds: Set<string> }>();
    for (const f of families) {
      const entry = byUser.get(f.userId) ?? { email: f.email, firstName: f.firstName, studentIds: new Set<string>() };
      entry.studentIds.add(f.studentId);
      byUser.set(f.userId, entry);
    }
    this.events.publish('library.notice', {
      schoolId,
      userIds: [...byUser.keys()],
      studentIds: [...new Set(rows.map((r) => r.loan.studentId))],
    });
    for (const [userId, f] of byUser) {
      if (!f.email) continue;
      const mine = rows.filter((r) => f.studentIds.has(r.loan.studentId));
      const list = trustedHtml(
        mine
          .map(
            (r) =>
              html`<li><strong>${r.title}</strong>${r.authors.length ? ` by ${r.authors.join(', ')}` : ''}: borrowed by ${r.student.firstName}, due ${ddmmyyyyFromIso(r.loan.dueOn)}</li>`
                .value,
          )
          .join(''),
      );
      await this.emailTemplates.send(scope, {
        key: 'library_overdue',
        to: f.email,
        userId,
        values: { first_name: f.firstName, book_list: html`<ul>${list}</ul>`, school_name: info.name },
      });
    }
  }

  /** Puts the school's next daily run at 08:00 on its clock (once per process unless `after` moves it on). */
  private async ensureDaily(schoolId: string, after?: string): Promise<void> {
    if (!after && this.scheduled.has(schoolId)) return;
    this.scheduled.add(schoolId);
    const system = this.systemScope(schoolId);
    const zone = await this.school.timeZone(system);
    const now = wallClock(this.clock.now(), zone);
    const upcoming = now.minute < DAILY_MINUTE ? now.day : addDays(now.day, 1);
    const day = after && addDays(after, 1) > upcoming ? addDays(after, 1) : upcoming;
    await this.jobs.schedule(
      dailyNoticesKey(schoolId, day),
      LIBRARY_DAILY_NOTICES_JOB,
      zonedToInstant(ddmmyyyyFromIso(day), '08:00 AM', zone),
      {
        school_id: schoolId,
        day,
      },
    );
  }

  /** At start: each school with the library gets its daily run of overdue notices on the queue. */
  async scheduleDailyNotices(): Promise<void> {
    for (const schoolId of await repo.schoolsSendingNotices('system', this.db))
      if ((await this.scopes.featuresOf(schoolId)).has('library_management')) await this.ensureDaily(schoolId);
  }

  /**
   * The daily run: when the school sends notices, each loan overdue by `notice_after_days` and not
   * noticed in the last week is noticed; then tomorrow's run is queued (while the school has the library).
   */
  async runDailyNotices(payload: Record<string, unknown>): Promise<{ sent: number; families: number }> {
    const schoolId = String(payload.school_id ?? '');
    if (!schoolId) return { sent: 0, families: 0 };
    if (!(await this.scopes.featuresOf(schoolId)).has('library_management')) {
      this.scheduled.delete(schoolId);
      return { sent: 0, families: 0 };
    }
    const system = this.systemScope(schoolId);
    const today = await this.today(system);
    const settings = await this.rules(system, schoolId);
    let result = { sent: 0, families: 0 };
    if (settings.overdue_notices) {
      const rows = await repo.loans(system, this.db, {
        noticeDue: {
          dueOnOrBefore: addDays(today, -Math.max(1, settings.notice_after_days)),
          noticedBefore: new Date(this.clock.now().getTime() - RENOTICE_DAYS * 86_400_000 + 60 * 60_000),
        },
      });
      result = await this.notice(system, schoolId, rows);
    }
    const day = typeof payload.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(payload.day) ? payload.day : today;
    await this.ensureDaily(schoolId, day);
    return result;
  }
}
