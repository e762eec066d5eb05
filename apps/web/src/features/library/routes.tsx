import { PAGE_PATHS } from '@cue/contract';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { LIBRARY_ADMIN_NS, LIBRARY_DESK_NS, LIBRARY_NS } from './i18n';

const desk = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [LIBRARY_NS, LIBRARY_DESK_NS]);
const rel = (path: string) => path.slice(1);

/** The library's pages (issue 24), paths relative to the app root; their code and catalogs load on first visit. */
export const libraryRoutes: RouteObject[] = [
  { path: rel(PAGE_PATHS.library), element: <Navigate to={PAGE_PATHS.libraryStudents} replace /> },
  { path: rel(PAGE_PATHS.libraryStudents), element: desk(() => import('./desk/StudentWisePage')) },
  { path: rel(PAGE_PATHS.libraryBooks), element: desk(() => import('./desk/BookWisePage')) },
  { path: rel(PAGE_PATHS.libraryItem), element: desk(() => import('./desk/ItemPage')) },
  {
    path: rel(PAGE_PATHS.libraryManagement),
    element: lazyPage(() => import('./admin/LibraryManagementPage'), [LIBRARY_NS, LIBRARY_ADMIN_NS]),
  },
];
