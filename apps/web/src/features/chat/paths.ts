import type { Side } from '../../lib/session';
import { parentPage } from '../shell/sides';

/** A chat page's address on a side (a dual-role person's parent view carries `as=parent`). */
export const chatHref = (side: Side, path: string): string => (side === 'parent' ? parentPage(path) : path);
