#!/usr/bin/env node
// `npm run build [-- --outDir DIR]`: the Vite build, then Brotli and gzip copies of its text files,
// which the server sends to browsers that accept them (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--outDir');
const dist = path.resolve(root, outIndex >= 0 ? (args[outIndex + 1] ?? 'dist') : 'dist');

await build({ root, build: { outDir: dist } });

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
