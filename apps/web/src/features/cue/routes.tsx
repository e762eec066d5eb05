import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CUE_NS } from './i18n';

/** The chat assistant page (staff); the attendance catalog holds the status picker's words. */
export const cueRoutes: RouteObject[] = [
  { path: 'assistant', element: lazyPage(() => import('./ChatPage'), [CUE_NS, 'attendance']) },
];
