import type { RouteObject } from 'react-router';

/** Pages of stories, paths relative to the app root; their code and catalog load on first visit. */
export const storiesRoutes: RouteObject[] = [];
