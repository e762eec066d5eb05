import type { RouteObject } from 'react-router';

/** Pages of the carelog, paths relative to the app root. */
export const carelogRoutes: RouteObject[] = [];
