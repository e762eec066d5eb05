import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CARELOG_NS } from './i18n';

const NAMESPACES = [CARELOG_NS];

/** Pages of the carelog, paths relative to the app root; their code and catalog load on first visit. */
export const carelogRoutes: RouteObject[] = [
  { path: 'communication/carelog', element: lazyPage(() => import('./pages/CarelogPage'), NAMESPACES) },
  { path: 'communication/carelog/incidents/:id', element: lazyPage(() => import('./pages/IncidentPage'), NAMESPACES) },
];
