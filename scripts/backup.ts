/**
 * `npm run backup [-- --out FILE]`: a backup of the database (DATA_DIR's embedded one, or DATABASE_URL's
 * PostgreSQL through pg_dump) and of the stored files (the S3_* bucket's objects, or DATA_DIR/media), in one `.tar` under
 * BACKUP_DIR (DATA_DIR/backups by default), keeping the newest BACKUP_KEEP. The embedded database
 * belongs to one process: stop the server first, or let it write its scheduled backup itself
 * (BACKUP_EVERY_HOURS).
 */
import path from 'node:path';
import { backupName, pruneBackups, writeBackup } from '../apps/server/src/platform/backup.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { S3Storage } from '../apps/server/src/platform/storage.js';

const config = loadConfig();
const at = process.argv.indexOf('--out');
const now = new Date();
const file = path.resolve(at >= 0 ? (process.argv[at + 1] ?? '') : path.join(config.backupDir, backupName(now)));
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, queryCache: false }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), queryCache: false },
);
// The files: the bucket's objects with S3_*, DATA_DIR/media's otherwise.
const bucket = config.objectStorage ? new S3Storage(config.objectStorage) : null;
try {
  const media = bucket ?? path.join(config.dataDir, 'media');
  const result = await writeBackup({ database, media, file, now });
  const pruned = at >= 0 ? [] : await pruneBackups(config.backupDir, config.BACKUP_KEEP);
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    [
      `Backup written: ${result.file}`,
      `  ${result.manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}: ${Object.keys(result.manifest.tables).length} tables, ${rows} rows`,
      `  files: ${result.manifest.media.files} (${(result.manifest.media.bytes / 1e6).toFixed(1)} MB) from ${bucket ? `the bucket ${bucket.settings.bucket}` : media}`,
      `  archive: ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`,
      ...(pruned.length > 0 ? [`  older backups removed: ${pruned.length} (BACKUP_KEEP=${config.BACKUP_KEEP})`] : []),
      '',
    ].join('\n'),
  );
} finally {
  bucket?.destroy();
  await database.close();
}
