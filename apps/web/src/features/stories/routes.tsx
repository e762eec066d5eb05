import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { STORIES_NS } from './i18n';

/** The list, the editor and the story share one chunk: a teacher moves between them all the time. */
const NAMESPACES = [STORIES_NS];
const editor = () => import('./pages/EditorPage');

/** Pages of stories, paths relative to the app root; their code and catalog load on first visit. */
export const storiesRoutes: RouteObject[] = [
  { path: 'communication/stories', element: lazyPage(() => import('./pages/ListPage'), NAMESPACES) },
  {
    path: 'communication/stories/new',
    element: lazyPage(async () => ({ default: (await editor()).StoryCreatePage }), NAMESPACES),
  },
  { path: 'communication/stories/:id', element: lazyPage(() => import('./pages/ReadPage'), NAMESPACES) },
  {
    path: 'communication/stories/:id/edit',
    element: lazyPage(async () => ({ default: (await editor()).StoryEditPage }), NAMESPACES),
  },
];
