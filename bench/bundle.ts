/**
 * node --import tsx bench/bundle.ts [--no-build]
 * Initial JavaScript (gzip) of the built web app for the login page (/), the dashboard, attendance and
 * announcements: the entry script and its modulepreloads (named by index.html's boot script), the chunks main.tsx loads in steps before the first render, every chunk they import statically, plus, for a route, the lazy chunks of its
 * screens (and their static imports). Saves the figures with saveResults.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, saveResults } from './lib.js';

const dist = path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');

/** The lazy chunks each measured route loads before it shows (by chunk name). */
export const ROUTE_CHUNKS: Record<string, string[]> = {
  '/': ['LoginPage'],
  '/dashboard': ['ShellLayout', 'DashboardPage'],
  '/housekeeping/attendance': ['ShellLayout', 'AttendancePage'],
  // (Two chunks are named ListPage: the one that holds the announcements.)
  '/communication/announcements': ['ShellLayout', 'ListPage/announcement'],
};

/**
 * Chunks the entry imports dynamically that are not loaded before every first render: the screens of
 * signed-in pages (counted per route below) and the session keeper, which waits for idle time. Every
 * other dynamic import of the entry is the app itself, loaded in steps by main.tsx.
 */
const NOT_AT_START = ['ShellLayout', 'DashboardPage', 'AttendancePage', 'ListPage', 'sessionKeeper'];

/** The built chunk of that name; `name/text` is the one of that name whose code holds the text. */
function chunkFile(chunks: string[], spec: string): string {
  const [name, text] = spec.split('/') as [string, string | undefined];
  const matching = chunks.filter(
    (f) =>
      new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f) &&
      (text === undefined || fs.readFileSync(path.join(assets, f), 'utf8').includes(text)),
  );
  if (matching.length !== 1) throw new Error(`${matching.length} built chunks named ${name}: rename one`);
  return `assets/${matching[0]}`;
}

const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Static imports of a built chunk: `from"./x.js"` and `import"./x.js"` (not `import("./x.js")`). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
    const spec = match[1];
    if (spec) found.add(path.posix.join(path.posix.dirname(file), spec));
  }
  return [...found];
}

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

export interface RouteSize {
  route: string;
  files: number;
  rawKiB: number;
  gzipKiB: number;
}

export function measureBundle(): RouteSize[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // index.html names its boot script (scripts/app-boot.js), which names the entry and its modulepreloads
  // (a build from before the boot script names them itself).
  const bootFile = /<script src="\/(assets\/app-boot-[^"]+\.js)"/.exec(html)?.[1];
  const named = bootFile ? fs.readFileSync(path.join(dist, bootFile), 'utf8') : html;
  const entryFile = (bootFile ? /const ENTRY = "\/([^"]+\.js)"/ : /<script[^>]+src="\/([^"]+\.js)"/).exec(named)?.[1];
  const preloads = bootFile
    ? (JSON.parse(/const PRELOADS = (\[[^\]]*\])/.exec(named)?.[1] ?? '[]') as string[]).map((href) => href.replace(/^\//, ''))
    : [...html.matchAll(/rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  if (!entryFile) throw new Error('The built index.html names no entry');
  const entry = [entryFile, ...preloads];
  const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  for (const file of [...entry]) {
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const match of code.matchAll(/import\([`"'](\.\/[^`"']+\.js)[`"']\)/g)) {
      const spec = match[1];
      if (spec && !NOT_AT_START.some((name) => new RegExp(`^\\./${name}-[\\w-]{8}\\.js$`).test(spec)))
        entry.push(path.posix.join(path.posix.dirname(file), spec));
    }
  }
  return Object.entries(ROUTE_CHUNKS).map(([route, names]) => {
    const lazy = names.map((name) => chunkFile(chunks, name));
    const files = closure([...entry, ...lazy]);
    let raw = 0;
    let gz = 0;
    for (const file of files) {
      raw += fs.statSync(path.join(dist, file)).size;
      gz += gzip(file);
    }
    return { route, files: files.size, rawKiB: Number((raw / 1024).toFixed(1)), gzipKiB: Number((gz / 1024).toFixed(1)) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--no-build'))
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  const sizes = measureBundle();
  console.table(sizes);
  console.log('saved', saveResults('bundle', { date: new Date().toISOString(), targetGzipKiB: 200, routes: sizes }));
}
