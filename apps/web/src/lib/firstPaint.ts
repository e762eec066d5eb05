/**
 * The dashboard painted from what this browser already holds (decision 42). When the app has shown the
 * dashboard with its data, a copy of what the first screen shows (the top bar, the tabs, the greeting
 * and the first list of cards, as markup without ids, test ids or form values) is kept in
 * localStorage with the stylesheets it needs and the build it came from. The next time the page opens,
 * the boot script of index.html (scripts/app-boot.js) paints that copy before the app's code arrives,
 * and the app takes its place once it has rendered the dashboard afresh (or any other page).
 * Cleared when the session ends.
 */
export const FIRST_PAINT_KEY = 'cue.firstPaint';
/** The copy painted by app-boot.js, outside #root. */
export const FIRST_PAINT_ID = 'cue-first-paint';

export interface FirstPaintSnapshot {
  v: 1;
  /** The build the markup's class names belong to (meta cue-build of index.html). */
  build: string;
  lang: string;
  dir: string;
  /** Stylesheets the markup needs beyond index.html's (the lazy chunks' own). */
  styles: string[];
  /** The greeting for each part of the day ({ morning, afternoon, evening }), the boot script picks one. */
  greetings: Record<string, string>;
  html: string;
}

const store = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The stylesheets added by the app's chunks (index.html links its own) that have a rule for something
 * in the copy: the shell's and the dashboard's, not those of Cue's panel or of pages seen since.
 */
function stylesheetsFor(copy: HTMLElement): string[] {
  const hrefs: string[] = [];
  const matches = (rules: CSSRuleList): boolean =>
    [...rules].some((rule) => {
      if (rule instanceof CSSStyleRule) {
        try {
          return copy.matches(rule.selectorText) || copy.querySelector(rule.selectorText) !== null;
        } catch {
          return false;
        }
      }
      return 'cssRules' in rule && matches((rule as CSSGroupingRule).cssRules);
    });
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const href = link.getAttribute('href');
    // index.html's own (data-boot) are there anyway, and the largest: not gone through.
    if (!href || link.hasAttribute('data-boot') || link.parentElement !== document.head || link.sheet === null) continue;
    try {
      if (matches(link.sheet.cssRules)) hrefs.push(href);
    } catch {
      // A sheet whose rules cannot be read is left out.
    }
  }
  return hrefs;
}

const buildId = () => document.querySelector<HTMLMetaElement>('meta[name="cue-build"]')?.content ?? '';

/**
 * Keeps the dashboard's first screen for the next start. `content` is the element whose first
 * `keepChildren` children are kept (the greeting and the first list); what follows them, and everything
 * of the frame after the main area (Cue's panel, listeners), is left out.
 */
export function saveFirstPaint(content: HTMLElement, keepChildren: number, greetings: Record<string, string>): void {
  const build = buildId();
  const root = document.getElementById('root');
  if (!build || !root?.contains(content)) return;
  const mark = 'data-first-paint-content';
  content.setAttribute(mark, '');
  // #root as it is: Mantine's style elements (the theme's custom properties) and the frame.
  const copy = root.cloneNode(true) as HTMLElement;
  content.removeAttribute(mark);
  const kept = copy.querySelector(`[${mark}]`);
  if (!kept) return;
  kept.removeAttribute(mark);
  for (const extra of [...kept.children].slice(keepChildren)) extra.remove();
  const main = copy.querySelector('main');
  let frame: Element | null = main;
  while (frame?.parentElement && frame.parentElement !== copy) {
    while (frame.nextElementSibling) frame.nextElementSibling.remove();
    frame = frame.parentElement;
  }
  // The rebrand banner stays: the app's page has it above the frame, and the copy must stand where the page will.
  const skip = '[data-screenshot="skip"]:not([data-first-paint="keep"]), script, input, textarea, select, [role="status"]';
  for (const skipped of copy.querySelectorAll(skip)) skipped.remove();
  for (const element of copy.querySelectorAll('*')) {
    element.removeAttribute('data-testid');
    element.removeAttribute('id');
  }
  // Labels that point at an id would point at nothing (the copy is inert and hidden from assistive
  // technology; the app's page replaces it).
  for (const labelled of copy.querySelectorAll('[aria-labelledby], [aria-controls], [aria-describedby]')) {
    labelled.removeAttribute('aria-labelledby');
    labelled.removeAttribute('aria-controls');
    labelled.removeAttribute('aria-describedby');
  }
  const snapshot: FirstPaintSnapshot = {
    v: 1,
    build,
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    styles: stylesheetsFor(copy),
    greetings,
    html: copy.innerHTML,
  };
  try {
    const text = JSON.stringify(snapshot);
    if (store()?.getItem(FIRST_PAINT_KEY) !== text) store()?.setItem(FIRST_PAINT_KEY, text);
  } catch {
    // A full storage only means no early paint next time.
  }
}

export function clearFirstPaint(): void {
  try {
    store()?.removeItem(FIRST_PAINT_KEY);
  } catch {
    // Nothing to clear.
  }
}

let revealed = false;

/**
 * The app's page in place of the painted copy: the copy goes and #root shows (main.tsx hid it while the
 * app rendered behind the copy). Called when the dashboard has its data or the app shows another page.
 */
export function revealApp(): void {
  if (revealed) return;
  revealed = true;
  const copy = document.getElementById(FIRST_PAINT_ID);
  const root = document.getElementById('root');
  if (!copy || !root) return;
  copy.remove();
  root.hidden = false;
}

/** Whether the boot script painted the copy (main.tsx then renders the app hidden, behind it). */
export function firstPaintShown(): boolean {
  return document.getElementById(FIRST_PAINT_ID) !== null;
}
