import type { MenuItem } from '@cue/contract';
import type { RouteObject } from 'react-router';
import { academicRoutes } from '../academic/routes';
import { adminRoutes } from '../admin/routes';
import { assessmentRoutes } from '../assessment/routes';
import { attendanceRoutes } from '../attendance/routes';
import { carelogRoutes } from '../carelog/routes';
import { chatRoutes } from '../chat/routes';
import { communicationRoutes } from '../communication/routes';
import { cueRoutes } from '../cue/routes';
import { dispersalRoutes } from '../dispersal/routes';
import { journalRoutes } from '../journal/routes';
import { leaveRoutes } from '../leave/routes';
import { libraryRoutes } from '../library/routes';
import { managementRoutes } from '../management/routes';
import { mediaRoutes } from '../media/routes';
import { observationsRoutes } from '../observations/routes';
import { planningRoutes } from '../planning/routes';
import { storiesRoutes } from '../stories/routes';
import { storyInsightsRoutes } from '../story-insights/routes';
import { timetableRoutes } from '../timetable/routes';

/** The pages the modules declare (a menu entry without one opens a "coming soon" page). */
const BUILT = new Set(
  ([] as RouteObject[])
    .concat(
      adminRoutes,
      attendanceRoutes,
      communicationRoutes,
      mediaRoutes,
      observationsRoutes,
      cueRoutes,
      storiesRoutes,
      storyInsightsRoutes,
      journalRoutes,
      chatRoutes,
      carelogRoutes,
      planningRoutes,
      assessmentRoutes,
      libraryRoutes,
      dispersalRoutes,
      academicRoutes,
      managementRoutes,
      leaveRoutes,
      timetableRoutes,
    )
    .flatMap((route) => (route.path ? [route.path] : [])),
);

const bare = (path: string) => (path.split('?')[0] ?? path).replace(/^\/+|\/+$/g, '');

/** Whether a menu entry opens a page that exists today (itself or, for a group, one of its entries). */
export const isBuilt = (item: MenuItem): boolean => BUILT.has(bare(item.path)) || (item.children ?? []).some(isBuilt);

/** Where a menu entry's card leads: its own page, else the first of its entries that exists. */
export const builtPathOf = (item: MenuItem): string =>
  BUILT.has(bare(item.path)) ? item.path : ((item.children ?? []).find(isBuilt)?.path ?? item.path);
