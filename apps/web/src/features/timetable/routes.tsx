import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { TIMETABLE_NS, TIMETABLE_PATHS } from './i18n';

const rel = (path: string) => path.slice(1);
const page = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [TIMETABLE_NS]);

/** The timetable's pages (issue 28); their code and catalog load on first visit. */
export const timetableRoutes: RouteObject[] = [
  { path: rel(TIMETABLE_PATHS.mapping), element: page(() => import('./pages/SubjectMappingPage')) },
  { path: rel(TIMETABLE_PATHS.constraints), element: page(() => import('./pages/TeacherConstraintsPage')) },
  { path: rel(TIMETABLE_PATHS.outline), element: page(() => import('./pages/OutlinePage')) },
  { path: rel(TIMETABLE_PATHS.board), element: page(() => import('./pages/RoomAllocationPage')) },
  { path: rel(TIMETABLE_PATHS.week), element: page(() => import('./pages/WeekPage')) },
];
