import { PAGE_PATHS } from '@cue/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CHILDREN_NS } from './i18n';

/** The child's record, paths relative to the app root; its code and catalogs (with the admin's shared words) load on first visit. */
export const childrenRoutes: RouteObject[] = [
  // One page for staff and for the child's family (decision 18: `?as=parent` for a dual-role parent).
  { path: PAGE_PATHS.childRecord.slice(1), element: lazyPage(() => import('./pages/ChildRecordPage'), [CHILDREN_NS, 'admin']) },
];
