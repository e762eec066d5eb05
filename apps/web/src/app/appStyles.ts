import { use } from 'react';

/**
 * The app's stylesheets, which neither page of the build links (scripts/build.mjs) so that nothing
 * holds up their first paint: both name them (meta cue-app-style). index.html also preloads them, and
 * the app adds them as it starts and renders once they are in (main.tsx). The prerendered login page
 * carries the rules it shows inline: there they are added, ahead of the inline rules so that the
 * cascade is the one of every other page, when the person first interacts with the page, when the
 * phone form opens, or when the app leaves the login page.
 */
let loading: Promise<void> | null = null;

export function ensureAppStyles(): Promise<void> {
  if (loading) return loading;
  const hrefs = [...document.querySelectorAll<HTMLMetaElement>('meta[name="cue-app-style"]')].map((meta) => meta.content);
  const anchor = document.head.querySelector('style, link[rel="stylesheet"]');
  loading = Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = href;
          link.onload = () => resolve();
          link.onerror = () => resolve();
          document.head.insertBefore(link, anchor);
        }),
    ),
  ).then(() => undefined);
  return loading;
}

/** Loads the stylesheets at the person's first pointer, key or focus on the page. */
export function loadAppStylesOnFirstInteraction(): void {
  const load = () => void ensureAppStyles();
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'])
    window.addEventListener(type, load, { once: true, capture: true, passive: true });
}

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
