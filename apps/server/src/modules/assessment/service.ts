import {
  ASSESSMENT_ADMIN,
  ASSESSMENT_MESSAGES,
  type AssessmentPeriod,
  ERROR_CODES,
  type TERM_NAMES,
  termsBetween,
  todayIn,
} from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SchoolService } from '../school/service.js';
import { presentPeriod } from './presenter.js';
import * as repo from './repo.js';

const TERM_LABEL: Record<(typeof TERM_NAMES)[number], string> = {
  spring: 'Spring term',
  summer: 'Summer term',
  autumn: 'Autumn term',
};

/**
 * Assessment periods (issue 23): a school's terms, in which grades, progress cards, feedback and report
 * cards are kept; an admin (`academic_setup.assessment_management`) locks a period, after which nothing
 * of it changes. Every other assessment service asks this one for a period and whether it is open.
 */
export class AssessmentService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
  ) {}

  async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  /** Whether the caller sets assessment up for the school (periods and their locks, scales, templates, every class's reports). */
  async isAdmin(scope: Scope): Promise<boolean> {
    return scope.kind === 'staff' && (await scope.rolePermissions()).has(ASSESSMENT_ADMIN);
  }

  /**
   * The school's periods, oldest first. A school that has none gets the terms of the school year that
   * holds today (the year of January, May and September starts planning uses), so assessment works on
   * the first day.
   */
  periodRows(scope: Scope): Promise<repo.PeriodRow[]> {
    // Read once per request: a page's answer asks for its period and for every period (the picker).
    let rows = this.rowsOfRequest.get(scope);
    if (!rows) {
      rows = this.readPeriodRows(scope);
      rows.catch(() => this.rowsOfRequest.delete(scope));
      this.rowsOfRequest.set(scope, rows);
    }
    return rows;
  }

  /** The periods of one scope (one request, or one job's run), read at most once. */
  private readonly rowsOfRequest = new WeakMap<Scope, Promise<repo.PeriodRow[]>>();

  private async readPeriodRows(scope: Scope): Promise<repo.PeriodRow[]> {
    const rows = await repo.periods(scope, this.db);
    if (rows.length > 0 || scope.kind !== 'staff') return rows;
    const today = await this.today(scope);
    const year = Number(today.slice(0, 4));
    const from = today.slice(5) >= '09-01' ? `${year}-09-01` : `${year - 1}-09-01`;
    const to = `${Number(from.slice(0, 4)) + 1}-08-31`;
    await repo.insertPeriods(
      scope,
      this.db,
      termsBetween(from, to).map((t) => ({
        id: newId(),
        name: `${TERM_LABEL[t.name]} ${t.start.slice(0, 4)}`,
        startDate: t.start,
        endDate: t.end,
      })),
    );
    return repo.periods(scope, this.db);
  }

  async list(scope: Scope): Promise<AssessmentPeriod[]> {
    const [rows, today, canLock] = await Promise.all([this.periodRows(scope), this.today(scope), this.isAdmin(scope)]);
    return rows.map((r) => presentPeriod(r, today, canLock));
  }

  /** A period of the school by id, or (no id) the one holding today, else the latest that started. */
  async period(scope: Scope, periodId?: string): Promise<repo.PeriodRow> {
    const rows = await this.periodRows(scope);
    if (periodId) {
      const row = rows.find((r) => r.id === periodId);
      if (!row) throw notFound();
      return row;
    }
    const today = await this.today(scope);
    const current =
      rows.find((r) => r.startDate <= today && today <= r.endDate) ??
      [...rows].reverse().find((r) => r.startDate <= today) ??
      rows[0];
    if (!current) throw notFound();
    return current;
  }

  /** The period as the wire shows it, with every period of the school (for the pickers). */
  async presentWithAll(scope: Scope, row: repo.PeriodRow): Promise<{ period: AssessmentPeriod; periods: AssessmentPeriod[] }> {
    const [rows, today, canLock] = await Promise.all([this.periodRows(scope), this.today(scope), this.isAdmin(scope)]);
    return { period: presentPeriod(row, today, canLock), periods: rows.map((r) => presentPeriod(r, today, canLock)) };
  }

  /** The period that holds an ISO day, if any. */
  async periodOfDay(scope: Scope, iso: string): Promise<repo.PeriodRow | undefined> {
    return (await this.periodRows(scope)).find((r) => r.startDate <= iso && iso <= r.endDate);
  }

  /** Refuses (409 PERIOD_LOCKED) a change to anything of a locked period. */
  assertOpen(row: repo.PeriodRow): void {
    if (row.lockedAt) throw new AppError(409, ASSESSMENT_MESSAGES.periodLockedRefusal, ERROR_CODES.periodLocked);
  }

  private async checkDates(scope: Scope, body: { start_date: string; end_date: string }, exceptId?: string) {
    const start = isoFromWire(body.start_date, 'start_date');
    const end = isoFromWire(body.end_date, 'end_date');
    if (end < start) throw badRequest(ASSESSMENT_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'end_date');
    if ((await repo.overlapping(scope, this.db, start, end, exceptId)) > 0)
      throw badRequest(ASSESSMENT_MESSAGES.periodOverlap, ERROR_CODES.validation, 'start_date');
    return { start, end };
  }

  async create(scope: Scope, body: { name: string; start_date: string; end_date: string }): Promise<AssessmentPeriod> {
    await this.periodRows(scope);
    const { start, end } = await this.checkDates(scope, body);
    const id = newId();
    await repo.insertPeriods(scope, this.db, [{ id, name: body.name, startDate: start, endDate: end }]);
    return this.presentOne(scope, id);
  }

  async update(
    scope: Scope,
    id: string,
    body: { name: string; start_date: string; end_date: string },
  ): Promise<AssessmentPeriod> {
    const row = await this.period(scope, id);
    this.assertOpen(row);
    const { start, end } = await this.checkDates(scope, body, id);
    await repo.updatePeriod(scope, this.db, id, { name: body.name, startDate: start, endDate: end });
    return this.presentOne(scope, id);
  }

  async lock(scope: Scope, id: string, locked: boolean): Promise<AssessmentPeriod> {
    await this.period(scope, id);
    await repo.updatePeriod(
      scope,
      this.db,
      id,
      locked ? { lockedAt: this.clock.now(), lockedBy: scope.userId } : { lockedAt: null, lockedBy: null },
    );
    return this.presentOne(scope, id);
  }

  private async presentOne(scope: Scope, id: string): Promise<AssessmentPeriod> {
    const row = await repo.periodById(scope, this.db, id);
    if (!row) throw notFound();
    return presentPeriod(row, await this.today(scope), await this.isAdmin(scope));
  }
}
