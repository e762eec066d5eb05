import type { RouteObject } from 'react-router';

/** The attendance screens, paths relative to the app root. */
export const attendanceRoutes: RouteObject[] = [];
