/**
 * node --import tsx bench/bundle.ts [--no-build]
 * Initial JavaScript (gzip) of the built web app for the login page (/) and the dashboard: the entry
 * script, its modulepreloads, the chunks main.tsx loads in steps before the first render, every chunk they import statically, plus, for a route, the lazy chunks of its
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
};

/**
 * Chunks the entry imports dynamically that are not loaded before every first render: the screens of
 * signed-in pages (counted per route below) and the session keeper, which waits for idle time. Every
 * other dynamic import of the entry is the app itself, loaded in steps by main.tsx.
 */
const NOT_AT_START = ['ShellLayout', 'DashboardPage', 'sessionKeeper'];

function chunkFile(chunks: string[], name: string): string {
  const matching = chunks.filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
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
  const entry = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ]
    .map((m) => m[1])
    .filter((f): f is string => !!f);
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
