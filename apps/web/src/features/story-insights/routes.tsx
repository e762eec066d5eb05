import type { RouteObject } from 'react-router';

/** Pages of the stories library, insights and story tags, paths relative to the app root; their code and catalog load on first visit. */
export const storyInsightsRoutes: RouteObject[] = [];
