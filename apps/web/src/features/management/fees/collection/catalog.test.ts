import { readFileSync } from 'node:fs';
import {
  BILLING_CYCLES,
  DISCOUNT_KINDS,
  DISCOUNT_MODES,
  FEE_ITEM_KINDS,
  FEE_MESSAGES,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../../lib/catalog-test';

/** The fee structure and collection pages (the overview, reports and family pages have their own keys). */
const PAGES = ['FeeStructurePage', 'FeeCollectionPage', 'InvoicePage', 'FeeAccountPage'];
const pageKeys = () =>
  PAGES.flatMap((page) =>
    [...readFileSync(new URL(`../${page}.tsx`, import.meta.url), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map(
      (m) => m[1] as string,
    ),
  );

describeCatalogs({
  title: 'the fees catalogs of the structure and collection pages',
  ns: 'fees',
  keys: () => [
    ...keysInCode('management', ['fees/structure', 'fees/collection']),
    ...pageKeys(),
    ...BILLING_CYCLES.map((c) => `structure.cycles.${c}`),
    ...FEE_ITEM_KINDS.map((k) => `structure.itemKinds.${k}`),
    ...DISCOUNT_KINDS.flatMap((k) => [`structure.discount.kinds.${k}`, `structure.discount.rules.${k}`]),
    ...DISCOUNT_MODES.map((m) => `structure.discount.modes.${m}`),
    ...PAYMENT_METHODS.map((m) => `payment.methods.${m}`),
    ...PAYMENT_STATES.map((s) => `invoice.states.${s}`),
    ...INVOICE_STATUSES.map((s) => `invoice.statuses.${s}`),
    ...INVOICE_LINE_KINDS.map((k) => `invoice.lineKinds.${k}`),
    ...['payment', 'credit_note'].map((k) => `invoice.allocationKinds.${k}`),
    ...['preview', 'issued', 'discarded'].map((s) => `collection.runStatus.${s}`),
    ...['first', 'previous', 'next', 'last'].map((c) => `collection.pager.${c}`),
    ...['runs', 'invoices', 'families', 'payments'].map((x) => `collection.tabs.${x}`),
    ...['structures', 'discounts', 'settings'].map((x) => `structure.tabs.${x}`),
    ...['name', 'class_ids', 'terms', 'items', 'other'].map((x) => `structure.invalid.${x}`),
    ...['name', 'value', 'reason', 'valid_from', 'valid_to', 'days_before_due', 'other'].map(
      (x) => `structure.discount.invalid.${x}`,
    ),
    ...['invoiced', 'paid', 'outstanding', 'credit', 'balance', 'overdue'].map((x) => `account.${x}`),
    ...['subtotal', 'discounts', 'total', 'paid', 'outstanding'].map((x) => `invoice.${x}`),
  ],
  minKeys: 200,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(FEE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
