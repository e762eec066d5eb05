/// <reference path="../apps/server/src/modules/library/import-serializers.d.ts" />
/**
 * A library catalogue import of a 20,000-record MARC21 file (issue 24's figure): the preview (upload,
 * every record read and checked, the report stored) and the commit (items and copies written in one
 * transaction) — wall time of each and the process's memory.
 *
 *   node --import tsx bench/library-import.ts [--records 20000]
 *   npm run bench:library-import
 *
 * The real app (buildApp) on a fresh embedded database in its own data directory (or DATABASE_URL),
 * seeded with the demo, signed in over HTTP as Anita (the demo's admin, who holds the librarian's
 * permission). The file is built in memory from the 20 real Library of Congress records of
 * apps/server/test/fixtures/library/marc.dat: record n is record n % 20 with its ISBN replaced by a
 * valid one of its own (978-0-306-NNNNN-C), its title numbered and a 952 $p barcode (BENCH-n), so every
 * record makes a new item and a copy. Memory: `process.memoryUsage()` (RSS and heap used) sampled every
 * 50 ms during each step, and `process.resourceUsage().maxRSS` before and after.
 *
 * Measured 27-11-2026 (2 shared cores, Intel Xeon, Node 20, embedded PGlite), 20,000 records, a 20.1 MiB
 * file, every record valid (20,000 items and 20,000 copies made):
 *   preview 10.6 s (13.2 s in a first run) — RSS 1009 → 1070 MiB, heap 118 → 173 MiB;
 *   commit 18.7 s from the request to the job done (25.5 s in a first run, then inline in the request) —
 *   RSS 897 → 1149 MiB, heap 152 → 400 MiB; maxRSS 1076 MiB before, 1149 MiB after (the embedded
 *   database holds most of the RSS). Hence imports of more than 1,000 records commit as a job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LibraryImport } from '@cue/contract';
import { ISO2709 } from '@natlibfi/marc-record-serializers';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { buildApp } from '../apps/server/src/platform/http/app.js';
import { ephemeralSecrets } from '../apps/server/src/platform/secrets.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { arg, machine, root, saveResults, signIn } from './lib.js';

const round = (n: number) => Math.round(n * 10) / 10;
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
const mib = (bytes: number) => round(bytes / 2 ** 20);

interface Field {
  tag: string;
  ind1?: string;
  ind2?: string;
  value?: string;
  subfields?: { code: string; value: string }[];
}
const LENIENT = { fields: false, subfields: false, subfieldValues: false };

/** An ISBN-13 of group 0, publisher 306, with its check digit. */
function isbnOf(n: number): string {
  const twelve = `9780306${String(n).padStart(5, '0')}`;
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/**
 * One ISO 2709 record (latin1, as the source records are MARC-8): the serializer's writer wants a
 * MarcRecord, whose constructor validates each record against a JSON schema (~2.5 ms a record).
 */
function writeIso2709(leader: string, fields: Field[]): Buffer {
  const data: Buffer[] = [];
  let directory = '';
  let offset = 0;
  for (const f of fields) {
    const body = f.subfields
      ? `${f.ind1 ?? ' '}${f.ind2 ?? ' '}${f.subfields.map((s) => `\x1f${s.code}${s.value}`).join('')}\x1e`
      : `${f.value ?? ''}\x1e`;
    const bytes = Buffer.from(body, 'latin1');
    directory += `${f.tag}${String(bytes.length).padStart(4, '0')}${String(offset).padStart(5, '0')}`;
    offset += bytes.length;
    data.push(bytes);
  }
  const base = 24 + directory.length + 1;
  const length = base + offset + 1;
  const head = `${String(length).padStart(5, '0')}${leader.slice(5, 12)}${String(base).padStart(5, '0')}${leader.slice(17, 24)}`;
  return Buffer.concat([Buffer.from(`${head}${directory}\x1e`, 'latin1'), ...data, Buffer.from([0x1d])]);
}

/** `count` ISO 2709 records made from the real ones, each with its own ISBN, title and barcode. */
export function marcFile(count: number): Buffer {
  const source = fs.readFileSync(path.join(root, 'apps/server/test/fixtures/library/marc.dat'));
  const bases: { leader: string; fields: Field[] }[] = [];
  let start = 0;
  for (let i = 0; i < source.length; i++)
    if (source[i] === 0x1d) {
      const rec = ISO2709.from(source.subarray(start, i).toString('latin1'), LENIENT) as unknown as {
        leader: string;
        fields: Field[];
      };
      bases.push({ leader: rec.leader, fields: rec.fields });
      start = i + 1;
    }
  const parts: Buffer[] = [];
  for (let n = 0; n < count; n++) {
    const base = bases[n % bases.length];
    if (!base) throw new Error('no records');
    const fields = base.fields
      .filter((f) => f.tag !== '020' && f.tag !== '952')
      .map((f) =>
        f.tag === '245'
          ? {
              ...f,
              subfields: (f.subfields ?? []).map((s) =>
                s.code === 'a' ? { ...s, value: `${s.value.replace(/[\s/:;]+$/, '')} ${n + 1} /` } : s,
              ),
            }
          : f,
      );
    fields.push({ tag: '020', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: `${isbnOf(n)} (pbk.)` }] });
    fields.push({ tag: '952', ind1: ' ', ind2: ' ', subfields: [{ code: 'p', value: `BENCH-${n + 1}` }] });
    fields.sort((a, b) => a.tag.localeCompare(b.tag));
    parts.push(writeIso2709(base.leader, fields));
  }
  return Buffer.concat(parts);
}

