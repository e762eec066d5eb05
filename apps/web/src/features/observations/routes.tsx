import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { OBSERVATIONS_NS } from './i18n';

/** A page's code and its catalogs (the editor's modal frame uses the admin catalog) load together. */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [OBSERVATIONS_NS, 'admin']);

/** The observations screens, paths relative to the app root. */
export const observationsRoutes: RouteObject[] = [
  { path: 'assessment/observation', element: page(() => import('./pages/ObservationPage')) },
  { path: 'assessment/portfolio', element: page(() => import('./pages/PortfolioPage')) },
];
