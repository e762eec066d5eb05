import path from 'node:path';
import { warmUp } from './ai/engine/engine.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { buildApp } from './platform/http/app.js';
import { loadSecrets } from './platform/secrets.js';
import { seedDemoAcademicIfEmpty } from './seed/academic.js';
import { seedDemoAdmissionsIfEmpty } from './seed/admissions.js';
import { seedDemoGradebookIfEmpty } from './seed/assessment.js';
import { seedDemoAssessmentHpcIfEmpty } from './seed/assessment-hpc.js';
import { seedDemoCarelogIfEmpty } from './seed/carelog.js';
import { seedDemoChatIfEmpty } from './seed/chat.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { seedDemoDispersalIfEmpty } from './seed/dispersal.js';
import { seedDemoFeesIfEmpty } from './seed/fees.js';
import { seedDemoFeeLedgerIfEmpty } from './seed/fees-ledger.js';
import { seedDemoGalleryIfEmpty } from './seed/gallery.js';
import { seedDemoHiringIfEmpty } from './seed/hiring.js';
import { seedDemoHistoryIfMissing } from './seed/history.js';
import { LARGE, largeObjectStore, seedLarge } from './seed/large.js';
import { seedDemoLibraryIfEmpty } from './seed/library.js';
import { seedDemoPlanningIfEmpty } from './seed/planning.js';
import { seedDemoStoriesIfEmpty } from './seed/stories.js';
import { seedDemoTimetableIfEmpty } from './seed/timetable.js';

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const secrets = loadSecrets(config);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, queryCache: config.QUERY_CACHE ?? true }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), queryCache: config.QUERY_CACHE ?? true },
  );
  await database.migrate();
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(database.db) : false;
  if (config.SEED_DEMO_HISTORY) await seedDemoHistoryIfMissing(database.db, new Date());
  // SEED=large: the large organization next to the demo (3 schools, 1,500 children, a school year), once; before the statistics.
  const large =
    config.SEED === 'large'
      ? await seedLarge(database.db, new Date(), { objects: await largeObjectStore(config) })
      : { seeded: false, seconds: 0 };
  await database.analyze();
  const { app, services } = await buildApp({ config, database, secrets });
  // The demo's gallery: a few pictures of Nursery A's last days, processed like any upload.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoGalleryIfEmpty(services, new Date()).catch((err) => app.log.warn({ err }, 'demo gallery not seeded'));
  // Its stories, tags and today's journal, written through the stories service.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoStoriesIfEmpty(services, new Date()).catch((err) => app.log.warn({ err }, 'demo stories not seeded'));
  // Its carelog: yesterday's care in Nursery A, a consented medicine record and two past accident reports.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoCarelogIfEmpty(services, new Date()).catch((err) => app.log.warn({ err }, 'demo carelog not seeded'));
  // Its chat: a family's conversation with Nursery A and the class channel, written through the chat service.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoChatIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo chat not seeded'));
  // Its planning: a library unit of the organization, three resources, and a running unit in Nursery A copied from the global library.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoPlanningIfEmpty(services, new Date()).catch((err) => app.log.warn({ err }, 'demo planning not seeded'));
  // Its gradebook and reflections: Nursery A's categories, four tasks graded for most children, and two reflections.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoGradebookIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo gradebook not seeded'));
  // Its progress cards and feedback: Nursery A's open parent and self forms of the term, and Aarav's card begun.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoAssessmentHpcIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo progress cards not seeded'));
  // Its drop-off and pick-up: the health question, Aarav's grandmother as a collector, a court order for Kabir, and (with the history) today's first check-ins.
  if (config.SEED_DEMO)
    await seedDemoDispersalIfEmpty(services, config.SEED_DEMO_HISTORY).catch((err) =>
      app.log.warn({ err }, 'demo drop-off not seeded'),
    );
  // Its library: the loan rules, thirty picture books, Aarav's book due soon, Diya's overdue one and Vihaan waiting for it.
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY)
    await seedDemoLibraryIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo library not seeded'));
  // Its academic setup: the school's day (Sunrise day, Monday to Friday), its rooms and equipment, the hall booked next week.
  if (config.SEED_DEMO)
    await seedDemoAcademicIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo academic setup not seeded'));
  // Its timetable: the week from Sunrise day, five subjects for Nursery A and Kindergarten B, a first generation queued.
  if (config.SEED_DEMO)
    await seedDemoTimetableIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo timetable not seeded'));
  // Its management: families in the admissions pipeline, a job opening with applicants, fee structures,
  // last month's invoices and payments (one family paid, one in part, one not yet).
  if (config.SEED_DEMO && config.SEED_DEMO_HISTORY) {
    const now = new Date();
    await seedDemoAdmissionsIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo admissions not seeded'));
    await seedDemoHiringIfEmpty(services).catch((err) => app.log.warn({ err }, 'demo hiring not seeded'));
    await seedDemoFeesIfEmpty(services, now)
      .then(() => seedDemoFeeLedgerIfEmpty(services, now))
      .catch((err) => app.log.warn({ err }, 'demo fees not seeded'));
  }
  // The fee reminders (each school's due-soon and overdue invoices) and the removal of documents never sent with a form run daily.
  await services.ledger.scheduleDailyReminders().catch((err) => app.log.warn({ err }, 'fee reminders not scheduled'));
  await services.admissions.scheduleCleanup().catch((err) => app.log.warn({ err }, 'admission clean-up not scheduled'));
  // Each school with the library gets its daily overdue notices on the queue (08:00 on its clock).
  await services.loans.scheduleDailyNotices().catch((err) => app.log.warn({ err }, 'library notices not scheduled'));
  // The assistant's language engine (its model file and expressions), ready before the first message.
  warmUp();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  ${config.APP_NAME} is running at ${url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${path.join(config.dataDir, 'db')}`}${seeded ? ' — demo school seeded' : ''}`,
  ];
  if (large.seeded) lines.push(`  ${LARGE.organization} seeded in ${large.seconds.toFixed(1)} s`);
  if (config.SEED_DEMO && config.otpTestNumbers.get('9000000001') === '123456') {
    lines.push(
      '  Demo sign-ins (phone, then OTP 123456):',
      '    9000000001 Sam Rao, super admin        9000000004 Rohan Sharma, parent',
      '    9000000002 Anita Desai, admin          9000000005 Neha Patel, teacher and parent',
      '    9000000003 Tara Menon, teacher         9000000006 Mona Haddad, teacher (Moonbeam)',
    );
  }
  if (config.SEED === 'large' && config.otpTestNumbers.get(LARGE.phones.teacher) === '123456') {
    const p = LARGE.phones;
    lines.push(
      `  ${LARGE.organization} sign-ins (3 schools, 1,500 children; OTP 123456):`,
      `    ${p.superAdmin} super admin of the three schools   ${p.teacher} teacher of Toddlers A (Oakwood)`,
      `    ${p.admins.join(', ')} admins               ${p.parent} parent in Toddlers A`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
