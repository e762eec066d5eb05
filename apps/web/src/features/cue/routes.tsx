import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CUE_NS } from './i18n';

/** The chat assistant page (staff; the attendance catalog holds the status picker's words) and the class's AI configuration. */
export const cueRoutes: RouteObject[] = [
  { path: 'assistant', element: lazyPage(() => import('./ChatPage'), [CUE_NS, 'attendance']) },
  { path: 'admin/academic-setup/ai', element: <Navigate to="/admin/academic-setup/ai/ask" replace /> },
  { path: 'admin/academic-setup/ai/ask', element: lazyPage(() => import('./admin/AskPage'), [CUE_NS]) },
  { path: 'admin/academic-setup/ai/ai-blocks', element: lazyPage(() => import('./admin/BlocksPage'), [CUE_NS]) },
  { path: 'admin/academic-setup/ai/access-points', element: lazyPage(() => import('./admin/AccessPointsPage'), [CUE_NS]) },
];
