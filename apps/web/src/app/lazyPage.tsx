import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadCatalogs } from '../lib/catalogs';
import i18n from '../lib/i18n';

/** Inside the shell while a screen's code loads (no hook that would suspend). */
export function ScreenLoader() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader type="dots" aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })} />
    </Center>
  );
}

/**
 * A screen whose code and translation namespaces load together on first visit, so the login bundle
 * stays small. `namespaces` are files under public/locales/<lng>/.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: string[] = []): ReactNode {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), ...namespaces.map(loadCatalogs)]);
    return module;
  });
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Page />
    </Suspense>
  );
}
