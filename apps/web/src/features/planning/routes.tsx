import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { RESOURCES_NS } from '../academic/i18n';
import { PLANNING_NS } from './i18n';

const NAMESPACES = [PLANNING_NS];
/** The weekly plan also books resources (the resources' "Book" dialog speaks its own catalog). */
const WEEKLY_NAMESPACES = [PLANNING_NS, RESOURCES_NS];

/** Pages of planning, paths relative to the app root; their code and catalog load on first visit. */
export const planningRoutes: RouteObject[] = [
  { path: 'planning/unit-planning', element: lazyPage(() => import('./pages/UnitsPage'), NAMESPACES) },
  { path: 'planning/unit-planning/:id', element: lazyPage(() => import('./pages/UnitPage'), NAMESPACES) },
  { path: 'planning/project-planning', element: lazyPage(() => import('./pages/ProjectsPage'), NAMESPACES) },
  { path: 'planning/unit-library', element: lazyPage(() => import('./pages/LibraryPage'), NAMESPACES) },
  { path: 'planning/resource-library', element: lazyPage(() => import('./pages/ResourcesPage'), NAMESPACES) },
  { path: 'planning/weekly-planning', element: lazyPage(() => import('./pages/WeeklyPage'), WEEKLY_NAMESPACES) },
  { path: 'planning/term-planning', element: lazyPage(() => import('./pages/TermPage'), NAMESPACES) },
  { path: 'planning/planning-insights', element: lazyPage(() => import('./pages/InsightsPage'), NAMESPACES) },
];
