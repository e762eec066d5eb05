/**
 * `npm run seed:large`: the large demo organization (3 schools, 60 classes, 1,500 children, 100 staff and
 * a school year of history) in the database of DATA_DIR (./data by default) or DATABASE_URL. Migrates,
 * seeds the demo school when the database is empty, then the large organization unless it is there,
 * refreshes the planner's statistics, and prints what it wrote and how long it took.
 * `--scale 0.1` makes a proportionally smaller one.
 */
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { seedDemoHistoryIfMissing } from '../apps/server/src/seed/history.js';
import { LARGE, largeObjectStore, seedLarge } from '../apps/server/src/seed/large.js';

const at = process.argv.indexOf('--scale');
const scale = at >= 0 ? Number(process.argv[at + 1]) : 1;
if (!(scale > 0 && scale <= 1)) {
  process.stderr.write('--scale: expected a number in (0, 1]\n');
  process.exit(1);
}

const config = loadConfig();
if (config.NODE_ENV === 'production') {
  process.stderr.write('seed:large writes a demo organization with test sign-ins: not with NODE_ENV=production\n');
  process.exit(1);
}
const started = performance.now();
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
try {
  await database.migrate();
  const now = new Date();
  const demo = await seedDemoIfEmpty(database.db);
  if (demo && config.SEED_DEMO_HISTORY) await seedDemoHistoryIfMissing(database.db, now);
  const result = await seedLarge(database.db, now, { scale, objects: await largeObjectStore(config) });
  await database.analyze();
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'db');
  const lines = [`Database: ${where}${demo ? ' — demo school seeded' : ''}`];
  if (!result.seeded) {
    lines.push(`${LARGE.organization} is already there: nothing written.`);
  } else {
    lines.push(`${LARGE.organization} seeded in ${result.seconds.toFixed(1)} s (scale ${scale}):`);
    for (const [name, n] of Object.entries(result.counts))
      lines.push(`  ${name.replace(/_/g, ' ').padEnd(26)}${n.toLocaleString('en')}`);
  }
  lines.push(
    `Total with migrations and statistics: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    'Sign-ins (phone, then OTP 123456, with SEED=large outside production):',
    `  ${LARGE.phones.superAdmin} super admin of the three schools`,
    `  ${LARGE.phones.admins.join(', ')} admins of ${LARGE.schools.map((s) => s.name).join(', ')}`,
    `  ${LARGE.phones.teacher} class teacher of Toddlers A (${LARGE.schools[0]?.name})`,
    `  ${LARGE.phones.parent} parent of a child in Toddlers A`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await database.close();
}
