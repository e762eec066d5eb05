import {
  type CreditNote,
  FEE_MESSAGES,
  type FeeAccount,
  type FeeAccountSummary,
  type Invoice,
  type InvoiceRevise,
  type InvoiceRun,
  type InvoiceRunRequest,
  type InvoiceSummary,
  type Payment,
  type PaymentRequest,
  ROUTES,
} from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult, type QueryOf } from '../../../../lib/api';
import i18n from '../../../../lib/i18n';
import { FEES_NS } from '../../i18n';

export type { CreditNote, FeeAccount, FeeAccountSummary, Invoice, InvoiceRun, InvoiceSummary, Payment, PaymentRequest };
export type InvoiceQuery = QueryOf<typeof ROUTES.invoices>;
export type AccountQuery = QueryOf<typeof ROUTES.feeAccounts>;
export type PaymentQuery = QueryOf<typeof ROUTES.payments>;

const staff = { side: 'staff' } as const;

/** Every fee query starts with 'fees': a change anywhere refreshes what the pages show (totals move together). */
export const feeKeys = {
  all: ['fees'] as const,
  settings: ['fees', 'settings'] as const,
  runs: ['fees', 'runs'] as const,
  run: (id: string) => ['fees', 'runs', id] as const,
  invoices: (query: InvoiceQuery) => ['fees', 'invoices', query] as const,
  invoice: (id: string) => ['fees', 'invoice', id] as const,
  accounts: (query: AccountQuery) => ['fees', 'accounts', query] as const,
  account: (id: string) => ['fees', 'account', id] as const,
  payments: (query: PaymentQuery) => ['fees', 'payments', query] as const,
};

const NAMES = new Map<string, string>(Object.entries(FEE_MESSAGES).map(([name, text]) => [text, name]));
/** A fee message of the server (its English sentence) in the reader's language; the text itself when unknown. */
export function feeText(text: string | null | undefined): string {
  if (!text) return '';
  const name = NAMES.get(text);
  return name ? i18n.t(`messages.${name}`, { ns: FEES_NS }) : text;
}

function useFeeMutation<V, A>(call: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}

export function useFeeSettingsQuery() {
  return useQuery({ queryKey: feeKeys.settings, queryFn: ({ signal }) => apiResult(ROUTES.feeSettings, { ...staff, signal }) });
}

// ------------------------------------------------------------------ runs

export function useInvoiceRuns() {
  return useQuery({ queryKey: feeKeys.runs, queryFn: ({ signal }) => apiResult(ROUTES.invoiceRuns, { ...staff, signal }) });
}

export function useInvoiceRun(id: string | null) {
  return useQuery({
    queryKey: feeKeys.run(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.invoiceRunGet, { ...staff, signal, params: { id: id as string } }),
    enabled: !!id,
  });
}

export const useCreateRun = () =>
  useFeeMutation((body: InvoiceRunRequest) => apiRequest(ROUTES.invoiceRunCreate, { ...staff, body }));
export const useIssueRun = () => useFeeMutation((id: string) => apiRequest(ROUTES.invoiceRunIssue, { ...staff, params: { id } }));
export const useDiscardRun = () =>
  useFeeMutation((id: string) => apiRequest(ROUTES.invoiceRunDiscard, { ...staff, params: { id } }));

// ------------------------------------------------------------------ invoices

export function useInvoices(query: InvoiceQuery, enabled = true) {
  return useQuery({
    queryKey: feeKeys.invoices(query),
    queryFn: ({ signal }) => apiResult(ROUTES.invoices, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: feeKeys.invoice(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.invoiceGet, { ...staff, signal, params: { id: id as string } }),
    enabled: !!id,
  });
}

export const useReviseInvoice = () =>
  useFeeMutation(({ id, body }: { id: string; body: InvoiceRevise }) =>
    apiRequest(ROUTES.invoiceRevise, { ...staff, params: { id }, body }),
  );
export const useCancelInvoice = () =>
  useFeeMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(ROUTES.invoiceCancel, { ...staff, params: { id }, body: { reason } }),
  );
export const useCreditNote = () =>
  useFeeMutation((body: { account_id: string; invoice_id?: string | null; amount: number; reason: string }) =>
    apiRequest(ROUTES.creditNoteCreate, { ...staff, body }),
  );

/** Starts an invoice's PDF (an export job; its id is followed by useExportJob). */
export function useStartInvoicePdf() {
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest(ROUTES.invoicePdf, { ...staff, params: { id } })).result,
  });
}

// ------------------------------------------------------------------ payments and accounts

export function usePayments(query: PaymentQuery) {
  return useQuery({
    queryKey: feeKeys.payments(query),
    queryFn: ({ signal }) => apiResult(ROUTES.payments, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export const useRecordPayment = () =>
  useFeeMutation((body: PaymentRequest) => apiRequest(ROUTES.paymentCreate, { ...staff, body }));
export const useVoidPayment = () =>
  useFeeMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(ROUTES.paymentVoid, { ...staff, params: { id }, body: { reason } }),
  );

/** Starts a receipt's PDF (an export job). */
export function useStartReceipt() {
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest(ROUTES.receiptPdf, { ...staff, params: { id } })).result,
  });
}

export function useFeeAccounts(query: AccountQuery) {
  return useQuery({
    queryKey: feeKeys.accounts(query),
    queryFn: ({ signal }) => apiResult(ROUTES.feeAccounts, { ...staff, signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useFeeAccount(id: string | undefined) {
  return useQuery({
    queryKey: feeKeys.account(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.feeAccountGet, { ...staff, signal, params: { id: id as string } }),
    enabled: !!id,
  });
}

export const useRemindAccount = () =>
  useFeeMutation((id: string) => apiRequest(ROUTES.feeAccountRemind, { ...staff, params: { id } }));
