import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionExpired, NETWORK_ERROR } from '../lib/api';
import { errorText, toast } from '../lib/notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
  }
}

/** Server answers that will not change on a retry. */
const isFinal = (err: unknown) => err instanceof ApiError && err.code !== NETWORK_ERROR && err.status < 500;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // Session expiry is handled (and told) once by the signed-in layout.
        if (query.meta?.silent || isSessionExpired(err)) return;
        toast.error(errorText(err));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => !isFinal(err) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
