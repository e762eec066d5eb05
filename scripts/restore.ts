/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` (or the scheduled one) into an
 * empty place: DATA_DIR without a database or files yet, or, with DATABASE_URL, a PostgreSQL database
 * without tables (pg_restore); the files into an empty bucket with S3_*, an empty DATA_DIR/media
 * otherwise. Nothing is overwritten: a place that is not empty is refused. Start the server afterwards: it brings the schema up to date.
 */
import path from 'node:path';
import { RestoreRefused, restoreBackup } from '../apps/server/src/platform/backup.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { S3Storage } from '../apps/server/src/platform/storage.js';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('Usage: npm run restore -- <backup.tar>\n');
  process.exit(1);
}
const config = loadConfig();
const bucket = config.objectStorage ? new S3Storage(config.objectStorage) : null;
const media = bucket ?? path.join(config.dataDir, 'media');
const started = performance.now();
try {
  const manifest = await restoreBackup(
    path.resolve(file),
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, media }
      : { kind: 'pglite', dbDir: path.join(config.dataDir, 'db'), media },
  );
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    [
      `Restored the backup of ${manifest.created_at} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      `  ${manifest.database === 'pglite' ? `embedded database: ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}: ${Object.keys(manifest.tables).length} tables, ${rows} rows`,
      `  files: ${manifest.media.files} into ${bucket ? `the bucket ${bucket.settings.bucket}` : media}`,
      '',
    ].join('\n'),
  );
} catch (err) {
  process.stderr.write(`${err instanceof RestoreRefused ? 'Refused' : 'Restore failed'}: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  bucket?.destroy();
}
