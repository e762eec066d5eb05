import { LANGUAGES } from '@cue/contract';
import i18n, { fetchCatalog } from './i18n';

const loading = new Map<string, Promise<void>>();

async function loadOne(ns: string, lng: string): Promise<void> {
  i18n.addResourceBundle(lng, ns, await fetchCatalog(lng, ns), true, true);
}

/**
 * Puts a feature's catalogs (public/locales/<lng>/<ns>.json) of every language into i18next before its
 * pages render. All three load at once (a few kilobytes each), so a language switch never finds the
 * namespace missing and `useTranslation(ns)` never has to ask the http backend for it.
 */
export function loadCatalogs(ns: string): Promise<void> {
  let pending = loading.get(ns);
  if (!pending) {
    pending = Promise.all(LANGUAGES.map((lng) => loadOne(ns, lng))).then(
      () => undefined,
      (err: unknown) => {
        loading.delete(ns);
        throw err;
      },
    );
    loading.set(ns, pending);
  }
  return pending;
}
