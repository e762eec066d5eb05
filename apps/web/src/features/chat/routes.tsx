import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CHAT_NS } from './i18n';

const NAMESPACES = [CHAT_NS];
/*
 * One element for the list and a conversation (and one for the safeguarding pages): opening a
 * conversation keeps the page, its list and its scroll in place instead of mounting it again.
 */
const chat = lazyPage(() => import('./pages/ChatPage'), NAMESPACES);
const safeguarding = lazyPage(() => import('./pages/SafeguardingPage'), NAMESPACES);

/** Pages of the parent-teacher chat, paths relative to the app root; their code and catalog load on first visit. */
export const chatRoutes: RouteObject[] = [
  { path: 'communication/chat', element: chat },
  { path: 'communication/chat/safeguarding', element: safeguarding },
  { path: 'communication/chat/safeguarding/:id', element: safeguarding },
  { path: 'communication/chat/:id', element: chat },
];
