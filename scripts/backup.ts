/**
 * `npm run backup [-- --out FILE]`: a backup of the database (DATA_DIR's embedded one, or DATABASE_URL's
 * PostgreSQL through pg_dump) and of the stored files (DATA_DIR/media), in one `.tar` under
 * BACKUP_DIR (DATA_DIR/backups by default), keeping the newest BACKUP_KEEP. The embedded database
 * belongs to one process: stop the server first, or let it write its scheduled backup itself
 * (BACKUP_EVERY_HOURS).
 */
import path from 'node:path';
import { backupName, pruneBackups, writeBackup } from '../apps/server/src/platform/backup.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';

const config = loadConfig();
const at = process.argv.indexOf('--out');
const now = new Date();
const file = path.resolve(at >= 0 ? (process.argv[at + 1] ?? '') : path.join(config.backupDir, backupName(now)));
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, queryCache: false }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), queryCache: false },
);
try {
  // Files in an object store (S3_*) are kept by the store: its versioning or replication is their backup.
  const mediaRoot = config.objectStorage ? null : path.join(config.dataDir, 'media');
  const result = await writeBackup({ database, mediaRoot, file, now });
  const pruned = at >= 0 ? [] : await pruneBackups(config.backupDir, config.BACKUP_KEEP);
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    [
      `Backup written: ${result.file}`,
      `  ${result.manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}: ${Object.keys(result.manifest.tables).length} tables, ${rows} rows`,
      `  files: ${result.manifest.media.files} (${(result.manifest.media.bytes / 1e6).toFixed(1)} MB)${mediaRoot ? '' : ' — in the object store, not copied'}`,
      `  archive: ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`,
      ...(pruned.length > 0 ? [`  older backups removed: ${pruned.length} (BACKUP_KEEP=${config.BACKUP_KEEP})`] : []),
      '',
    ].join('\n'),
  );
} finally {
  await database.close();
}
