import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { MEDIA_NS } from './i18n';

/** The class gallery, paths relative to the app root; its code and catalog load on first visit. */
export const mediaRoutes: RouteObject[] = [
  { path: 'communication/media', element: lazyPage(() => import('./pages/MediaPage'), [MEDIA_NS]) },
];