/** Samples RSS and heap every 50 ms until stopped. */
function sampler() {
  const first = process.memoryUsage();
  let rss = first.rss;
  let heap = first.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { rssStartMiB: mib(first.rss), rssPeakMiB: mib(rss), heapStartMiB: mib(first.heapUsed), heapPeakMiB: mib(heap) };
    },
  };
}

export async function libraryImportBench(options: { records?: number } = {}) {
  const count = options.records ?? arg('records', 20_000);
  const postgres = process.env.DATABASE_URL;
  const database = postgres ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-library-bench-'));
  const handle = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  const { app } = await buildApp({ config, database: handle, secrets: ephemeralSecrets() });
  try {
    const building = performance.now();
    const file = marcFile(count);
    const buildSeconds = seconds(performance.now() - building);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(url, '9000000002');
    const auth = { authorization: `Bearer ${token}` };

    const maxRssStart = process.resourceUsage().maxRSS * 1024;
    const previewMemory = sampler();
    let started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([file]), 'catalogue.mrc');
    const previewRes = await fetch(`${url}/api/library/imports/`, { method: 'POST', headers: auth, body: form });
    if (!previewRes.ok) throw new Error(`preview: ${previewRes.status} ${await previewRes.text()}`);
    const previewed = ((await previewRes.json()) as { result: LibraryImport }).result;
    const previewSeconds = seconds(performance.now() - started);
    const previewMem = previewMemory.stop();

    const commitMemory = sampler();
    started = performance.now();
    const commitRes = await fetch(`${url}/api/library/imports/${previewed.id}/commit`, { method: 'POST', headers: auth });
    if (!commitRes.ok) throw new Error(`commit: ${commitRes.status} ${await commitRes.text()}`);
    let done = ((await commitRes.json()) as { result: LibraryImport }).result;
    // Answered at once while the import runs as a job: follow its progress.
    while (done.status === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await fetch(`${url}/api/library/imports/${previewed.id}`, { headers: auth });
      done = ((await res.json()) as { result: LibraryImport }).result;
    }
    const commitSeconds = seconds(performance.now() - started);
    const commitMem = commitMemory.stop();
    const maxRssEnd = process.resourceUsage().maxRSS * 1024;

    const figures = {
      date: new Date().toISOString(),
      database,
      machine: machine(),
      records: count,
      fileMiB: mib(file.length),
      buildSeconds,
      valid: previewed.valid,
      refused: previewed.refused,
      status: done.status,
      createdItems: done.created_items,
      createdCopies: done.created_copies,
      previewSeconds,
      commitSeconds,
      preview: previewMem,
      commit: commitMem,
      maxRssBeforeMiB: mib(maxRssStart),
      maxRssAfterMiB: mib(maxRssEnd),
    };
    console.table({
      preview: { seconds: previewSeconds, ...previewMem },
      commit: { seconds: commitSeconds, ...commitMem },
    });
    const saved = saveResults(`library-import-${database}`, figures);
    return { ...figures, saved: path.relative(root, saved) };
  } finally {
    await app.close();
    await handle.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await libraryImportBench();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
