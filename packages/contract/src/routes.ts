/**
 * The API's route table: every call the server answers under /api, who may make it, what it reads
 * and what it answers. Each module declares its part in `<module>/routes.ts`; this is their union.
 * Tests walk this table (401 without a token, other-school isolation, fuzzing, response schemas), so a
 * route added to the server and not here fails the route-table test.
 */

import { ACADEMIC_ROUTES } from './academic/routes.js';
import { AI_ROUTES } from './ai/routes.js';
import { ASSESSMENT_ROUTES } from './assessment/routes.js';
import { ATTENDANCE_ROUTES } from './attendance/routes.js';
import { AUDIT_LOG_ROUTES } from './audit/routes.js';
import { AUTH_ROUTES } from './auth/routes.js';
import { CALENDAR_ROUTES } from './calendar/routes.js';
import { CARELOG_ROUTES } from './carelog/routes.js';
import { CHAT_ROUTES } from './chat/routes.js';
import { CHILDREN_ROUTES } from './children/routes.js';
import { CLASSES_ROUTES } from './classes/routes.js';
import { COMMUNICATION_ROUTES } from './communication/routes.js';
import { CUE_ROUTES } from './cue/routes.js';
import { DASHBOARD_ROUTES } from './dashboard/routes.js';
import { DISPERSAL_ROUTES } from './dispersal/routes.js';
import { EXPORTS_ROUTES } from './exports/routes.js';
import { IMPORTS_ROUTES } from './imports/routes.js';
import { LEAVE_ROUTES, STAFF_ATTENDANCE_ROUTES } from './leave/routes.js';
import { LIBRARY_ROUTES } from './library/routes.js';
import { MANAGEMENT_ROUTES } from './management/routes.js';
import { MEDIA_ROUTES } from './media/routes.js';
import { OBSERVATIONS_ROUTES } from './observations/routes.js';
import { PEOPLE_ROUTES } from './people/routes.js';
import { PLANNING_ROUTES } from './planning/routes.js';
import { PLATFORM_ROUTES } from './platform/routes.js';
import { PRIVACY_ROUTES } from './privacy/routes.js';
import { REPORTS_ROUTES } from './reports/routes.js';
import { ROLES_ROUTES } from './roles/routes.js';
import type { RouteDef } from './route-def.js';
import { SCHOOL_ROUTES } from './school/routes.js';
import { STORY_ROUTES } from './stories/routes.js';
import { SUPPORT_ROUTES } from './support/routes.js';
import { TIMETABLE_ROUTES } from './timetable/routes.js';
import { USERS_ROUTES } from './users/routes.js';

export * from './route-def.js';

export const ROUTES = {
  ...PLATFORM_ROUTES,
  ...AUTH_ROUTES,
  ...USERS_ROUTES,
  ...DASHBOARD_ROUTES,
  ...CLASSES_ROUTES,
  ...PEOPLE_ROUTES,
  ...CHILDREN_ROUTES,
  ...MEDIA_ROUTES,
  ...EXPORTS_ROUTES,
  ...SCHOOL_ROUTES,
  ...ROLES_ROUTES,
  ...AUDIT_LOG_ROUTES,
  ...PRIVACY_ROUTES,
  ...REPORTS_ROUTES,
  ...IMPORTS_ROUTES,
  ...ATTENDANCE_ROUTES,
  ...CALENDAR_ROUTES,
  ...COMMUNICATION_ROUTES,
  ...OBSERVATIONS_ROUTES,
  ...STORY_ROUTES,
  ...CHAT_ROUTES,
  ...CARELOG_ROUTES,
  ...PLANNING_ROUTES,
  ...ASSESSMENT_ROUTES,
  ...LIBRARY_ROUTES,
  ...ACADEMIC_ROUTES,
  ...MANAGEMENT_ROUTES,
  ...LEAVE_ROUTES,
  ...STAFF_ATTENDANCE_ROUTES,
  ...TIMETABLE_ROUTES,
  ...DISPERSAL_ROUTES,
  ...AI_ROUTES,
  ...CUE_ROUTES,
  ...SUPPORT_ROUTES,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
