import { ROUTES } from '@cue/contract';
import { useQuery } from '@tanstack/react-query';
import { apiResult } from '../../../lib/api';
import { downloadFile } from '../../admin/download';

/*
 * The fee overview and reports (staff with the fee permission): what is invoiced, collected and owed this
 * month, the last invoice run, collection per month and class, and ageing per family, with their CSVs.
 */

const staff = { side: 'staff' } as const;

export interface ReportQuery {
  from?: string;
  to?: string;
  class_id?: string;
}
export interface AgeingQuery {
  as_of?: string;
  class_id?: string;
}

export const feeOverviewKeys = {
  overview: ['fees', 'overview'] as const,
  collection: (q: ReportQuery) => ['fees', 'reports', 'collection', q] as const,
  ageing: (q: AgeingQuery) => ['fees', 'reports', 'ageing', q] as const,
};

const clean = <T extends object>(q: T): T =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as T;

export function useFeeOverview() {
  return useQuery({
    queryKey: feeOverviewKeys.overview,
    queryFn: ({ signal }) => apiResult(ROUTES.feeOverview, { ...staff, signal }),
  });
}

export function useCollectionReport(query: ReportQuery) {
  return useQuery({
    queryKey: feeOverviewKeys.collection(query),
    queryFn: ({ signal }) => apiResult(ROUTES.feeCollectionReport, { ...staff, query: clean(query), signal }),
  });
}

export function useAgeingReport(query: AgeingQuery) {
  return useQuery({
    queryKey: feeOverviewKeys.ageing(query),
    queryFn: ({ signal }) => apiResult(ROUTES.feeAgeingReport, { ...staff, query: clean(query), signal }),
  });
}

export const downloadCollectionCsv = (query: ReportQuery) =>
  downloadFile(ROUTES.feeCollectionCsv, 'fee-collection.csv', { query: clean(query) });
export const downloadAgeingCsv = (query: AgeingQuery) =>
  downloadFile(ROUTES.feeAgeingCsv, 'fee-ageing.csv', { query: clean(query) });
