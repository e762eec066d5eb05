import type { invoiceListQuerySchema } from '@cue/contract';
import {
  type BillingCycle,
  ddmmyyyyFromIso,
  ERROR_CODES,
  FEE_MESSAGES,
  type FeeDiscount,
  type FeeDiscountRequest,
  type FeeItemKind,
  type FeeOverview,
  type FeeSettings,
  type FeeStructure,
  type FeeStructureRequest,
  type Invoice,
  type InvoiceRevise,
  type InvoiceRun,
  type InvoiceRunRequest,
  type InvoiceSummary,
  isoFromDdmmyyyy,
  type Language,
  type PaymentState,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/db/keyset.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { DispersalService } from '../dispersal/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { ExportService } from '../exports/service.js';
import type { PeopleService } from '../people/service.js';
import type { SchoolService } from '../school/service.js';
import { invoicePdf } from './invoice-pdf.js';
import type { LedgerService } from './ledger-service.js';
import { formatMoney, majorText, paymentState, sumLines } from './money.js';
import { ageInMonths, attendance, dueDate, type Period, periodLabel, periodOf } from './periods.js';
import {
  personOf,
  presentDiscount,
  presentInvoice,
  presentRun,
  presentSettings,
  presentStructure,
  presentSummary,
} from './presenter.js';
import { type PricingDiscount, priceInvoice } from './pricing.js';
import { paymentProviderNames } from './provider.js';
import * as repo from './repo.js';

const ISSUED_EMAIL_JOB = 'fees.invoice-issued';
const FEE_PERMISSION = 'management.fee' as const;
const issuedReadOnly = () => badRequest(FEE_MESSAGES.issuedReadOnly, ERROR_CODES.invoiceIssued);
const wireDay = (value: string, field: string) => {
  const iso = isoFromDdmmyyyy(value);
  if (!iso) throw badRequest(`Invalid date`, ERROR_CODES.validation, field);
  return iso;
};

type InvoiceQuery = z.infer<typeof invoiceListQuerySchema>;

/** Fees (issue 26): settings, structures, discounts, invoice runs and invoices. */
export class FeeService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly ledger: LedgerService,
    readonly dispersal: DispersalService,
    readonly people: PeopleService,
    readonly school: SchoolService,
    readonly emailTemplates: EmailTemplateService,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
    readonly publicUrl: string,
    readonly exports: ExportService,
  ) {
    jobs.handle(ISSUED_EMAIL_JOB, (payload) => this.sendIssuedEmails(payload));
    // Built as the staff member who asked: the invoice is read again through its own access rules.
    exports.register('invoice', async (scope, params) => {
      const invoice = await this.invoice(scope, params.id ?? '');
      // A parent's job scope carries the invoice's school; the name is read as that school.
      const school = await this.school.info(
        scope.kind === 'staff'
          ? scope
          : this.scopes.of({ userId: '', kind: 'staff', schoolId: scope.schoolId, sessionId: 'job:invoice-pdf', isTemp: false }),
      );
      return invoicePdf(invoice, school.name);
    });
  }

  /**
   * Starts the invoice's PDF: staff with the fee permission, or a parent of the invoice's child (the
   * export job builds as the same parent, for the invoice's school).
   */
  async startPdf(scope: Scope, id: string) {
    await this.invoice(scope, id);
    if (scope.kind === 'parent') {
      const row = await repo.invoiceById(scope, this.db, id);
      if (!row) throw notFound();
      await requireAccess(scope, 'child', [row.invoice.studentId]);
      return this.exports.start(scope, 'invoice', { id }, row.invoice.schoolId);
    }
    return this.exports.start(scope, 'invoice', { id });
  }

  private async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  // ------------------------------------------------------------------ settings

  async settings(scope: Scope): Promise<FeeSettings> {
    const [row, locked] = await Promise.all([repo.settings(scope, this.db), repo.anyIssued(scope, this.db)]);
    return presentSettings(row, locked, paymentProviderNames());
  }

  async updateSettings(
    scope: Scope,
    body: Partial<Omit<FeeSettings, 'online_providers_available' | 'currency_locked'>>,
  ): Promise<FeeSettings> {
    await this.db.transaction(async (tx) => {
      const row = await repo.settings(scope, tx);
      if (body.currency && body.currency !== row.currency && (await repo.anyIssued(scope, tx)))
        throw badRequest(FEE_MESSAGES.currencyLocked, ERROR_CODES.currencyLocked, 'currency');
      await repo.saveSettings(scope, tx, {
        ...(body.currency ? { currency: body.currency } : {}),
        ...(body.invoice_prefix ? { invoicePrefix: body.invoice_prefix } : {}),
        ...(body.receipt_prefix ? { receiptPrefix: body.receipt_prefix } : {}),
        ...(body.credit_note_prefix ? { creditNotePrefix: body.credit_note_prefix } : {}),
        ...(body.reminder_days_before !== undefined ? { reminderDaysBefore: body.reminder_days_before } : {}),
        ...(body.reminder_days_after !== undefined ? { reminderDaysAfter: body.reminder_days_after } : {}),
        // No provider is built in: a named one is kept off until the product ships it.
        ...(body.online_provider !== undefined ? { onlineProvider: body.online_provider || null } : {}),
      });
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'fee_settings',
        entityId: staffSchool(scope),
        label: 'Fee settings',
        before: {
          currency: row.currency,
          invoice_prefix: row.invoicePrefix,
          receipt_prefix: row.receiptPrefix,
          credit_note_prefix: row.creditNotePrefix,
          reminder_days_before: row.reminderDaysBefore,
          reminder_days_after: row.reminderDaysAfter,
          online_provider: row.onlineProvider,
        },
        after: body,
      });
    });
    return this.settings(scope);
  }

  // ------------------------------------------------------------------ structures

  async structures(scope: Scope, includeArchived = true, ids?: string[]): Promise<FeeStructure[]> {
    staffSchool(scope);
    const [rows, settings] = await Promise.all([
      repo.structures(scope, this.db, { includeArchived, ids }),
      repo.settings(scope, this.db),
    ]);
    const classIds = [...new Set(rows.flatMap((r) => r.classIds))];
    const [items, classes, counts] = await Promise.all([
      repo.itemsOf(
        scope,
        this.db,
        rows.map((r) => r.id),
      ),
      repo.classesOfSchool(scope, this.db, classIds),
      repo.childCounts(scope, this.db, classIds),
    ]);
    const names = new Map(classes.map((c) => [c.id, c.name]));
    return rows.map((r) =>
      presentStructure(
        r,
        items.filter((i) => i.structureId === r.id),
        names,
        r.archivedAt ? 0 : r.classIds.reduce((s, id) => s + (counts.get(id) ?? 0), 0),
        settings.currency,
      ),
    );
  }

  private async structure(scope: Scope, id: string): Promise<FeeStructure> {
    const [one] = await this.structures(scope, true, [id]);
    if (!one) throw notFound();
    return one;
  }

  private async checkStructure(
    scope: Scope,
    q: Queryable,
    body: FeeStructureRequest,
  ): Promise<{ name: string; start: string; end: string }[]> {
    const found = await repo.classesOfSchool(scope, q, body.class_ids);
    if (found.length !== new Set(body.class_ids).size) throw badRequest('Unknown class', ERROR_CODES.validation, 'class_ids');
    const studentIds = [...new Set(body.items.flatMap((i) => i.student_ids))];
    if ((await repo.studentsOfSchool(scope, q, studentIds)).length !== studentIds.length)
      throw badRequest('Unknown child', ERROR_CODES.validation, 'items');
    const terms = body.terms.map((t, i) => {
      const start = wireDay(t.start, `terms.${i}.start`);
      const end = wireDay(t.end, `terms.${i}.end`);
      if (end < start) throw badRequest('The term ends before it starts', ERROR_CODES.validation, `terms.${i}.end`);
      return { name: t.name, start, end };
    });
    return terms;
  }

  async createStructure(scope: Scope, body: FeeStructureRequest): Promise<FeeStructure> {
    staffSchool(scope);
    const id = newId();
    await this.db.transaction(async (tx) => {
      const terms = await this.checkStructure(scope, tx, body);
      await repo.insertStructure(scope, tx, {
        id,
        name: body.name,
        billingCycle: body.billing_cycle,
        dueDay: body.due_day,
        classIds: [...new Set(body.class_ids)],
        ageFromMonths: body.age_from_months ?? null,
        ageToMonths: body.age_to_months ?? null,
        terms,
      });
      await repo.insertItems(
        scope,
        tx,
        body.items.map((item, position) => ({
          id: newId(),
          structureId: id,
          kind: item.kind,
          name: item.name,
          amount: item.amount,
          optional: item.optional,
          studentIds: item.student_ids,
          position,
        })),
      );
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'fee_structure',
        entityId: id,
        label: body.name,
        after: body,
      });
    });
    return this.structure(scope, id);
  }

  /**
   * Saves a structure. Items are matched by id: a kept item is updated in place when no invoice was made
   * from it, else archived and replaced by a new row (invoices copied its words and amounts, so nothing
   * issued changes either way); items left out are archived.
   */
  async updateStructure(scope: Scope, id: string, body: FeeStructureRequest): Promise<FeeStructure> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockStructure(scope, tx, id);
      if (!row) throw notFound();
      const terms = await this.checkStructure(scope, tx, body);
      await repo.updateStructure(scope, tx, id, {
        name: body.name,
        billingCycle: body.billing_cycle,
        dueDay: body.due_day,
        classIds: [...new Set(body.class_ids)],
        ageFromMonths: body.age_from_months ?? null,
        ageToMonths: body.age_to_months ?? null,
        terms,
      });
      const current = await repo.itemsOf(scope, tx, [id]);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'fee_structure',
        entityId: id,
        label: body.name,
        before: {
          name: row.name,
          billing_cycle: row.billingCycle,
          due_day: row.dueDay,
          class_ids: row.classIds,
          age_from_months: row.ageFromMonths,
          age_to_months: row.ageToMonths,
          items: current
            .filter((c) => !c.archivedAt)
            .map((c) => ({ _id: c.id, kind: c.kind, name: c.name, amount: c.amount, optional: c.optional })),
        },
        after: body,
      });
      const kept = new Set(body.items.flatMap((i) => (i._id ? [i._id] : [])));
      await repo.archiveItems(
        scope,
        tx,
        current.filter((c) => !kept.has(c.id)).map((c) => c.id),
        this.clock.now(),
      );
      const fresh: Parameters<typeof repo.insertItems>[2] = [];
      for (const [position, item] of body.items.entries()) {
        const existing = item._id ? current.find((c) => c.id === item._id) : undefined;
        if (existing) {
          await repo.updateItem(scope, tx, existing.id, {
            kind: item.kind,
            name: item.name,
            amount: item.amount,
            optional: item.optional,
            studentIds: item.student_ids,
            position,
          });
        } else {
          fresh.push({
            id: newId(),
            structureId: id,
            kind: item.kind,
            name: item.name,
            amount: item.amount,
            optional: item.optional,
            studentIds: item.student_ids,
            position,
          });
        }
      }
      await repo.insertItems(scope, tx, fresh);
    });
    return this.structure(scope, id);
  }

  async archiveStructure(scope: Scope, id: string, archived: boolean): Promise<FeeStructure> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockStructure(scope, tx, id);
      if (!row) throw notFound();
      await repo.updateStructure(scope, tx, id, { archivedAt: archived ? this.clock.now() : null });
      await recordAudit(scope, tx, {
        action: archived ? 'archive' : 'restore',
        entityType: 'fee_structure',
        entityId: id,
        label: row.name,
      });
    });
    return this.structure(scope, id);
  }

  // ------------------------------------------------------------------ discounts

  async discounts(scope: Scope, ids?: string[]): Promise<FeeDiscount[]> {
    staffSchool(scope);
    const rows = await repo.discounts(scope, this.db, { includeArchived: true, ids });
    const studentIds = [...new Set(rows.flatMap((r) => r.studentIds))];
    const names = new Map(
      (await repo.studentsOfSchool(scope, this.db, studentIds)).map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]),
    );
    return rows.map((r) => presentDiscount(r, names));
  }

  private async discount(scope: Scope, id: string): Promise<FeeDiscount> {
    const [one] = await this.discounts(scope, [id]);
    if (!one) throw notFound();
    return one;
  }

  private async discountValues(scope: Scope, body: FeeDiscountRequest) {
    const studentIds = [...new Set(body.student_ids)];
    if ((await repo.studentsOfSchool(scope, this.db, studentIds)).length !== studentIds.length)
      throw badRequest('Unknown child', ERROR_CODES.validation, 'student_ids');
    const validFrom = body.valid_from ? wireDay(body.valid_from, 'valid_from') : null;
    const validTo = body.valid_to ? wireDay(body.valid_to, 'valid_to') : null;
    if (validFrom && validTo && validTo < validFrom)
      throw badRequest('The end is before the start', ERROR_CODES.validation, 'valid_to');
    return {
      name: body.name,
      kind: body.kind,
      mode: body.mode,
      value: body.value,
      itemKinds: body.item_kinds,
      position: body.position,
      stackable: body.stackable,
      reason: body.reason,
      validFrom,
      validTo,
      daysBeforeDue: body.days_before_due ?? null,
      studentIds,
    };
  }

  async createDiscount(scope: Scope, body: FeeDiscountRequest): Promise<FeeDiscount> {
    staffSchool(scope);
    const id = newId();
    const values = await this.discountValues(scope, body);
    await this.db.transaction(async (tx) => {
      await repo.insertDiscount(scope, tx, { id, ...values });
      await recordAudit(scope, tx, { action: 'create', entityType: 'fee_discount', entityId: id, label: body.name, after: body });
    });
    return this.discount(scope, id);
  }

  async updateDiscount(scope: Scope, id: string, body: FeeDiscountRequest): Promise<FeeDiscount> {
    staffSchool(scope);
    const values = await this.discountValues(scope, body);
    await this.db.transaction(async (tx) => {
      const [before] = await repo.discounts(scope, tx, { ids: [id], includeArchived: true });
      if (!before || !(await repo.updateDiscount(scope, tx, id, values))) throw notFound();
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'fee_discount',
        entityId: id,
        label: body.name,
        before: discountAudit(before),
        after: body,
      });
    });
    return this.discount(scope, id);
  }

  async archiveDiscount(scope: Scope, id: string, archived: boolean): Promise<FeeDiscount> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const [before] = await repo.discounts(scope, tx, { ids: [id], includeArchived: true });
      if (!before || !(await repo.updateDiscount(scope, tx, id, { archivedAt: archived ? this.clock.now() : null })))
        throw notFound();
      await recordAudit(scope, tx, {
        action: archived ? 'archive' : 'restore',
        entityType: 'fee_discount',
        entityId: id,
        label: before.name,
      });
    });
    return this.discount(scope, id);
  }

  // ------------------------------------------------------------------ runs

  async runs(scope: Scope): Promise<InvoiceRun[]> {
    staffSchool(scope);
    const [rows, settings] = await Promise.all([repo.runs(scope, this.db), repo.settings(scope, this.db)]);
    return rows.map((r) => presentRun(r, settings.currency));
  }

  async run(scope: Scope, id: string): Promise<InvoiceRun> {
    staffSchool(scope);
    const [[row], settings] = await Promise.all([repo.runs(scope, this.db, { id, limit: 1 }), repo.settings(scope, this.db)]);
    if (!row) throw notFound();
    return presentRun(row, settings.currency);
  }

  /**
   * A preview: draft invoices for every enrolled child of the chosen classes whom a live structure of the
   * cycle bills (by class, else by age at the period's start), with their lines; the children no structure
   * bills are listed as skipped. A period already issued for a child and structure → 409 CYCLE_TAKEN; an
   * earlier preview of the same period is replaced.
   */
  async preview(scope: Scope, body: InvoiceRunRequest): Promise<InvoiceRun> {
    const schoolId = staffSchool(scope);
    const day = wireDay(body.period_date, 'period_date');
    const runId = newId();
    await this.db.transaction(async (tx) => {
      const settings = await repo.settings(scope, tx);
      const live = (await repo.structures(scope, tx)).filter((s) => s.billingCycle === body.billing_cycle);
      const classes = await repo.classesOfSchool(scope, tx, body.class_ids.length ? body.class_ids : undefined);
      if (body.class_ids.length && classes.length !== new Set(body.class_ids).size) throw notFound();
      const wanted = body.class_ids.length
        ? classes.map((c) => c.id)
        : classes
            .filter((c) => live.some((s) => s.classIds.includes(c.id) || s.ageFromMonths !== null || s.ageToMonths !== null))
            .map((c) => c.id);
      const classById = new Map(classes.map((c) => [c.id, c]));
      const enrolled = await repo.enrolledChildren(scope, tx, wanted);
      // The run's period: the first structure's (terms) or the class's academic year decide it.
      const periodFor = (structure: repo.StructureRow, classId: string): Period | null => {
        const cls = classById.get(classId);
        return periodOf(body.billing_cycle as BillingCycle, day, {
          terms: structure.terms,
          academicYear:
            cls?.academicYearStart && cls.academicYearEnd ? { start: cls.academicYearStart, end: cls.academicYearEnd } : null,
        });
      };
      const runPeriod =
        (live[0] && enrolled[0] ? periodFor(live[0], enrolled[0].classId) : null) ??
        periodOf(body.billing_cycle as BillingCycle, day, { terms: live.flatMap((s) => s.terms) }) ??
        periodOf('monthly', day);
      if (!runPeriod) throw badRequest(FEE_MESSAGES.nothingToInvoice, ERROR_CODES.nothingToInvoice);

      // Each child once (the first class that a structure bills), with the structure that bills it.
      const seen = new Set<string>();
      const billed: { child: repo.EnrolledChild; structure: repo.StructureRow; period: Period }[] = [];
      const skipped: InvoiceRun['skipped'] = [];
      for (const child of enrolled) {
        if (seen.has(child.studentId)) continue;
        const structure =
          live.find((s) => s.classIds.includes(child.classId)) ??
          live.find((s) => {
            if (s.classIds.length || !child.dateOfBirth) return false;
            const p = periodFor(s, child.classId);
            if (!p) return false;
            const age = ageInMonths(child.dateOfBirth, p.start);
            return (s.ageFromMonths === null || age >= s.ageFromMonths) && (s.ageToMonths === null || age <= s.ageToMonths);
          });
        const period = structure ? periodFor(structure, child.classId) : null;
        if (!structure || !period) {
          if (
            !enrolled.some(
              (e) =>
                e.studentId === child.studentId &&
                e.classId !== child.classId &&
                live.some((s) => s.classIds.includes(e.classId)),
            )
          ) {
            seen.add(child.studentId);
            skipped.push({
              student: personOf(child.studentId, child.firstName, child.lastName),
              class: { _id: child.classId, name: child.className },
              reason: 'No fee structure of this billing cycle bills this class or age',
            });
          }
          continue;
        }
        if ((child.leavingDate && child.leavingDate < period.start) || (child.startDate && child.startDate > period.end)) {
          seen.add(child.studentId);
          skipped.push({
            student: personOf(child.studentId, child.firstName, child.lastName),
            class: { _id: child.classId, name: child.className },
            reason: 'Not enrolled during this period',
          });
          continue;
        }
        seen.add(child.studentId);
        billed.push({ child, structure, period });
      }
      if (!billed.length) throw badRequest(FEE_MESSAGES.nothingToInvoice, ERROR_CODES.nothingToInvoice);

      // A period already issued for any of these children → refused; earlier previews are replaced.
      const previews = await repo.previewRunsOf(scope, tx, body.billing_cycle, runPeriod.start);
      await repo.deleteDraftsOfRuns(scope, tx, previews);
      for (const old of previews) await repo.updateRun(scope, tx, old, { status: 'discarded' });
      const structureIds = [...new Set(billed.map((b) => b.structure.id))];
      const starts = [...new Set(billed.map((b) => b.period.start))];
      const taken = new Set<string>();
      for (const start of starts)
        for (const t of await repo.liveInvoicesOf(scope, tx, structureIds, start))
          taken.add(`${t.studentId}|${t.structureId}|${start}`);
      if (billed.some((b) => taken.has(`${b.child.studentId}|${b.structure.id}|${b.period.start}`)))
        throw conflict(FEE_MESSAGES.cycleTaken, ERROR_CODES.cycleTaken);

      const studentIds = billed.map((b) => b.child.studentId);
      const [items, discounts, staffChildren, late, accounts] = await Promise.all([
        repo.itemsOf(scope, tx, structureIds),
        repo.discounts(scope, tx),
        repo.childrenOfStaff(scope, tx, studentIds),
        this.dispersal.latePickupCounts(scope, studentIds, runPeriod.start, runPeriod.end, tx),
        this.ledger.accountsFor(scope, tx, studentIds),
      ]);
      // Siblings: the 2nd and later children of an account in this run, by date of birth, then name.
      const byAccount = new Map<string, repo.EnrolledChild[]>();
      for (const b of billed) {
        const account = accounts.get(b.child.studentId) ?? b.child.studentId;
        byAccount.set(account, [...(byAccount.get(account) ?? []), b.child]);
      }
      const siblings = new Set<string>();
      for (const kids of byAccount.values()) {
        kids.sort(
          (a, b) =>
            (a.dateOfBirth ?? '9999').localeCompare(b.dateOfBirth ?? '9999') ||
            a.firstName.localeCompare(b.firstName) ||
            a.lastName.localeCompare(b.lastName),
        );
        for (const k of kids.slice(1)) siblings.add(k.studentId);
      }
      const pricingDiscounts: PricingDiscount[] = discounts.map((d) => ({
        id: d.id,
        name: d.name,
        kind: d.kind as PricingDiscount['kind'],
        mode: d.mode as PricingDiscount['mode'],
        value: d.value,
        itemKinds: d.itemKinds as FeeItemKind[],
        position: d.position,
        stackable: d.stackable,
        validFrom: d.validFrom,
        validTo: d.validTo,
        studentIds: d.studentIds,
      }));
      const invoiceRows: repo.InvoiceInsert[] = [];
      const lineRows: repo.LineInsert[] = [];
      const labelCache = new Map<string, string>();
      for (const b of billed) {
        const a = attendance(b.period, b.child.startDate, b.child.leavingDate);
        const priced = priceInvoice(
          items
            .filter((i) => i.structureId === b.structure.id)
            .map((i) => ({
              id: i.id,
              kind: i.kind as FeeItemKind,
              name: i.name,
              amount: i.amount,
              optional: i.optional,
              studentIds: i.studentIds,
            })),
          pricingDiscounts,
          {
            studentId: b.child.studentId,
            isSibling: siblings.has(b.child.studentId),
            parentIsStaff: staffChildren.has(b.child.studentId),
            attended: a.attended,
            days: a.days,
            latePickups: late.get(b.child.studentId) ?? 0,
          },
          b.period.start,
        );
        const invoiceId = newId();
        const labelKey = `${b.period.start}|${b.period.termName ?? ''}`;
        const label = labelCache.get(labelKey) ?? periodLabel(body.billing_cycle as BillingCycle, b.period, 'en');
        labelCache.set(labelKey, label);
        const accountId = accounts.get(b.child.studentId);
        if (!accountId) throw new Error('no fee account for a child');
        invoiceRows.push({
          id: invoiceId,
          schoolId,
          accountId,
          studentId: b.child.studentId,
          classId: b.child.classId,
          runId,
          structureId: b.structure.id,
          status: 'draft',
          billingCycle: body.billing_cycle,
          periodLabel: label,
          periodStart: b.period.start,
          periodEnd: b.period.end,
          dueDate: dueDate(b.period.start, b.structure.dueDay),
          currency: settings.currency,
          subtotal: priced.subtotal,
          discountTotal: priced.discount_total,
          total: priced.total,
        });
        for (const [position, l] of priced.lines.entries())
          lineRows.push({
            id: newId(),
            schoolId,
            invoiceId,
            kind: l.kind,
            description: l.description,
            feeItemId: l.feeItemId,
            discountId: l.discountId,
            quantity: l.quantity,
            unitAmount: l.unitAmount,
            amount: l.amount,
            position,
          });
      }
      await repo.insertRun(scope, tx, {
        id: runId,
        billingCycle: body.billing_cycle,
        periodLabel: periodLabel(body.billing_cycle as BillingCycle, runPeriod, 'en'),
        periodStart: runPeriod.start,
        periodEnd: runPeriod.end,
        status: 'preview',
        classIds: wanted,
        issueDate: body.issue_date ? wireDay(body.issue_date, 'issue_date') : null,
        skipped,
        createdBy: scope.userId,
      });
      await repo.insertInvoices(scope, tx, invoiceRows, lineRows);
    });
    return this.run(scope, runId);
  }

  /** Issues a preview: numbers in one statement under the locked sequence row, credit applied, emails queued. */
  async issue(scope: Scope, id: string): Promise<InvoiceRun> {
    const schoolId = staffSchool(scope);
    const today = await this.today(scope);
    await this.db.transaction(async (tx) => {
      const run = await repo.lockRun(scope, tx, id);
      if (!run) throw notFound();
      if (run.status !== 'preview') throw conflict(FEE_MESSAGES.runNotPreview, ERROR_CODES.cycleTaken);
      const settings = await repo.settings(scope, tx);
      const issueDate = run.issueDate ?? today;
      const year = Number(issueDate.slice(0, 4));
      const n = await repo.draftCount(scope, tx, id);
      if (n === 0) throw badRequest(FEE_MESSAGES.nothingToInvoice, ERROR_CODES.nothingToInvoice);
      const first = await repo.reserveNumbers(scope, tx, 'invoice', year, n);
      const issued = await repo.issueDrafts(scope, tx, id, {
        prefix: settings.invoicePrefix,
        year,
        first,
        issueDate,
        by: scope.userId,
        at: this.clock.now(),
      });
      await repo.updateRun(scope, tx, id, { status: 'issued', issuedAt: this.clock.now(), issueDate });
      await recordAudit(scope, tx, {
        action: 'issue',
        entityType: 'invoice_run',
        entityId: id,
        label: `${run.billingCycle} ${run.periodStart}`,
        after: {
          invoices: issued.length,
          issue_date: issueDate,
          first_number: `${settings.invoicePrefix}-${year}-${String(first).padStart(5, '0')}`,
        },
      });
      await this.ledger.applyCredit(scope, tx, [...new Set(issued.map((i) => i.accountId))]);
    });
    await this.jobs.schedule(`fees-issued:${id}`, ISSUED_EMAIL_JOB, this.clock.now(), {
      schoolId,
      userId: scope.userId,
      runId: id,
    });
    return this.run(scope, id);
  }

  async discard(scope: Scope, id: string): Promise<InvoiceRun> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const run = await repo.lockRun(scope, tx, id);
      if (!run) throw notFound();
      if (run.status !== 'preview') throw conflict(FEE_MESSAGES.runNotPreview, ERROR_CODES.cycleTaken);
      await repo.deleteDraftsOfRuns(scope, tx, [id]);
      await repo.updateRun(scope, tx, id, { status: 'discarded' });
      await recordAudit(scope, tx, {
        action: 'cancel',
        entityType: 'invoice_run',
        entityId: id,
        label: `${run.billingCycle} ${run.periodStart}`,
      });
    });
    return this.run(scope, id);
  }

  /** The invoice_issued emails of a run: one batch, each parent in their language with their child's values. */
  async sendIssuedEmails(payload: Record<string, unknown>): Promise<void> {
    const schoolId = String(payload.schoolId);
    const scope = this.scopes.of({
      userId: String(payload.userId),
      kind: 'staff',
      schoolId,
      sessionId: 'fees:issue',
      isTemp: false,
    });
    const { rows } = await repo.listInvoices(scope, this.db, { runId: String(payload.runId), status: 'issued' }, null);
    if (!rows.length) return;
    const families = await this.people.familiesOf(
      scope,
      rows.map((r) => r.invoice.studentId),
    );
    const link = `${this.publicUrl.replace(/\/$/, '')}/fees`;
    const recipients = families.flatMap((f) => {
      const email = f.email;
      const r = rows.find((x) => x.invoice.studentId === f.studentId);
      if (!email || !r) return [];
      return [
        {
          to: email,
          userId: f.userId,
          values: (language: Language) => ({
            first_name: f.firstName,
            child_name: r.firstName,
            invoice_number: r.invoice.number ?? '',
            period: r.invoice.periodLabel,
            amount: formatMoney(r.invoice.total, r.invoice.currency, language as 'en' | 'ar' | 'he'),
            due_date: ddmmyyyyFromIso(r.invoice.dueDate),
            link,
          }),
        },
      ];
    });
    await this.emailTemplates.sendEach({ kind: 'system', schoolId }, 'invoice_issued', recipients);
  }

  // ------------------------------------------------------------------ invoices

  private async filterOf(_scope: Scope, query: InvoiceQuery): Promise<{ filter: repo.InvoiceFilter; state?: PaymentState }> {
    return {
      filter: {
        runId: query.run_id,
        classId: query.class_id,
        studentId: query.student_id,
        accountId: query.account_id,
        status: query.status,
        q: query.q,
      },
      state: query.payment_state,
    };
  }

  /** Lists invoices; paid and outstanding come from the ledger in one read. */
  async invoices(
    scope: Scope,
    query: InvoiceQuery,
  ): Promise<{ items: InvoiceSummary[]; total: number; page: number; page_size: number; next_cursor: string | null }> {
    staffSchool(scope);
    const { filter, state } = await this.filterOf(scope, query);
    const today = await this.today(scope);
    if (state) {
      // The payment state depends on the ledger: weigh every match, then page (by the cursor: the
      // matches after its row, in the list's order).
      const [{ rows }, after] = await Promise.all([
        repo.listInvoices(scope, this.db, filter, null),
        query.cursor ? repo.listInvoices(scope, this.db, filter, { cursor: query.cursor }) : null,
      ]);
      const summaries = new Map((await this.summaries(scope, rows, today)).map((s) => [s._id, s]));
      const matches = (r: repo.InvoiceListed) => {
        const s = summaries.get(r.invoice.id);
        return s?.payment_state === state && s.status === 'issued';
      };
      const matching = rows.filter(matches);
      const rest = after ? after.rows.filter(matches) : matching.slice((query.page - 1) * query.page_size);
      const shown = keysetPage(repo.INVOICE_ORDER, rest.slice(0, query.page_size + 1), query.page_size);
      return {
        items: shown.rows.flatMap((r) => summaries.get(r.invoice.id) ?? []),
        total: matching.length,
        page: query.page,
        page_size: query.page_size,
        next_cursor: shown.nextCursor,
      };
    }
    const { rows, total, nextCursor } = await repo.listInvoices(scope, this.db, filter, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
      cursor: query.cursor,
    });
    return {
      items: await this.summaries(scope, rows, today),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  private async summaries(scope: Scope, rows: repo.InvoiceListed[], today: string): Promise<InvoiceSummary[]> {
    const paid = await this.ledger.paidByInvoice(
      scope,
      rows.map((r) => r.invoice.id),
    );
    return rows.map((r) => presentSummary(r, paid.get(r.invoice.id) ?? 0, today));
  }

  async invoicesCsv(scope: Scope, query: InvoiceQuery): Promise<string[][]> {
    staffSchool(scope);
    const { filter, state } = await this.filterOf(scope, query);
    const today = await this.today(scope);
    const all = await this.summaries(scope, (await repo.listInvoices(scope, this.db, filter, null)).rows, today);
    const rows = state ? all.filter((s) => s.payment_state === state) : all;
    return [
      ['Number', 'Child', 'Class', 'Period', 'Due', 'Total', 'Paid', 'Outstanding', 'State'],
      ...rows.map((s) => [
        s.number ?? '',
        s.student.name,
        s.class?.name ?? '',
        s.period_label,
        s.due_date,
        majorText(s.total, s.currency),
        majorText(s.paid, s.currency),
        majorText(s.outstanding, s.currency),
        s.status === 'issued' ? s.payment_state : s.status,
      ]),
    ];
  }

  /** Staff with the fee permission, or a parent of the invoice's child (another family's: 404). */
  async invoice(scope: Scope, id: string): Promise<Invoice> {
    let staffWithFees = false;
    if (scope.kind === 'staff') {
      staffSchool(scope);
      if (!(await scope.rolePermissions()).has(FEE_PERMISSION)) throw forbidden();
      staffWithFees = true;
    } else if (scope.kind !== 'parent') throw forbidden();
    const row = await repo.invoiceById(scope, this.db, id);
    if (!row) throw notFound();
    // A family reaches a school's invoices only where the school switched fees on.
    if (scope.kind === 'parent' && !(await this.scopes.featuresOf(row.invoice.schoolId)).has('fees' as never)) throw notFound();
    const today = scope.kind === 'staff' ? await this.today(scope) : todayIn('UTC', this.clock.now());
    const [lines, revisions, allocations, paid, issuedBy] = await Promise.all([
      repo.linesOf(scope, this.db, [id]),
      repo.revisionsOf(scope, this.db, row.invoice),
      this.ledger.allocationsOf(scope, id),
      this.ledger.paidByInvoice(scope, [id]),
      repo.issuerName(scope, this.db, row.invoice.issuedBy),
    ]);
    return presentInvoice(row, {
      paid: paid.get(id) ?? 0,
      today,
      lines,
      allocations,
      revisions: revisions.map((v) => ({
        id: v.id,
        revision: v.revision,
        status: v.status,
        total: v.total,
        reason: v.reason,
        at: v.issuedAt ?? v.createdAt,
      })),
      issuedBy,
      staffWithFees,
    });
  }

  /** A correction: a new revision with the same number; the old one superseded; allocations moved. */
  async revise(scope: Scope, id: string, body: InvoiceRevise): Promise<Invoice> {
    const schoolId = staffSchool(scope);
    const newIdValue = newId();
    await this.db.transaction(async (tx) => {
      const old = await repo.lockInvoice(scope, tx, id);
      if (!old) throw notFound();
      if (old.status !== 'issued') throw issuedReadOnly();
      const lines = body.lines.map((l, position) => ({
        id: newId(),
        schoolId,
        invoiceId: newIdValue,
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        unitAmount: l.unit_amount,
        amount: l.quantity * l.unit_amount,
        position,
      }));
      const sums = sumLines(lines.map((l) => ({ kind: l.kind, amount: l.amount })));
      if (sums.total < 0) throw badRequest(FEE_MESSAGES.amountPositive, ERROR_CODES.validation, 'lines');
      await repo.setInvoiceStatus(scope, tx, id, 'superseded');
      const { id: _old, createdAt: _c, ...rest } = old;
      await repo.insertInvoices(
        scope,
        tx,
        [
          {
            ...rest,
            id: newIdValue,
            revision: old.revision + 1,
            replacesId: old.id,
            status: 'issued',
            dueDate: body.due_date ? wireDay(body.due_date, 'due_date') : old.dueDate,
            subtotal: sums.subtotal,
            discountTotal: sums.discount_total,
            total: sums.total,
            reason: body.reason,
            issuedBy: scope.userId,
            issuedAt: this.clock.now(),
          },
        ],
        lines,
      );
      await this.ledger.moveAllocations(scope, tx, old.id, newIdValue, sums.total);
      const label = `${old.number ?? ''} r${old.revision + 1}`.trim();
      const before = { invoice_id: old.id, revision: old.revision, total: old.total, due_date: old.dueDate };
      const after = { invoice_id: newIdValue, revision: old.revision + 1, total: sums.total, reason: body.reason };
      // Recorded under both revisions, so each one's history tells the story.
      for (const entityId of [old.id, newIdValue])
        await recordAudit(scope, tx, { action: 'revise', entityType: 'invoice', entityId, label, before, after });
    });
    return this.invoice(scope, newIdValue);
  }

  async cancel(scope: Scope, id: string, reason: string): Promise<Invoice> {
    staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockInvoice(scope, tx, id);
      if (!row) throw notFound();
      if (row.status !== 'issued') throw issuedReadOnly();
      await repo.setInvoiceStatus(scope, tx, id, 'cancelled', reason);
      await this.ledger.releaseAllocations(scope, tx, id);
      await recordAudit(scope, tx, {
        action: 'cancel',
        entityType: 'invoice',
        entityId: id,
        label: row.number ?? '',
        before: { status: row.status, total: row.total },
        after: { reason },
      });
    });
    return this.invoice(scope, id);
  }

  // ------------------------------------------------------------------ overview

  async overview(scope: Scope): Promise<FeeOverview> {
    staffSchool(scope);
    const today = await this.today(scope);
    const from = `${today.slice(0, 7)}-01`;
    const month = periodOf('monthly', today);
    const to = month?.end ?? today;
    const [settings, sums, owed, collected, [last]] = await Promise.all([
      repo.settings(scope, this.db),
      repo.overviewSums(scope, this.db, from, to),
      repo.issuedOwed(scope, this.db),
      this.ledger.collectedBetween(scope, from, to),
      repo.runs(scope, this.db, { limit: 1 }),
    ]);
    const paid = await this.ledger.paidByInvoice(
      scope,
      owed.map((o) => o.id),
    );
    let outstanding = 0;
    let overdue = 0;
    const overdueAccounts = new Set<string>();
    for (const o of owed) {
      const rest = o.total - (paid.get(o.id) ?? 0);
      if (rest <= 0) continue;
      outstanding += rest;
      if (paymentState(o.total, paid.get(o.id) ?? 0, o.dueDate, today) === 'overdue') {
        overdue += rest;
        overdueAccounts.add(o.accountId);
      }
    }
    return {
      currency: settings.currency,
      invoiced_this_month: sums.invoiced,
      collected_this_month: collected,
      outstanding,
      overdue,
      overdue_accounts: overdueAccounts.size,
      last_run: last ? presentRun(last, settings.currency) : null,
    };
  }
}

/** A discount's values as the audit trail keeps them. */
function discountAudit(row: repo.DiscountRow) {
  return {
    name: row.name,
    kind: row.kind,
    mode: row.mode,
    value: row.value,
    item_kinds: row.itemKinds,
    position: row.position,
    stackable: row.stackable,
    reason: row.reason,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    days_before_due: row.daysBeforeDue,
    student_ids: row.studentIds,
  };
}
