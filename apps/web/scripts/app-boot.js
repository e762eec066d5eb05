// index.html's first script (a classic script in the head, written to assets/app-boot-<hash>.js by
// scripts/build.mjs, which fills in ENTRY, PRELOADS and BUILD). It starts the app's code. On the
// signed-in start page, when the browser holds a copy of the dashboard's first screen from an earlier
// visit of this build (src/lib/firstPaint.ts), it paints that copy first, with the greeting for the
// time of day and today's date, and starts the app's code only once the copy has painted, so that
// nothing the app needs stands between the page and its first paint. The app replaces the copy.
(() => {
  const ENTRY = '__ENTRY__';
  const PRELOADS = ['__PRELOADS__'];
  const BUILD = '__BUILD__';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of [ENTRY, ...PRELOADS]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // The app renders into #root: it runs once the page has been read (at once, the page is short).
    const run = () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = ENTRY;
      document.head.append(script);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  };

  let copy = null;
  try {
    const path = location.pathname;
    if ((path === '/dashboard' || path === '/') && localStorage.getItem('cue.session')) {
      const saved = JSON.parse(localStorage.getItem('cue.firstPaint') || 'null');
      if (saved && saved.v === 1 && saved.build === BUILD && typeof saved.html === 'string') copy = saved;
    }
  } catch {
    copy = null;
  }
  if (!copy) {
    start();
    return;
  }

  const html = document.documentElement;
  html.lang = copy.lang;
  html.dir = copy.dir;
  html.setAttribute('data-mantine-color-scheme', 'light');
  // The chunks' own stylesheets, blocking the paint like index.html's.
  const linked = new Set([...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')));
  for (const href of copy.styles || []) {
    if (linked.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.setAttribute('blocking', 'render');
    document.head.append(link);
  }

  const paint = () => {
    const root = document.getElementById('root');
    if (!root) return start();
    const holder = document.createElement('div');
    holder.id = 'cue-first-paint';
    holder.setAttribute('inert', '');
    holder.setAttribute('aria-busy', 'true');
    holder.innerHTML = copy.html;
    const hour = new Date().getHours();
    const part = hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
    const greeting = holder.querySelector('[data-first-paint="greeting"]');
    if (greeting && copy.greetings?.[part]) greeting.textContent = copy.greetings[part];
    const today = holder.querySelector('[data-first-paint="date"]');
    if (today)
      try {
        today.textContent = new Intl.DateTimeFormat(copy.lang, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date());
      } catch {}
    root.hidden = true;
    root.before(holder);

    // The app's code once the copy is on screen.
    if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } else setTimeout(start, 0);
    // A page opened in a background tab does not paint: start all the same.
    setTimeout(start, 1500);
    // Should the app's code never come, the copy (inert) does not stay in place of the page.
    setTimeout(() => {
      if (!holder.isConnected) return;
      holder.remove();
      root.hidden = false;
    }, 30000);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', paint, { once: true });
  else paint();
})();
