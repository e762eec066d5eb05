import { ddmmyyyyFromIso, type Payment } from '@cue/contract';
import { startPdf } from '../exports/pdf-kit.js';
import { visual } from '../exports/rtl-text.js';
import { formatMoney } from './money.js';

/*
 * A payment's receipt as a PDF (ExportService kind 'receipt'), built as the person who asked: the
 * school's name, receipt number, date received, family, amount, method and reference, what it paid
 * (invoice numbers and amounts), what stayed as credit and the account's balance afterwards. Names in
 * Arabic or Hebrew are shaped and turned to visual order; amounts use the currency's own digits.
 */

const METHOD_LABELS: Record<Payment['method'], string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card_terminal: 'Card terminal',
  cheque: 'Cheque',
  online: 'Online',
};

export async function receiptPdf(
  payment: Payment,
  schoolName: string,
  balanceAfter: number,
): Promise<{ name: string; pdf: Buffer }> {
  const { doc, done } = startPdf({ size: 'A4', margin: 48 });
  const text = (s: string) => visual(s, 'ltr');
  const money = (minor: number) => formatMoney(minor, payment.currency, 'en');
  doc.font('bold').fontSize(18).text(text(schoolName));
  doc.moveDown(0.5);
  doc.fontSize(14).text(`Receipt ${payment.number}${payment.voided ? ' (void)' : ''}`);
  doc.font('regular').fontSize(10).moveDown(0.5);
  // received_on is already DD-MM-YYYY on the wire.
  doc.text(`Received: ${payment.received_on}`);
  doc.text(text(`Family: ${payment.account.name}`));
  doc.text(`Amount: ${money(payment.amount)}`);
  doc.text(`Method: ${METHOD_LABELS[payment.method]}`);
  if (payment.reference) doc.text(text(`Reference: ${payment.reference}`));
  if (payment.voided) doc.text(text(`Voided: ${payment.void_reason}`));
  doc.moveDown();
  const left = 48;
  const right = doc.page.width - 48;
  doc.font('bold').text('Paid towards', left, doc.y);
  doc.font('regular');
  if (payment.allocations.length === 0) doc.text('No invoice');
  for (const a of payment.allocations) {
    const y = doc.y;
    doc.text(`Invoice ${a.invoice.number}`, left, y, { width: right - left - 140 });
    doc.text(money(a.amount), right - 140, y, { width: 140, align: 'right' });
  }
  doc.moveDown();
  for (const [label, amount, bold] of [
    ['Kept as credit', payment.unallocated, false],
    ['Account balance after this payment', balanceAfter, true],
  ] as const) {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').text(label, left, y, { width: right - left - 140 });
    doc.text(money(amount), right - 140, y, { width: 140, align: 'right' });
  }
  doc.end();
  return { name: `${payment.number}-${ddmmyyyyFromIso(new Date().toISOString().slice(0, 10))}.pdf`, pdf: await done };
}
