import type { RouteObject } from 'react-router';

/** The observations screens, paths relative to the app root. */
export const observationsRoutes: RouteObject[] = [];
