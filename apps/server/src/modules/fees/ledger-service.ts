import type { FileExport } from '@cue/contract';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type AgeingReport,
  addDays,
  type allocationSchema,
  type CollectionReport,
  type CreditNote,
  daysBetween,
  ddmmyyyyFromIso,
  ERROR_CODES,
  type FamilyFees,
  FEE_MESSAGES,
  type FeeAccount,
  type FeeAccountSummary,
  type Language,
  monthOf,
  PAGE_PATHS,
  type Payment,
  type PaymentRequest,
  todayIn,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { ExportService } from '../exports/service.js';
import type { SchoolService } from '../school/service.js';
import { allocate } from './allocation.js';
import { presentAccountSummary, presentCreditNote, presentPayment } from './ledger-presenter.js';
import * as repo from './ledger-repo.js';
import { formatMoney, majorText } from './money.js';
import { presentSummary } from './presenter.js';
import { earlyPaymentCredit } from './pricing.js';
import { paymentProvider } from './provider.js';
import { receiptPdf } from './receipt-pdf.js';

/** The daily job that sends each school's due-soon and overdue reminders. */
export const FEE_REMINDER_JOB = 'fees.reminders';
const RECEIPT_EMAIL_JOB = 'fees.receipt_email';
const FEE_MANAGER = 'management.fee';

type AllocationItem = z.infer<typeof allocationSchema>;

