/**
 * The login page as static HTML, rendered at build time (scripts/build.mjs) for each language: the
 * server sends it for `/` so that the page paints as soon as its HTML arrives, before the app's code.
 * The app then renders the same page in its place (main.tsx).
 */
import { LANGUAGES, LOGIN_PRERENDER, RTL_LANGUAGES } from '@cue/contract';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { RebrandBanner } from './app/AppFrame';
import { cssVariablesResolver } from './app/Providers';
import { REBRAND } from './app/rebrand';
import { theme } from './app/theme';
import LoginPage from './features/auth/LoginPage';

export async function renderLogin(language: string, resources: Resource, dir: 'ltr' | 'rtl'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient();
  const page = renderToString(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir}>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={['/']}>
              <LoginPage />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
  const banner = renderToString(
    <I18nextProvider i18n={i18n}>
      <RebrandBanner url={REBRAND.url || LOGIN_PRERENDER.originPlaceholder} />
    </I18nextProvider>,
  );
  return `${LOGIN_PRERENDER.rebrandStart}${banner}${LOGIN_PRERENDER.rebrandEnd}${page}`;
}

export const LOGIN_LANGUAGES = LANGUAGES.map((language) => ({
  language,
  dir: RTL_LANGUAGES.includes(language) ? ('rtl' as const) : ('ltr' as const),
}));
