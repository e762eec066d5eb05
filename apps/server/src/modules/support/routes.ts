import { BUG_REPORT_MESSAGES, ROUTES, UPLOAD_LIMITS } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

const largest = Math.max(UPLOAD_LIMITS.max_image_size, UPLOAD_LIMITS.max_video_size, UPLOAD_LIMITS.max_doc_size);

export function supportRoutes(route: Router, s: Services): void {
  route(ROUTES.maintenanceStatus, async () => ({ result: await s.support.maintenanceStatus() }));
  route(ROUTES.maintenanceSet, async ({ auth, body }) => ({
    result: await s.support.setMaintenance(auth, body),
    message: body.enabled ? 'Maintenance window set' : 'Maintenance cleared',
  }));
  route(ROUTES.uploadConstraint, async () => ({ result: s.support.uploadConstraint() }));
  route(ROUTES.mediaUpload, async ({ auth, req }) => ({
    result: await s.support.upload(auth, await readUpload(req, ROUTES.mediaUpload.upload, largest, 'The file is too large')),
  }));
  route(ROUTES.bugReport, async ({ auth, body, req }) => ({
    result: await s.support.reportBug(auth, body, req.headers['user-agent']),
    message: BUG_REPORT_MESSAGES.success,
  }));
  route(ROUTES.bugReportList, async ({ auth }) => ({ result: await s.support.bugReports(auth) }));
}
