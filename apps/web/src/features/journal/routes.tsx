import type { RouteObject } from 'react-router';

/** Pages of the class journal, paths relative to the app root; their code and catalog load on first visit. */
export const journalRoutes: RouteObject[] = [];
