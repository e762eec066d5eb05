import { type CSSVariablesResolver, DirectionProvider, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

// The toast host (and its transitions) loads after the first paint; toasts shown before it mounts wait in the store.
const Toasts = lazy(() => import('./Toasts'));

/** Dimmed text dark enough for 4.5:1 contrast on white and on the app's light backgrounds (WCAG AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636e' },
  dark: {},
});

const initialDirection = () => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={initialDirection()} detectDirection>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
