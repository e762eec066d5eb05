import { use } from 'react';
import { ensureAppStyles } from './appStyles';

let ready = false;
let stylesIn: Promise<void> | null = null;

/** Suspends (once) until the app's stylesheets are in, when `needed`; nothing to wait for where index.html linked them. */
export function useAppStyles(needed: boolean): void {
  if (!needed || ready) return;
  if (document.querySelector('meta[name="cue-app-style"]') === null) {
    ready = true;
    return;
  }
  stylesIn ??= ensureAppStyles().then(() => {
    ready = true;
  });
  use(stylesIn);
}
