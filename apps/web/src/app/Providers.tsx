import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

const initialDirection = () => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={initialDirection()} detectDirection>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="bottom-left" limit={4} zIndex={1000} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
