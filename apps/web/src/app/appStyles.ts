/**
 * The app's stylesheets on the prerendered login page. That page carries the rules it shows inline and
 * names the app's stylesheets (meta cue-app-style) instead of loading them, so that a phone's first
 * seconds go to showing and starting the page. They are added, ahead of the inline rules so that the
 * cascade is the one of every other page, when the person first interacts with the page, when the
 * phone form opens, or when the app leaves the login page. Elsewhere (index.html links them) there is
 * nothing to wait for.
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
