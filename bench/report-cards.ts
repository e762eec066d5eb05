/**
 * Report cards of a class of 25 children (issue 23's figure): the lock job that prepares every child's
 * PDF and the class's whole file — wall time and the process's peak memory (target < 30 s).
 *
 *   node --import tsx bench/report-cards.ts [--children 25] [--language en|ar|he (default: all three)]
 *   npm run bench:reports
 *
 * The real app (buildApp) on a fresh embedded database in its own data directory (or DATABASE_URL),
 * seeded with the demo. A class of `children` children is added to Sunrise (Tara teaches it), each child
 * gets three observations in the current period tagged with learning areas (through ObservationService),
 * and then over HTTP as Anita: the set is created, every entry's comments drafted from that evidence, and
 * the set locked; the clock runs from the lock request until GET /api/exports/:id says done. Memory: the
 * process's RSS sampled every 50 ms during the job, and `process.resourceUsage().maxRSS` before and after.
 * Each language is a new lock of the same set (unlocked in between).
 *
 * Measured 27-11-2026 (2 shared cores, Intel Xeon, Node 20, embedded PGlite), 25 children, each report
 * 3 pages (header, attendance, comments of 10 areas, grades, the progress card's page, text, signatures):
 *   en 3.06 s, ar 2.59 s, he 2.09 s from the lock request to the job done (target < 30 s); the class's
 *   file 136–146 KiB. Memory: RSS sampled during the job peaked 0–60 MiB above its start (970, 689, 730
 *   MiB; the embedded database holds most of it), and maxRSS stayed at 1059 MiB, the peak the database's
 *   migrations and the demo seed reached before: the job adds no new high-water mark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ddmmyyyyFromIso, type FileExport, todayIn } from '@cue/contract';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { classes, classStaff, classStudents, students } from '../apps/server/src/platform/db/schema.js';
import { buildApp } from '../apps/server/src/platform/http/app.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { ephemeralSecrets } from '../apps/server/src/platform/secrets.js';
import { demoId, FRAMEWORK_IDS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { arg, machine, root, saveResults, signIn } from './lib.js';

const sunrise = demoId('school:sunrise');
const anita = demoId('user:9000000002');
const tara = demoId('user:9000000003');
const round = (n: number) => Math.round(n * 10) / 10;
const mib = (bytes: number) => round(bytes / 2 ** 20);

const NOTES = [
  'Counted ten blocks independently and lined them up by size',
  'Built a tall tower with a friend and took turns adding blocks',
  'Painted a rainbow and named every colour',
  'Listened to the story of the hungry caterpillar and retold the ending',
  'Climbed the frame carefully and helped a younger child down',
  'Poured water between jugs without spilling',
];

export async function reportCardsBench(options: { children?: number; languages?: ('en' | 'ar' | 'he')[] } = {}) {
  const childCount = options.children ?? arg('children', 25);
  const langArg = process.argv.indexOf('--language');
  const languages =
    options.languages ??
    (langArg > 0 ? [(process.argv[langArg + 1] ?? 'en') as 'en' | 'ar' | 'he'] : (['en', 'ar', 'he'] as const).slice());
  const postgres = process.env.DATABASE_URL;
  const database = postgres ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-reports-bench-'));
  const handle = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  const { app, services } = await buildApp({ config, database: handle, secrets: ephemeralSecrets() });
  try {
    const admin = services.scopes.of({ userId: anita, kind: 'staff', schoolId: sunrise, sessionId: 'bench', isTemp: false });
    const teacher = services.scopes.of({ userId: tara, kind: 'staff', schoolId: sunrise, sessionId: 'bench', isTemp: false });
    const today = todayIn(await services.school.timeZone(admin), new Date());

    // The class and its children (the class's own rows; the rest goes through the services and routes).
    const classId = newId();
    await handle.db.insert(classes).values({
      id: classId,
      schoolId: sunrise,
      name: 'Report bench',
      ageRange: '3y 0m - 4y 0m',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      startTime: '09:00',
      endTime: '15:00',
      curriculum: 'EYFS',
      classCurriculumId: FRAMEWORK_IDS.eyfs,
    });
    await handle.db.insert(classStaff).values({ classId, userId: tara });
    const kids = Array.from({ length: childCount }, (_, i) => ({
      id: newId(),
      schoolId: sunrise,
      firstName: `Child${i + 1}`,
      lastName: 'Bench',
    }));
    await handle.db.insert(students).values(kids);
    await handle.db.insert(classStudents).values(kids.map((k) => ({ classId, studentId: k.id })));
    const areas = await services.observations.areasOfClass(teacher, classId);
    for (const [i, kid] of kids.entries())
      for (let n = 0; n < 3; n++)
        await services.observations.create(teacher, {
          class_id: classId,
          type: 'daily',
          report_title: null,
          visibility: 'family',
          learning_area_ids: [areas[(i + n) % areas.length]?.id ?? ''],
          media: [],
          observation_entries: [
            {
              student_id: kid.id,
              date: ddmmyyyyFromIso(today),
              title: 'Observation',
              general_note: NOTES[(i + n) % NOTES.length] ?? '',
              type_of_anecdote: 'Anecdote',
            },
          ],
        });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(url, '9000000002');
    const call = async <T>(method: string, pathname: string, body?: object): Promise<T> => {
      const res = await fetch(`${url}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { result: T }).result;
    };

    const [template] = await call<{ _id: string }[]>('GET', '/api/report_templates/');
    const period = await services.assessment.period(admin);
    const set = await call<{ _id: string; entries: { _id: string }[] }>('POST', '/api/report_sets/', {
      class_id: classId,
      period_id: period.id,
      template_id: template?._id,
    });
    const drafting = performance.now();
    for (const e of set.entries) await call('POST', `/api/report_entries/${e._id}/draft`, {});
    const draftMsPerChild = round((performance.now() - drafting) / set.entries.length);

    const runs = [];
    for (const language of languages) {
      const before = process.resourceUsage().maxRSS * 1024;
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      let job = await call<FileExport>('POST', `/api/report_sets/${set._id}/lock`, { language });
      while (job.status !== 'done' && job.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = await call<FileExport>('GET', `/api/exports/${job.id}`);
      }
      const seconds = round((performance.now() - started) / 100) / 10;
      clearInterval(sampler);
      if (job.status !== 'done') throw new Error(`the job failed: ${job.error}`);
      const file = await fetch(`${url}${job.file_link}`);
      const classFileKiB = Math.round((await file.arrayBuffer()).byteLength / 1024);
      const after = process.resourceUsage().maxRSS * 1024;
      const ready = await call<{ entries: { pdf_ready: boolean }[] }>('GET', `/api/report_sets/${set._id}`);
      runs.push({
        language,
        children: set.entries.length,
        pdfsReady: ready.entries.filter((e) => e.pdf_ready).length,
        lockToDoneSeconds: seconds,
        rssBeforeMiB: mib(rssBefore),
        rssPeakSampledMiB: mib(peak),
        maxRssBeforeMiB: mib(before),
        maxRssAfterMiB: mib(after),
        classFileKiB,
      });
      console.log(runs[runs.length - 1]);
      await call('POST', `/api/report_sets/${set._id}/unlock`);
    }
    const figures = { date: new Date().toISOString(), database, machine: machine(), draftMsPerChild, targetSeconds: 30, runs };
    const saved = saveResults(`report-cards-${database}`, figures);
    return { ...figures, saved: path.relative(root, saved) };
  } finally {
    await app.close();
    await handle.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await reportCardsBench();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
