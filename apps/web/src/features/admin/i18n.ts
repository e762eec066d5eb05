import { LANGUAGES } from '@cue/contract';
import i18n from '../../lib/i18n';

/** The translation namespace of the admin screens: public/locales/<lng>/admin.json. */
export const ADMIN_NS = 'admin';

let loading: Promise<void> | null = null;

async function loadOne(lng: string): Promise<void> {
  const response = await fetch(`/locales/${lng}/${ADMIN_NS}.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the ${lng} ${ADMIN_NS} catalog (HTTP ${response.status})`);
  i18n.addResourceBundle(lng, ADMIN_NS, await response.json(), true, true);
}

/**
 * Puts the admin catalogs of every language into i18next before an admin page renders. All three
 * load at once (a few kilobytes each), so a language switch never finds the namespace missing and
 * `useTranslation('admin')` never has to ask the http backend for it.
 */
export function loadAdminCatalogs(): Promise<void> {
  loading ??= Promise.all(LANGUAGES.map(loadOne)).then(
    () => undefined,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
