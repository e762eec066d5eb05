import { ROUTES } from '@cue/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isHidden } from '../../../components/RecordCard';
import { apiResult } from '../../../lib/api';

/*
 * A family's fees (the parent side): every account of the caller's children with its invoices, receipts,
 * credit notes and balance; one invoice's lines; its PDF and a payment's receipt prepared as documents.
 */

const parent = { side: 'parent' } as const;

export const familyFeeKeys = {
  all: ['fees', 'family'] as const,
  invoice: (id: string) => ['fees', 'family', 'invoice', id] as const,
};

export function useFamilyFees() {
  return useQuery({
    queryKey: familyFeeKeys.all,
    queryFn: ({ signal }) => apiResult(ROUTES.familyFees, { ...parent, signal }),
    // The feature off (403) is the school's answer, asked once.
    retry: (count, err) => !isHidden(err) && count < 2,
  });
}

export function useFamilyInvoice(id: string | null) {
  return useQuery({
    queryKey: familyFeeKeys.invoice(id ?? ''),
    queryFn: ({ signal }) => apiResult(ROUTES.invoiceGet, { ...parent, params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Starts the invoice's PDF; the answer names the document job. */
export const useStartInvoicePdf = () =>
  useMutation({
    mutationFn: ({ id }: { id: string }) => apiResult(ROUTES.invoicePdf, { ...parent, params: { id } }),
  });

/** Starts a payment's receipt PDF. */
export const useStartReceiptPdf = () =>
  useMutation({
    mutationFn: ({ id }: { id: string }) => apiResult(ROUTES.receiptPdf, { ...parent, params: { id } }),
  });
