import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Providers } from './Providers';
import { router } from './router';

export { prefillFirstScreen } from './firstScreen';
export { createQueryClient } from './queryClient';
export { LoginPage } from './router';

/** `queryClient`: one made (and filled) before the first render; else the app makes its own. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
