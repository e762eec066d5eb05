import {
  type FeeDiscount,
  type FeeDiscountRequest,
  type FeeSettings,
  type FeeStructure,
  type FeeStructureRequest,
  ROUTES,
} from '@cue/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiResult } from '../../../../lib/api';
import { feeKeys } from '../collection/api-collection';

export type { FeeDiscount, FeeDiscountRequest, FeeSettings, FeeStructure, FeeStructureRequest };

type SettingsBody = z.input<(typeof ROUTES.feeSettingsUpdate)['body']>;

const staff = { side: 'staff' } as const;
const keys = {
  structures: (archived: boolean) => [...feeKeys.all, 'structures', archived] as const,
  discounts: (archived: boolean) => [...feeKeys.all, 'discounts', archived] as const,
};

function useFeeMutation<V, A>(call: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}

export function useFeeStructures(archived: boolean) {
  return useQuery({
    queryKey: keys.structures(archived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.feeStructures, { ...staff, signal, query: { include_archived: archived ? 'true' : 'false' } }),
  });
}

export const useSaveStructure = () =>
  useFeeMutation(({ id, body }: { id?: string; body: FeeStructureRequest }) =>
    id
      ? apiRequest(ROUTES.feeStructureUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.feeStructureCreate, { ...staff, body }),
  );

export const useArchiveStructure = () =>
  useFeeMutation(({ id, archive }: { id: string; archive: boolean }) =>
    apiRequest(archive ? ROUTES.feeStructureArchive : ROUTES.feeStructureRestore, { ...staff, params: { id } }),
  );

export function useFeeDiscounts(archived: boolean) {
  return useQuery({
    queryKey: keys.discounts(archived),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.feeDiscounts, { ...staff, signal, query: { include_archived: archived ? 'true' : 'false' } }),
  });
}

export const useSaveDiscount = () =>
  useFeeMutation(({ id, body }: { id?: string; body: FeeDiscountRequest }) =>
    id
      ? apiRequest(ROUTES.feeDiscountUpdate, { ...staff, params: { id }, body })
      : apiRequest(ROUTES.feeDiscountCreate, { ...staff, body }),
  );

export const useArchiveDiscount = () =>
  useFeeMutation(({ id, archive }: { id: string; archive: boolean }) =>
    apiRequest(archive ? ROUTES.feeDiscountArchive : ROUTES.feeDiscountRestore, { ...staff, params: { id } }),
  );

export const useSaveFeeSettings = () =>
  useFeeMutation((body: SettingsBody) => apiRequest(ROUTES.feeSettingsUpdate, { ...staff, body }));
