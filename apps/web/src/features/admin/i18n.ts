import { loadCatalogs } from '../../lib/catalogs';

/** The translation namespace of the admin screens: public/locales/<lng>/admin.json. */
export const ADMIN_NS = 'admin';

/** The admin catalogs of every language, loaded with the first admin page. */
export const loadAdminCatalogs = (): Promise<void> => loadCatalogs(ADMIN_NS);
