// The prerendered login page's only script (written to assets/login-boot-<hash>.js by scripts/build.mjs,
// which fills in ENTRY and PRELOADS). It starts the app once the page has painted, and keeps what the
// person does before the app is ready (a click on a button, a language chosen, the focus) in
// window.cuePrerenderInput, which the app replays on its own page (src/app/prerenderInput.ts).
const ENTRY = '__ENTRY__';
const PRELOADS = ['__PRELOADS__'];

const page = document.querySelector('.cue-prerendered');
const input = {};
window.cuePrerenderInput = input;
const describe = (element) => ({
  tag: element.tagName.toLowerCase(),
  text: element.textContent.trim(),
  label: element.getAttribute('aria-label'),
});
if (page) {
  page.addEventListener(
    'click',
    (event) => {
      const button = event.target.closest('button');
      if (!button) return; // links go where they point without the app
      event.preventDefault();
      input.click = describe(button);
    },
    true,
  );
  page.addEventListener('change', (event) => {
    if (event.target.tagName === 'SELECT') input.change = { ...describe(event.target), value: event.target.value };
  });
  page.addEventListener('focusin', (event) => {
    input.focus = describe(event.target);
  });
}

let painted = false;
let loaded = document.readyState === 'complete';
let started = false;
function start() {
  if (started || !painted || !loaded) return;
  started = true;
  setTimeout(() => {
    for (const href of PRELOADS) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // The strings of the page's language, which the app asks for as soon as it starts.
    for (const ns of ['translation', 'account', 'shell']) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = `/locales/${document.documentElement.lang}/${ns}.json`;
      document.head.append(link);
    }
    import(ENTRY);
  }, 0);
}
if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    painted = true;
    start();
  }).observe({ type: 'paint', buffered: true });
} else painted = true;
addEventListener(
  'load',
  () =>
    requestAnimationFrame(() => {
      loaded = true;
      start();
    }),
  { once: true },
);
// A page opened in a background tab does not paint: start all the same.
setTimeout(() => {
  painted = true;
  loaded = true;
  start();
}, 3000);
