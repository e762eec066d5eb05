import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { STORY_INSIGHTS_NS } from './i18n';

const page = (load: Parameters<typeof lazyPage>[0]) => lazyPage(load, [STORY_INSIGHTS_NS]);

/** Pages of the stories library, insights and story tags, paths relative to the app root; their code and catalog load on first visit. */
export const storyInsightsRoutes: RouteObject[] = [
  { path: 'all-stories', element: page(() => import('./pages/LibraryPage')) },
  { path: 'story-insights', element: page(() => import('./pages/InsightsPage')) },
  { path: 'admin/academic-setup/story-tags', element: page(() => import('./pages/StoryTagsPage')) },
];
