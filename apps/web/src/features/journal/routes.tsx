import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { STORIES_NS } from '../stories/i18n';
import { JOURNAL_NS } from './i18n';

/** Pages of the class journal, paths relative to the app root; their code and catalog load on first visit. */
export const journalRoutes: RouteObject[] = [
  // With the communication catalog (the editor is the summaries' rich text editor, its toolbar labelled
  // there) and the stories' (an entry is a story: its photos, sources, reactions and comments are theirs).
  {
    path: 'communication/journal',
    element: lazyPage(() => import('./pages/JournalPage'), [JOURNAL_NS, 'communication', STORIES_NS]),
  },
];
