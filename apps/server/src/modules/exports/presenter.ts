import type { FileExport } from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { ExportRow } from './repo.js';

export const presentExport = (r: ExportRow): FileExport => ({
  id: r.id,
  kind: r.kind as FileExport['kind'],
  status: r.status as FileExport['status'],
  progress: r.progress,
  file_link: r.status === 'done' ? signMedia(r.fileLink) : null,
  error: r.error,
  created_at: r.createdAt.toISOString(),
});
