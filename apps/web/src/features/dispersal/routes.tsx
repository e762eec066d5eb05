import { PAGE_PATHS } from '@cue/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { DISPERSAL_NS, KIOSK_NS } from './i18n';

/** Drop-off and pick-up's page in the shell (issue 24). */
export const dispersalRoutes: RouteObject[] = [
  { path: PAGE_PATHS.entryDispersal.slice(1), element: lazyPage(() => import('./desk/EntryDispersalPage'), [DISPERSAL_NS]) },
];

/** The kiosk: outside the shell and without sign-in (the tablet holds a kiosk token). */
export const kioskRoute: RouteObject = {
  path: PAGE_PATHS.kiosk.slice(1),
  element: lazyPage(() => import('./kiosk/KioskPage'), [KIOSK_NS]),
};
