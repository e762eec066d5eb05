import { ddmmyyyyFromIso, type Invoice } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { startPdf } from '../exports/pdf-kit.js';
import { visual } from '../exports/rtl-text.js';
import { formatMoney } from './money.js';

/*
 * An invoice as a PDF (ExportService kind 'invoice'), built as the person who asked: the school's name,
 * number and revision, child, class, period, lines, totals, paid, outstanding and due date. Names in
 * Arabic or Hebrew are shaped and turned to visual order; amounts use the currency's own digits.
 */

export async function invoicePdf(invoice: Invoice, schoolName: string): Promise<{ name: string; pdf: Buffer }> {
  const { doc, done } = startPdf({ size: 'A4', margin: 48 });
  const text = (s: string) => visual(s, 'ltr');
  const money = (minor: number) => formatMoney(minor, invoice.currency, 'en');
  doc.font('bold').fontSize(18).text(text(schoolName));
  doc.moveDown(0.5);
  doc.fontSize(14).text(`Invoice ${invoice.number ?? '(draft)'}${invoice.revision > 1 ? ` — revision ${invoice.revision}` : ''}`);
  doc.font('regular').fontSize(10).moveDown(0.5);
  doc.text(text(`Child: ${invoice.student.name}`));
  if (invoice.class) doc.text(text(`Class: ${invoice.class.name}`));
  doc.text(`Period: ${invoice.period_label} (${invoice.period_start} – ${invoice.period_end})`);
  if (invoice.issue_date) doc.text(`Issued: ${invoice.issue_date}`);
  doc.text(`Due: ${invoice.due_date}`);
  if (invoice.reason) doc.text(text(`Correction: ${invoice.reason}`));
  doc.moveDown();
  const left = 48;
  const right = doc.page.width - 48;
  for (const line of invoice.lines) {
    const y = doc.y;
    const label = line.quantity > 1 ? `${line.description}` : line.description;
    doc.text(text(label), left, y, { width: right - left - 140 });
    doc.text(money(line.amount), right - 140, y, { width: 140, align: 'right' });
  }
  doc.moveDown();
  for (const [label, amount, bold] of [
    ['Subtotal', invoice.subtotal, false],
    ['Discounts', invoice.discount_total, false],
    ['Total', invoice.total, true],
    ['Paid', invoice.paid, false],
    ['Outstanding', invoice.outstanding, true],
  ] as const) {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').text(label, left, y, { width: right - left - 140 });
    doc.text(money(amount), right - 140, y, { width: 140, align: 'right' });
  }
  doc.end();
  return {
    name: `${invoice.number ?? 'invoice'}-${ddmmyyyyFromIso(new Date().toISOString().slice(0, 10))}.pdf`,
    pdf: await done,
  };
}

export type InvoiceReader = (scope: Scope, id: string) => Promise<Invoice>;