/** Fees (issue 26): the families' accounts, payments, credit notes, receipts, reminders and reports. */
export class LedgerService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly school: SchoolService,
    readonly emailTemplates: EmailTemplateService,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
    readonly publicUrl = '',
  ) {
    jobs.handle(FEE_REMINDER_JOB, async (payload) => {
      await this.runDailyReminders(payload);
      // The next day's run; a school-specific run (payload.schoolId) does not repeat.
      if (!payload.schoolId) await this.scheduleDailyReminders();
    });
    jobs.handle(RECEIPT_EMAIL_JOB, (payload) => this.sendReceiptEmail(payload));
  }

  private async today(scope: Scope): Promise<string> {
    return todayIn(await this.school.timeZone(scope), this.clock.now());
  }

  private systemScope(schoolId: string, marker: string): Scope {
    return this.scopes.of({ userId: '', kind: 'staff', schoolId, sessionId: `job:${marker}`, isTemp: false });
  }

  private async canManage(scope: Scope): Promise<boolean> {
    return scope.kind === 'staff' && (await scope.rolePermissions()).has(FEE_MANAGER as never);
  }

  /** A family's request reaches a school's fees only where the school switched fees on. */
  private async checkFeature(scope: Scope, schoolId: string): Promise<void> {
    if (scope.kind === 'staff') return;
    if (!(await this.scopes.featuresOf(schoolId)).has('fees' as never)) throw notFound();
  }

  // ------------------------------------------------------------------ payments

  async payments(
    scope: Scope,
    query: {
      account_id?: string;
      from?: string;
      to?: string;
      method?: string;
      page: number;
      page_size: number;
      cursor?: string;
    },
  ): Promise<{ items: Payment[]; total: number; page: number; page_size: number; next_cursor: string | null }> {
    const { rows, total, nextCursor } = await repo.paymentsList(scope, this.db, {
      ...(query.account_id ? { accountIds: [query.account_id] } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.method ? { method: query.method } : {}),
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
      cursor: query.cursor,
    });
    return {
      items: await this.presentPayments(scope, rows),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  private async presentPayments(scope: Scope, rows: repo.PaymentListed[]): Promise<Payment[]> {
    const [allocations, canVoid] = await Promise.all([
      repo.allocationsFor(scope, this.db, { paymentIds: rows.map((r) => r.id) }),
      this.canManage(scope),
    ]);
    return rows.map((r) => presentPayment(r, allocations, canVoid));
  }

  /** A payment the scope reaches: staff of its school, or a parent of one of the account's children. */
  async payment(scope: Scope, id: string): Promise<Payment> {
    const { rows } = await repo.paymentsList(scope, this.db, { ids: [id] });
    const row = rows[0];
    if (!row) throw notFound();
    // Staff read a family's payments only with the fee permission; a family reads its own.
    if (scope.kind === 'staff' && !(await this.canManage(scope))) throw forbidden();
    await this.checkFeature(scope, row.schoolId);
    const [payment] = await this.presentPayments(scope, [row]);
    if (!payment) throw notFound();
    return payment;
  }

  /**
   * Records money received: set against the invoices named first, then the account's oldest due
   * invoices, never more than each owes; the rest stays as the account's credit. The receipt number
   * comes from the school's locked sequence; the family gets the receipt by email.
   */
  async recordPayment(scope: Scope, body: PaymentRequest): Promise<Payment> {
    const today = await this.today(scope);
    if (body.received_on > today)
      throw badRequest('The day received cannot be in the future', ERROR_CODES.validation, 'received_on');
    const id = newId();
    await this.db.transaction(async (tx) => {
      const [account] = await repo.lockAccounts(scope, tx, [body.account_id]);
      if (!account) throw notFound();
      const currency = await repo.currencyOf(scope, tx);
      const year = Number(today.slice(0, 4));
      const seq = await repo.nextNumber(scope, tx, 'receipt', year);
      const settings = await repo.settingsOf(scope, tx, account.schoolId);
      const number = `${settings?.receiptPrefix ?? 'RCT'}-${year}-${String(seq).padStart(5, '0')}`;
      await repo.insertPayment(scope, tx, {
        id,
        accountId: account.id,
        number,
        amount: body.amount,
        currency,
        method: body.method,
        receivedOn: body.received_on,
        reference: body.reference,
        note: body.note,
        recordedBy: scope.userId,
        createdAt: this.clock.now(),
      });
      const owed = await repo.issuedInvoicesOf(scope, tx, [account.id]);
      const { allocations } = allocate(
        body.amount,
        owed.map((i) => ({ id: i.id, due: i.dueDate, order: i.number ?? '', outstanding: i.total - i.paid })),
        body.invoice_ids,
      );
      await repo.insertAllocations(
        scope,
        tx,
        allocations.map((a) => ({ id: newId(), invoiceId: a.invoiceId, paymentId: id, amount: a.amount })),
      );
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'payment',
        entityId: id,
        label: number,
        after: { account_id: account.id, amount: body.amount, method: body.method, received_on: body.received_on, allocations },
      });
      const settled = allocations
        .filter((a) => {
          const invoice = owed.find((i) => i.id === a.invoiceId);
          return invoice !== undefined && invoice.total - invoice.paid === a.amount;
        })
        .map((a) => a.invoiceId);
      await this.creditEarlyPayment(scope, tx, account.id, settled, body.received_on, year, settings);
    });
    await this.jobs.schedule(`fee-receipt:${id}`, RECEIPT_EMAIL_JOB, this.clock.now(), {
      schoolId: scope.schoolId ?? '',
      paymentId: id,
    });
    void this.jobs.runDue().catch(() => undefined);
    return this.payment(scope, id);
  }

  /**
   * Invoices this payment settled in full early enough for one of the school's early-payment discounts
   * each earn a credit note on the account (at most one per invoice, named after the discount), which
   * is then set against what the account still owes.
   */
  private async creditEarlyPayment(
    scope: Scope,
    tx: Queryable,
    accountId: string,
    invoiceIds: readonly string[],
    paidOn: string,
    year: number,
    settings: Awaited<ReturnType<typeof repo.settingsOf>>,
  ): Promise<void> {
    if (invoiceIds.length === 0) return;
    const rules = await repo.earlyPaymentRules(scope, tx);
    if (rules.length === 0) return;
    const facts = await repo.earlyPaymentFacts(scope, tx, invoiceIds);
    let credited = false;
    for (const invoice of facts) {
      if (invoice.credited) continue;
      const credit = earlyPaymentCredit(
        rules.map((r) => ({ ...r, mode: r.mode === 'amount' ? 'amount' : 'percent' })),
        invoice,
        paidOn,
      );
      if (!credit) continue;
      const rule = rules.find((r) => r.id === credit.ruleId);
      const seq = await repo.nextNumber(scope, tx, 'credit_note', year);
      const noteId = newId();
      const number = `${settings?.creditNotePrefix ?? 'CN'}-${year}-${String(seq).padStart(5, '0')}`;
      const reason = `Early payment: ${rule?.name ?? ''}`.trim();
      await repo.insertCreditNote(scope, tx, {
        id: noteId,
        accountId,
        invoiceId: invoice.id,
        number,
        amount: credit.amount,
        currency: settings?.currency ?? 'INR',
        reason,
        discountId: credit.ruleId,
        createdBy: scope.userId,
        createdAt: this.clock.now(),
      });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'credit_note',
        entityId: noteId,
        label: number,
        after: { account_id: accountId, invoice_id: invoice.id, amount: credit.amount, reason, discount_id: credit.ruleId },
      });
      credited = true;
    }
    if (credited) await this.applyCredit(scope, tx, [accountId]);
  }

  /** A void payment never happened: its allocations are released and the invoices owe again. */
  async voidPayment(scope: Scope, id: string, reason: string): Promise<Payment> {
    const before = await this.payment(scope, id);
    await this.db.transaction(async (tx) => {
      await repo.lockAccounts(scope, tx, [before.account._id]);
      if (!(await repo.voidPayment(scope, tx, id, this.clock.now(), reason))) return;
      const allocations = await repo.allocationsFor(scope, tx, { paymentIds: [id] });
      await recordAudit(scope, tx, {
        action: 'void',
        entityType: 'payment',
        entityId: id,
        label: before.number,
        before: { allocations: allocations.map((a) => ({ invoice_id: a.invoiceId, amount: a.amount })) },
        after: { reason },
      });
      await repo.deleteAllocations(
        scope,
        tx,
        allocations.map((a) => a.id),
      );
    });
    return this.payment(scope, id);
  }

  // ------------------------------------------------------------------ credit notes

  /** A credit note on an invoice reduces what it owes (never below zero); on the account it is credit. */
  async createCreditNote(
    scope: Scope,
    body: { account_id: string; invoice_id?: string | null; amount: number; reason: string },
  ): Promise<CreditNote> {
    const id = newId();
    const today = await this.today(scope);
    await this.db.transaction(async (tx) => {
      const [account] = await repo.lockAccounts(scope, tx, [body.account_id]);
      if (!account) throw notFound();
      if (body.invoice_id) {
        const invoice = await repo.lockInvoice(scope, tx, body.invoice_id);
        if (!invoice || invoice.accountId !== account.id) throw notFound();
        if (invoice.status !== 'issued') throw badRequest(FEE_MESSAGES.issuedReadOnly, ERROR_CODES.invoiceIssued);
        const paid = (await repo.paidByInvoice(scope, tx, [invoice.id])).get(invoice.id) ?? 0;
        if (body.amount > invoice.total - paid)
          throw badRequest(FEE_MESSAGES.creditTooLarge, ERROR_CODES.overAllocation, 'amount');
      }
      const year = Number(today.slice(0, 4));
      const seq = await repo.nextNumber(scope, tx, 'credit_note', year);
      const settings = await repo.settingsOf(scope, tx, account.schoolId);
      await repo.insertCreditNote(scope, tx, {
        id,
        accountId: account.id,
        invoiceId: body.invoice_id ?? null,
        number: `${settings?.creditNotePrefix ?? 'CN'}-${year}-${String(seq).padStart(5, '0')}`,
        amount: body.amount,
        currency: settings?.currency ?? 'INR',
        reason: body.reason,
        createdBy: scope.userId,
        createdAt: this.clock.now(),
      });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'credit_note',
        entityId: id,
        label: `${settings?.creditNotePrefix ?? 'CN'}-${year}-${String(seq).padStart(5, '0')}`,
        after: { account_id: account.id, invoice_id: body.invoice_id ?? null, amount: body.amount, reason: body.reason },
      });
      if (body.invoice_id) {
        await repo.insertAllocations(scope, tx, [
          { id: newId(), invoiceId: body.invoice_id, creditNoteId: id, amount: body.amount },
        ]);
      } else {
        await this.applyCredit(scope, tx, [account.id]);
      }
    });
    const [note] = await repo.creditNotesList(scope, this.db, { ids: [id] });
    if (!note) throw notFound();
    return presentCreditNote(note);
  }

  // ------------------------------------------------------------------ accounts

  private async summaries(scope: Scope, ids: readonly string[], today: string): Promise<FeeAccountSummary[]> {
    const [sums, people] = await Promise.all([
      repo.accountSums(scope, this.db, ids, today),
      repo.accountPeople(scope, this.db, ids),
    ]);
    const currencies = new Map<string, string>();
    for (const s of sums.values()) {
      if (!currencies.has(s.schoolId))
        currencies.set(s.schoolId, (await repo.settingsOf(scope, this.db, s.schoolId))?.currency ?? 'INR');
    }
    return ids.flatMap((id) => {
      const s = sums.get(id);
      return s ? [presentAccountSummary(s, people.children, people.payers, currencies.get(s.schoolId) ?? 'INR')] : [];
    });
  }

  async accounts(
    scope: Scope,
    query: { q?: string; class_id?: string; owing?: 'true' | 'false'; page: number; page_size: number; cursor?: string },
  ): Promise<{ items: FeeAccountSummary[]; total: number; page: number; page_size: number; next_cursor: string | null }> {
    const { ids, total, nextCursor } = await repo.accountIdsPage(scope, this.db, {
      ...(query.q ? { q: query.q } : {}),
      ...(query.class_id ? { classId: query.class_id } : {}),
      ...(query.owing ? { owing: query.owing === 'true' } : {}),
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
      cursor: query.cursor,
    });
    return {
      items: await this.summaries(scope, ids, await this.today(scope)),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  private async accountsDetailed(scope: Scope, ids: readonly string[], today: string): Promise<FeeAccount[]> {
    if (ids.length === 0) return [];
    const [summaries, invoiceRows, paymentRows, notes, canManage] = await Promise.all([
      this.summaries(scope, ids, today),
      repo.invoicesOfAccounts(scope, this.db, ids, ['issued', 'cancelled']),
      repo.paymentsList(scope, this.db, { accountIds: ids }),
      repo.creditNotesList(scope, this.db, { accountIds: ids }),
      this.canManage(scope),
    ]);
    const paid = await repo.paidByInvoice(
      scope,
      this.db,
      invoiceRows.map((r) => r.invoice.id),
    );
    const payments = await this.presentPayments(scope, paymentRows.rows);
    return summaries.map((s) => ({
      ...s,
      invoices: invoiceRows
        .filter((r) => r.invoice.accountId === s._id)
        .map((r) => presentSummary(r, paid.get(r.invoice.id) ?? 0, today)),
      payments: payments.filter((p) => p.account._id === s._id),
      credit_notes: notes.filter((n) => n.accountId === s._id).map(presentCreditNote),
      abilities: { pay: canManage, credit: canManage, remind: canManage },
    }));
  }

  async account(scope: Scope, id: string): Promise<FeeAccount> {
    const [account] = await this.accountsDetailed(scope, [id], await this.today(scope));
    if (!account) throw notFound();
    return account;
  }

  /** Every account of the signed-in parent's children, at schools with fees switched on. */
  async familyFees(scope: Scope): Promise<FamilyFees> {
    const ids = await repo.familyAccountIds(scope, this.db);
    const today = todayIn('UTC', this.clock.now());
    const accounts = await this.accountsDetailed(scope, ids, today);
    const sums = await repo.accountSums(scope, this.db, ids, today);
    const visible: FeeAccount[] = [];
    for (const a of accounts) {
      const schoolId = sums.get(a._id)?.schoolId;
      if (schoolId && (await this.scopes.featuresOf(schoolId)).has('fees' as never)) visible.push(a);
    }
    return { accounts: visible };
  }

  // ------------------------------------------------------------------ online payment

  async payOnline(scope: Scope, invoiceId: string): Promise<{ redirect_url: string }> {
    const invoice = await repo.invoiceForFamily(scope, this.db, invoiceId);
    if (!invoice || invoice.status !== 'issued') throw notFound();
    await this.checkFeature(scope, invoice.schoolId);
    const settings = await repo.settingsOf(scope, this.db, invoice.schoolId);
    const provider = paymentProvider(settings?.onlineProvider);
    if (!provider) throw badRequest(FEE_MESSAGES.providerNotEnabled, ERROR_CODES.providerNotEnabled);
    const paid = (await repo.paidByInvoice(scope, this.db, [invoice.id])).get(invoice.id) ?? 0;
    return provider.start(
      {
        id: invoice.id,
        number: invoice.number ?? '',
        schoolId: invoice.schoolId,
        accountId: invoice.accountId,
        amount: Math.max(0, invoice.total - paid),
        currency: invoice.currency,
      },
      `${this.publicUrl}${PAGE_PATHS.familyFees}`,
    );
  }

  // ------------------------------------------------------------------ emails

  private async sendReceiptEmail(payload: Record<string, unknown>): Promise<void> {
    const scope = this.systemScope(String(payload.schoolId), 'receipt');
    const { rows } = await repo.paymentsList(scope, this.db, { ids: [String(payload.paymentId)] });
    const payment = rows[0];
    if (!payment || payment.voidedAt) return;
    const today = await this.today(scope);
    const [sums, people] = await Promise.all([
      repo.accountSums(scope, this.db, [payment.accountId], today),
      repo.accountPeople(scope, this.db, [payment.accountId]),
    ]);
    const s = sums.get(payment.accountId);
    const balance = s ? s.outstanding - Math.max(0, s.credit) : 0;
    await this.emailTemplates.sendEach(
      { kind: 'system', schoolId: payment.schoolId },
      'payment_receipt',
      people.payers
        .filter((p) => p.email)
        .map((p) => ({
          to: p.email as string,
          userId: p.userId,
          values: (language: Language) => ({
            first_name: p.firstName,
            receipt_number: payment.number,
            amount: formatMoney(payment.amount, payment.currency, language),
            date: ddmmyyyyFromIso(payment.receivedOn),
            balance: formatMoney(balance, payment.currency, language),
            link: `${this.publicUrl}${PAGE_PATHS.familyFees}`,
          }),
        })),
    );
  }

  /**
   * Sends an account's (or the whole school's) due reminders: a reminder `reminder_days_before` days
   * before the due date and an overdue notice `reminder_days_after` days after, each once per invoice
   * (invoice_reminders); answers how many emails went.
   */
  async sendReminders(scope: Scope, accountId?: string): Promise<number> {
    const schoolId = scope.schoolId ?? '';
    const settings = await repo.settingsOf(scope, this.db, schoolId);
    const before = settings?.reminderDaysBefore ?? 3;
    const after = settings?.reminderDaysAfter ?? 7;
    const today = await this.today(scope);
    const kinds: { kind: 'reminder' | 'overdue'; key: 'invoice_reminder' | 'invoice_overdue'; list: repo.DueInvoice[] }[] = [];
    // A reminder before the due date: due within the coming days (now, for one account: every one not yet due).
    if (accountId || before > 0) {
      kinds.push({
        kind: 'reminder',
        key: 'invoice_reminder',
        list: await repo.invoicesToRemind(scope, this.db, {
          kind: 'reminder',
          dueFrom: today,
          dueBy: accountId ? '9999-12-31' : addDays(today, before),
          ...(accountId ? { accountId } : {}),
        }),
      });
    }
    if (accountId || after > 0) {
      kinds.push({
        kind: 'overdue',
        key: 'invoice_overdue',
        list: await repo.invoicesToRemind(scope, this.db, {
          kind: 'overdue',
          dueBy: accountId ? addDays(today, -1) : addDays(today, -after),
          ...(accountId ? { accountId } : {}),
        }),
      });
    }
    let sent = 0;
    for (const { kind, key, list } of kinds) {
      if (list.length === 0) continue;
      // Marked first: a second run (another instance, the next day) finds them sent.
      const marked = await repo.markReminders(
        scope,
        this.db,
        kind,
        list.map((i) => i.id),
        this.clock.now(),
      );
      const mine = list.filter((i) => marked.has(i.id));
      const people = await repo.accountPeople(scope, this.db, [...new Set(mine.map((i) => i.accountId))]);
      const recipients = mine.flatMap((i) =>
        people.payers
          .filter((p) => p.accountId === i.accountId && p.email)
          .map((p) => ({
            to: p.email as string,
            userId: p.userId,
            values: (language: Language) => ({
              first_name: p.firstName,
              child_name: i.childName,
              invoice_number: i.number,
              amount: formatMoney(i.total - i.paid, i.currency, language),
              due_date: ddmmyyyyFromIso(i.dueDate),
              days: String(Math.max(0, daysBetween(i.dueDate, today))),
              link: `${this.publicUrl}${PAGE_PATHS.familyFees}`,
            }),
          })),
      );
      await this.emailTemplates.sendEach(scope, key, recipients);
      sent += recipients.length;
    }
    return sent;
  }

  async remindAccount(scope: Scope, accountId: string): Promise<number> {
    const account = await repo.accountOf(scope, this.db, accountId);
    if (!account) throw notFound();
    return this.sendReminders(scope, accountId);
  }

  /** The daily run: every school with fee accounts, then the next run tomorrow. */
  async runDailyReminders(payload: Record<string, unknown> = {}): Promise<number> {
    let sent = 0;
    const schools = payload.schoolId ? [String(payload.schoolId)] : await repo.schoolsWithAccounts('system', this.db);
    for (const schoolId of schools) {
      sent += await this.sendReminders(this.systemScope(schoolId, 'fee-reminders'));
    }
    return sent;
  }

  /** Puts the daily reminders' job on the queue (at start; each run schedules the next). */
  async scheduleDailyReminders(): Promise<void> {
    const next = new Date(this.clock.now().getTime() + 24 * 3600_000);
    await this.jobs.schedule('fees:reminders', FEE_REMINDER_JOB, next, {});
  }

  // ------------------------------------------------------------------ reports

  async collectionReport(scope: Scope, query: { from?: string; to?: string; class_id?: string }): Promise<CollectionReport> {
    const today = await this.today(scope);
    const from = query.from ?? `${today.slice(0, 4)}-01-01`;
    const to = query.to ?? monthOf(today).to;
    const [rows, byMethod, currency] = await Promise.all([
      repo.collectionRows(scope, this.db, from, to, query.class_id),
      repo.paymentsByMethod(scope, this.db, from, to),
      repo.currencyOf(scope, this.db),
    ]);
    const out = rows.map((r) => ({
      month: r.month,
      class: r.classId ? { _id: r.classId, name: r.className ?? '' } : null,
      invoiced: r.invoiced,
      collected: r.collected,
      credited: r.credited,
      outstanding: r.invoiced - r.collected - r.credited,
    }));
    const sum = (k: 'invoiced' | 'collected' | 'credited' | 'outstanding') => out.reduce((s, r) => s + r[k], 0);
    return {
      from: ddmmyyyyFromIso(from),
      to: ddmmyyyyFromIso(to),
      currency,
      rows: out,
      by_method: byMethod.map((m) => ({ method: m.method as Payment['method'], amount: m.amount, count: m.count })),
      totals: {
        invoiced: sum('invoiced'),
        collected: sum('collected'),
        credited: sum('credited'),
        outstanding: sum('outstanding'),
      },
    };
  }

  async collectionCsv(scope: Scope, query: { from?: string; to?: string; class_id?: string }): Promise<string[][]> {
    const r = await this.collectionReport(scope, query);
    const m = (x: number) => majorText(x, r.currency);
    return [
      ['Month', 'Class', 'Invoiced', 'Collected', 'Credited', 'Outstanding'],
      ...r.rows.map((x) => [x.month, x.class?.name ?? '', m(x.invoiced), m(x.collected), m(x.credited), m(x.outstanding)]),
      ['Total', '', m(r.totals.invoiced), m(r.totals.collected), m(r.totals.credited), m(r.totals.outstanding)],
    ];
  }

  async ageingReport(scope: Scope, query: { as_of?: string; class_id?: string }): Promise<AgeingReport> {
    const asOf = query.as_of ?? (await this.today(scope));
    const [owing, currency] = await Promise.all([
      repo.owingInvoices(scope, this.db, query.class_id),
      repo.currencyOf(scope, this.db),
    ]);
    const buckets = new Map<string, Record<AgeingBucket, number>>();
    for (const i of owing) {
      const late = daysBetween(i.dueDate, asOf);
      const bucket: AgeingBucket =
        late <= 0 ? 'not_due' : late <= 30 ? 'd0_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'd90_plus';
      const row = buckets.get(i.accountId) ?? { not_due: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
      row[bucket] += i.outstanding;
      buckets.set(i.accountId, row);
    }
    const ids = [...buckets.keys()];
    const [sums, people] = await Promise.all([
      repo.accountSums(scope, this.db, ids, asOf),
      repo.accountPeople(scope, this.db, ids),
    ]);
    const rows = ids
      .map((id) => {
        const b = buckets.get(id) as Record<AgeingBucket, number>;
        const credit = Math.max(0, sums.get(id)?.credit ?? 0);
        return {
          account: { _id: id, name: sums.get(id)?.name ?? '' },
          children: people.children
            .filter((c) => c.accountId === id)
            .map((c) => ({ _id: c.studentId, name: `${c.firstName} ${c.lastName}`.trim() })),
          ...b,
          credit,
          total: AGEING_BUCKETS.reduce((s, k) => s + b[k], 0) - credit,
        };
      })
      .sort((a, b) => a.account.name.localeCompare(b.account.name));
    const totals = Object.fromEntries(
      [...AGEING_BUCKETS, 'credit', 'total'].map((k) => [
        k,
        rows.reduce((s, r) => s + r[k as AgeingBucket | 'credit' | 'total'], 0),
      ]),
    ) as AgeingReport['totals'];
    return { as_of: ddmmyyyyFromIso(asOf), currency, rows, totals };
  }

  async ageingCsv(scope: Scope, query: { as_of?: string; class_id?: string }): Promise<string[][]> {
    const r = await this.ageingReport(scope, query);
    const m = (x: number) => majorText(x, r.currency);
    return [
      ['Family', 'Children', 'Not due', '0-30', '31-60', '61-90', '90+', 'Credit', 'Total'],
      ...r.rows.map((x) => [
        x.account.name,
        x.children.map((c) => c.name).join('; '),
        m(x.not_due),
        m(x.d0_30),
        m(x.d31_60),
        m(x.d61_90),
        m(x.d90_plus),
        m(x.credit),
        m(x.total),
      ]),
    ];
  }

  // ------------------------------------------------------------------ accounts

  /**
   * The account of each child, made where none exists: children who share a parent (transitively) share
   * one account, so a new child of a family that already has one joins it. A new account is named
   * "<first payer's last name> family", else by the children's first names.
   */
  async accountsFor(scope: Scope, tx: Queryable, studentIds: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(studentIds)];
    const known = await repo.accountsOfStudents(scope, tx, wanted);
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length === 0) return known;

    const links = await repo.familyLinks(scope, tx, missing);
    // Children joined by a shared parent are one family (union-find over the links).
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let root = x;
      while (parent.get(root) !== root) root = parent.get(root) ?? root;
      parent.set(x, root);
      return root;
    };
    const union = (a: string, b: string) => {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(ra, rb);
    };
    for (const l of links) {
      if (!parent.has(l.studentId)) parent.set(l.studentId, l.studentId);
      const p = l.parentId ? `p:${l.parentId}` : null;
      if (p) {
        if (!parent.has(p)) parent.set(p, p);
        union(l.studentId, p);
      }
    }
    const families = new Map<string, repo.FamilyLink[]>();
    for (const l of links) {
      const root = find(l.studentId);
      families.set(root, [...(families.get(root) ?? []), l]);
    }

    const missingSet = new Set(missing);
    // Two statements whatever the number of families: a school's first month opens every account at once.
    const newAccounts: { id: string; name: string }[] = [];
    const newLinks: { accountId: string; studentId: string }[] = [];
    for (const members of families.values()) {
      const toLink = [...new Set(members.map((m) => m.studentId).filter((id) => missingSet.has(id)))];
      if (toLink.length === 0) continue;
      const existing = members
        .filter((m) => m.accountId)
        .sort((a, b) => (a.accountCreatedAt?.getTime() ?? 0) - (b.accountCreatedAt?.getTime() ?? 0))[0]?.accountId;
      let accountId = existing ?? null;
      if (!accountId) {
        accountId = newId();
        newAccounts.push({ id: accountId, name: familyName(members) });
      }
      for (const studentId of toLink) newLinks.push({ accountId, studentId });
    }
    await repo.insertAccounts(scope, tx, newAccounts);
    await repo.linkStudents(scope, tx, newLinks);
    // Read back: a child linked meanwhile by another request keeps the account it got.
    return repo.accountsOfStudents(scope, tx, wanted);
  }

  // ------------------------------------------------------------------ allocations

  /** What live payments and credit notes have set against each invoice (one query). */
  paidByInvoice(scope: Scope, invoiceIds: readonly string[]): Promise<Map<string, number>> {
    return repo.paidByInvoice(scope, this.db, invoiceIds);
  }

  /** The receipts and credit notes set against an invoice, oldest first. */
  async allocationsOf(scope: Scope, invoiceId: string): Promise<AllocationItem[]> {
    const rows = await repo.allocationsFor(scope, this.db, { invoiceIds: [invoiceId] });
    return rows.map((r) => ({
      kind: r.paymentId ? ('payment' as const) : ('credit_note' as const),
      _id: (r.paymentId ?? r.creditNoteId) as string,
      number: r.number,
      date: ddmmyyyyFromIso(r.receivedOn ?? (r.noteCreatedAt ?? r.createdAt).toISOString().slice(0, 10)),
      amount: r.amount,
    }));
  }

  /**
   * Sets each account's unallocated money (live payments and credit notes not yet used, oldest first)
   * against its issued invoices, oldest due date first, never more than each owes. Run inside the
   * transaction that changed the account; takes the accounts' locks.
   */
  async applyCredit(scope: Scope, tx: Queryable, accountIds: readonly string[]): Promise<void> {
    const ids = [...new Set(accountIds)];
    if (ids.length === 0) return;
    await repo.lockAccounts(scope, tx, ids);
    const [sources, owed] = await Promise.all([repo.creditSources(scope, tx, ids), repo.issuedInvoicesOf(scope, tx, ids)]);
    const rows: Parameters<typeof repo.insertAllocations>[2] = [];
    for (const accountId of ids) {
      const open = owed
        .filter((i) => i.accountId === accountId)
        .map((i) => ({ id: i.id, due: i.dueDate, order: i.number ?? '', outstanding: i.total - i.paid }));
      for (const source of sources.filter((s) => s.accountId === accountId)) {
        const { allocations } = allocate(source.unallocated, open);
        for (const a of allocations) {
          rows.push({
            id: newId(),
            invoiceId: a.invoiceId,
            amount: a.amount,
            ...(source.kind === 'payment' ? { paymentId: source.id } : { creditNoteId: source.id }),
          });
          const inv = open.find((i) => i.id === a.invoiceId);
          if (inv) inv.outstanding -= a.amount;
        }
      }
    }
    await repo.insertAllocations(scope, tx, rows);
  }

  /**
   * A revision replaced an invoice: its allocations move to the new revision, oldest first, up to the
   * new total; what does not fit becomes the account's credit, then credit is applied again.
   */
  async moveAllocations(
    scope: Scope,
    tx: Queryable,
    oldInvoiceId: string,
    newInvoiceId: string,
    newTotal: number,
  ): Promise<void> {
    const accountId = await repo.invoiceAccount(scope, tx, oldInvoiceId);
    if (!accountId) return;
    await repo.lockAccounts(scope, tx, [accountId]);
    const current = await repo.allocationsFor(scope, tx, { invoiceIds: [oldInvoiceId] });
    let room = Math.max(0, newTotal);
    const drop: string[] = [];
    for (const a of current) {
      if (room <= 0) {
        drop.push(a.id);
        continue;
      }
      const take = Math.min(room, a.amount);
      await repo.updateAllocation(scope, tx, a.id, { invoiceId: newInvoiceId, amount: take });
      room -= take;
    }
    await repo.deleteAllocations(scope, tx, drop);
    await this.applyCredit(scope, tx, [accountId]);
  }

  /** A cancelled invoice owes nothing: the money set against it becomes the account's credit again. */
  async releaseAllocations(scope: Scope, tx: Queryable, invoiceId: string): Promise<void> {
    const accountId = await repo.invoiceAccount(scope, tx, invoiceId);
    if (!accountId) return;
    await repo.lockAccounts(scope, tx, [accountId]);
    const current = await repo.allocationsFor(scope, tx, { invoiceIds: [invoiceId] });
    await repo.deleteAllocations(
      scope,
      tx,
      current.map((a) => a.id),
    );
    await this.applyCredit(scope, tx, [accountId]);
  }

  /** Live payments received between two ISO days (inclusive), in minor units. */
  collectedBetween(scope: Scope, fromIso: string, toIso: string): Promise<number> {
    return repo.collectedBetween(scope, this.db, fromIso, toIso);
  }

  // ------------------------------------------------------------------ receipts as PDF

  /**
   * Registers the receipt's document kind with the exports (the builder re-reads the payment as the
   * person who asked, so a parent gets only their own family's) and keeps the exports for `startReceipt`.
   */
  withExports(exports: ExportService): this {
    this.receiptExports = exports;
    exports.register('receipt', async (scope, params) => {
      const payment = await this.payment(scope, params.paymentId ?? '');
      const { schoolId, balance } = await this.receiptContext(scope, params.paymentId ?? '');
      const school = await this.school.info(this.systemScope(schoolId, 'receipt-pdf'));
      return receiptPdf(payment, school.name, balance);
    });
    return this;
  }

  private receiptExports: ExportService | null = null;

  /** Starts the receipt's PDF: staff with the fee permission, or a parent of the account's children. */
  async startReceipt(scope: Scope, id: string): Promise<FileExport> {
    if (!this.receiptExports) throw new Error('receipts need the exports');
    await this.payment(scope, id);
    const { schoolId } = await this.receiptContext(scope, id);
    return this.receiptExports.start(scope, 'receipt', { paymentId: id }, schoolId);
  }

  /** The payment's school and its account's balance now (what is owed less credit). */
  private async receiptContext(scope: Scope, id: string): Promise<{ schoolId: string; balance: number }> {
    const { rows } = await repo.paymentsList(scope, this.db, { ids: [id] });
    const row = rows[0];
    if (!row) throw notFound();
    const today = await this.today(this.systemScope(row.schoolId, 'receipt-pdf'));
    const s = (await repo.accountSums(scope, this.db, [row.accountId], today)).get(row.accountId);
    return { schoolId: row.schoolId, balance: s ? s.outstanding - Math.max(0, s.credit) : 0 };
  }
}

/** "<first payer's last name> family", else the children's first names. */
function familyName(members: readonly repo.FamilyLink[]): string {
  const payer = members
    .filter((m) => m.parentId && m.parentLastName?.trim())
    .sort((a, b) => (a.linkedAt?.getTime() ?? 0) - (b.linkedAt?.getTime() ?? 0))[0];
  if (payer?.parentLastName) return `${payer.parentLastName.trim()} family`;
  const names = [...new Set(members.map((m) => m.studentFirstName).filter(Boolean))];
  return names.length ? names.join(' and ') : 'Family';
}
