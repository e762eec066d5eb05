#!/usr/bin/env node
// `npm run build [-- --outDir DIR]`: the Vite build; the login page prerendered for each language
// (login.<lng>.html, with the CSS it needs inline); then Brotli and gzip copies of the text files,
// which the server sends to browsers that accept them (no compression work per request).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import postcss from 'postcss';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--outDir');
const dist = path.resolve(root, outIndex >= 0 ? (args[outIndex + 1] ?? 'dist') : 'dist');

await build({ root, build: { outDir: dist, manifest: true } });

/** The login page rendered by the app's own components (src/prerender.tsx) into the built index.html. */
/**
 * The prerendered page asks for nothing but itself and its background until it has painted: its HTML
 * loads a small boot module (scripts/login-boot.js) that starts the app's code after the first paint
 * and keeps what the person does until the app is ready, and the app's stylesheets are only named (meta cue-app-style), for the app to add when the
 * person first interacts or leaves the page (app/appStyles.ts). The page's own rules are inline.
 */
/** The build's name (meta cue-build): a copy of the dashboard is painted only by the build that kept it. */
const buildName = (entry) => createHash('sha256').update(entry).digest('hex').slice(0, 12);

function startAfterPaint(html) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('The built index.html has no entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const styles = [...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">\s*/g)];
  if (styles.length === 0) throw new Error('The prerendered login page lost its stylesheets');
  const boot = readFileSync(path.join(root, 'scripts', 'login-boot.js'), 'utf8')
    .replace("'__ENTRY__'", JSON.stringify(entry[1]))
    .replace("['__PRELOADS__']", JSON.stringify(preloads.map((m) => m[1])));
  const bootName = `assets/login-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
  writeFileSync(path.join(dist, bootName), boot);
  let out = html.replace(entry[0], `<script type="module" crossorigin src="/${bootName}"></script>\n    `);
  for (const m of [...preloads, ...styles]) out = out.replace(m[0], '');
  const names = styles.map((m) => `<meta name="cue-app-style" content="${m[1]}">`).join('\n    ');
  // The build's name too: the dashboard the app goes on to from this page is kept for the next start.
  return out.replace('</head>', `  ${names}\n    <meta name="cue-build" content="${buildName(entry[1])}">\n  </head>`);
}

/**
 * Mantine defines a thousand-odd custom properties on :root; the inlined rules use a few hundred. The
 * others are dropped from the page's inline styles (the app's stylesheets still define them all), so
 * that every style calculation of the page has fewer to carry. A property is kept when the markup, a
 * rule or a kept property refers to it.
 */
function dropUnusedCustomProperties(html) {
  const styleBlock = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;
  const references = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);
  const sheets = [...html.matchAll(styleBlock)].map((m) => postcss.parse(m[2]));
  const definitions = new Map();
  const used = new Set(references(html.replace(styleBlock, '')));
  for (const sheet of sheets)
    sheet.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
      else for (const name of references(decl.value)) used.add(name);
    });
  const queue = [...used];
  while (queue.length > 0) {
    for (const value of definitions.get(queue.pop()) ?? [])
      for (const name of references(value))
        if (!used.has(name)) {
          used.add(name);
          queue.push(name);
        }
  }
  for (const sheet of sheets) {
    sheet.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
    });
    sheet.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  }
  let index = 0;
  return html.replace(styleBlock, (_, open, _css, close) => `${open}${sheets[index++].toString()}${close}`);
}

async function prerenderLogin() {
  // Inside the package, so that the packages it imports resolve from node_modules.
  const ssrOut = path.join(root, 'node_modules', '.cue-prerender');
  try {
    await build({
      root,
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
    });
    const { renderLogin, LOGIN_LANGUAGES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
    // The stylesheets of the chunks that render the login page (and of the chunks they import), after
    // the entry's: the order in which the browser applies them when the app loads the page.
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
    const loginCss = [];
    const visit = (key, seen = new Set()) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported, seen);
      for (const css of chunk.css ?? []) if (!loginCss.includes(css)) loginCss.push(css);
    };
    // The app's own chunk (the frame around every page) and the login page's.
    visit('src/app/App.tsx');
    visit('src/features/auth/LoginPage.tsx');
    const entryCss = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : [])));
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/(<link rel="stylesheet"[^>]*>)/, (entryLink) =>
      [
        entryLink,
        ...loginCss.filter((css) => !entryCss.has(css)).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ].join('\n    '),
    );
    const beasties = new Beasties({
      path: dist,
      publicPath: '/',
      preload: 'body',
      reduceInlineStyles: false,
      pruneSource: false,
      compress: true,
      logLevel: 'warn',
    });
    for (const { language, dir } of LOGIN_LANGUAGES) {
      const resources = {
        [language]: Object.fromEntries(
          ['translation', 'shell', 'account'].map((ns) => [
            ns,
            JSON.parse(readFileSync(path.join(root, 'public/locales', language, `${ns}.json`), 'utf8')),
          ]),
        ),
      };
      const markup = await renderLogin(language, resources, dir);
      const html = template
        .replace(/<html lang="en" dir="ltr">/, `<html lang="${language}" dir="${dir}" data-mantine-color-scheme="light">`)
        .replace(
          /<!--app-->[\s\S]*<!--\/app-->/,
          () => `<!--app--><div class="cue-prerendered" aria-disabled="true">${markup}</div><!--/app-->`,
        );
      writeFileSync(
        path.join(dist, `login.${language}.html`),
        startAfterPaint(dropUnusedCustomProperties(await beasties.process(html))),
      );
    }
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
  }
}
await prerenderLogin();

/**
 * index.html (every page but the prerendered login page) starts the app through a small classic script
 * in its head (scripts/app-boot.js) instead of naming the entry and its modulepreloads: on the signed-in
 * start page the script first paints the copy of the dashboard kept from the last visit
 * (src/lib/firstPaint.ts) and asks for the app's code only after that paint; elsewhere it asks at once.
 * The build's name (meta cue-build) tells the copy whether its class names are this build's.
 */
function bootIndex() {
  const file = path.join(dist, 'index.html');
  const html = readFileSync(file, 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('The built index.html has no entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const build = buildName(entry[1]);
  const boot = readFileSync(path.join(root, 'scripts', 'app-boot.js'), 'utf8')
    .replace("'__ENTRY__'", JSON.stringify(entry[1]))
    .replace("['__PRELOADS__']", JSON.stringify(preloads.map((m) => m[1])))
    .replace("'__BUILD__'", JSON.stringify(build));
  const bootName = `assets/app-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
  writeFileSync(path.join(dist, bootName), boot);
  let out = html.replace(entry[0], '');
  for (const m of preloads) out = out.replace(m[0], '');
  const stylesheet = /<link rel="stylesheet"/.exec(out);
  if (!stylesheet) throw new Error('The built index.html has no stylesheet');
  out = out.replaceAll('<link rel="stylesheet"', '<link rel="stylesheet" data-boot');
  out = `${out.slice(0, stylesheet.index)}<meta name="cue-build" content="${build}">\n    <script src="/${bootName}"></script>\n    ${out.slice(stylesheet.index)}`;
  writeFileSync(file, out);
}
bootIndex();

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size > 1024) {
      const bytes = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}
walk(dist);
