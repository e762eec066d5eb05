import { use } from 'react';
import { ensureAppStyles } from './appStyles';

let stylesIn: Promise<void> | null = null;

/** A promise React reads as settled at once (the fields it sets on a promise it has seen settle). */
const SETTLED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * Suspends (once) until the app's stylesheets are in, when `needed`; nothing to wait for where index.html
 * linked them. `use()` is called on every render, with a settled promise when there is nothing to wait for:
 * React replays a component that suspended on `use()` and requires the call again on the replay (calling
 * it only while loading threw React's error 520/467 at sign-in, when the login page gives way to the app).
 */
export function useAppStyles(needed: boolean): void {
  if (needed && stylesIn === null)
    stylesIn = document.querySelector('meta[name="cue-app-style"]') === null ? SETTLED : ensureAppStyles();
  use(needed && stylesIn ? stylesIn : SETTLED);
}
