import { FEE_MESSAGES, invoiceRunSchema, PAYMENT_METHODS, PAYMENT_STATES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

/**
 * The fees overview, reports and family pages and the child's fees card: every key of the .tsx files of
 * fees/ (the structure and collection pages are read again here, harmlessly) and the keys built at run time.
 */
describeCatalogs({
  title: 'the fees catalogs of the overview, reports and family pages and the child card',
  ns: 'fees',
  keys: () => [
    ...keysInCode('management', ['fees']),
    ...invoiceRunSchema.shape.status.options.map((s) => `overview.runStatus.${s}`),
    ...['structure', 'collection', 'reports'].flatMap((c) => [`overview.cards.${c}.title`, `overview.cards.${c}.body`]),
    ...PAYMENT_STATES.map((s) => `family.state.${s}`),
    ...['outstanding', 'credit', 'overdue'].map((b) => `family.balance.${b}`),
    ...PAYMENT_METHODS.map((m) => `reports.methods.${m}`),
    ...['not_due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus', 'credit', 'total'].map((b) => `reports.ageing.${b}`),
    ...['invoiced', 'collected', 'credited', 'outstanding'].map((k) => `reports.collection.${k}`),
  ],
  minKeys: 100,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(FEE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
