import type { RouteObject } from 'react-router';

/** The communication screens, paths relative to the app root. */
export const communicationRoutes: RouteObject[] = [];
