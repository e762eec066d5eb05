import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';

/** The screens' code and catalogs load together on first visit (the admin catalog for the shared table and modals). */
const NAMESPACES = ['communication', 'admin'];
const lists = () => import('./pages/ListPage');
const editor = () => import('./pages/EditorPage');

/** The communication screens (announcements and homework), paths relative to the app root. */
export const communicationRoutes: RouteObject[] = [
  {
    path: 'communication/announcements',
    element: lazyPage(async () => ({ default: (await lists()).AnnouncementsPage }), NAMESPACES),
  },
  {
    path: 'communication/homeworks',
    element: lazyPage(async () => ({ default: (await lists()).HomeworksPage }), NAMESPACES),
  },
  {
    path: 'communication/announcements/create',
    element: lazyPage(async () => ({ default: (await editor()).AnnouncementCreatePage }), NAMESPACES),
  },
  {
    path: 'communication/announcements/edit/:id',
    element: lazyPage(async () => ({ default: (await editor()).AnnouncementEditPage }), NAMESPACES),
  },
  {
    path: 'communication/homeworks/create',
    element: lazyPage(async () => ({ default: (await editor()).HomeworkCreatePage }), NAMESPACES),
  },
  {
    path: 'communication/homeworks/edit/:id',
    element: lazyPage(async () => ({ default: (await editor()).HomeworkEditPage }), NAMESPACES),
  },
];
