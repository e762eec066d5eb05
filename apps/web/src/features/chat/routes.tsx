import type { RouteObject } from 'react-router';

/** Pages of the parent-teacher chat, paths relative to the app root. */
export const chatRoutes: RouteObject[] = [];
