import { HIRING_MESSAGES, ROUTES } from '@cue/contract';
import { attachmentDisposition } from '../../platform/documents.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readCv } from './cv-file.js';

/** A download's name in a Content-Disposition header: ASCII kept, the name's own letters as UTF-8. */

/** The hiring routes (MANAGEMENT_ROUTES: publicJob*, job*). */
export function hiringRoutes(route: Router, s: Services): void {
  // The public job page (no sign-in): its school's system scope is built by the service.
  route(ROUTES.publicJobs, async ({ params }) => ({ result: await s.hiring.publicJobs(params.school_id) }));
  route(ROUTES.publicJob, async ({ params }) => ({ result: await s.hiring.publicJob(params.school_id, params.id) }));
  route(ROUTES.publicJobCv, async ({ params, req }) => ({
    result: await s.hiring.publicCv(params.school_id, params.id, req.ip, () => readCv(req, 'file')),
  }));
  route(ROUTES.publicJobApply, async ({ params, body, req }) => ({
    result: await s.hiring.apply(params.school_id, params.id, body, req.ip),
    message: HIRING_MESSAGES.applied,
  }));

  route(ROUTES.jobOpenings, async ({ auth, query }) => ({ result: await s.hiring.openings(auth, query) }));
  route(ROUTES.jobOpeningCreate, async ({ auth, body }) => ({
    result: await s.hiring.createOpening(auth, body),
    message: HIRING_MESSAGES.openingCreated,
  }));
  route(ROUTES.jobOpeningGet, async ({ auth, params }) => ({ result: await s.hiring.opening(auth, params.id) }));
  route(ROUTES.jobOpeningUpdate, async ({ auth, params, body }) => ({
    result: await s.hiring.updateOpening(auth, params.id, body),
    message: HIRING_MESSAGES.openingSaved,
  }));

  route(ROUTES.jobApplications, async ({ auth, query }) => ({ result: await s.hiring.applications(auth, query) }));
  route(ROUTES.jobApplicationGet, async ({ auth, params }) => ({ result: await s.hiring.application(auth, params.id) }));
  route(ROUTES.jobApplicationStage, async ({ auth, params, body }) => ({
    result: await s.hiring.moveStage(auth, params.id, body),
    message: HIRING_MESSAGES.moved,
  }));
  route(ROUTES.jobApplicationNote, async ({ auth, params, body }) => ({
    result: await s.hiring.addNote(auth, params.id, body.body),
    message: HIRING_MESSAGES.noteAdded,
  }));
  route(ROUTES.jobApplicationCv, async ({ auth, params, reply }) => {
    const file = await s.hiring.cv(auth, params.id);
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  route(ROUTES.jobInterviewCreate, async ({ auth, params, body }) => ({
    result: await s.hiring.createInterview(auth, params.id, body),
    message: HIRING_MESSAGES.interviewScheduled,
  }));
  route(ROUTES.jobInterviews, async ({ auth, query }) => ({ result: await s.hiring.interviews(auth, query) }));
  route(ROUTES.jobInterviewUpdate, async ({ auth, params, body }) => ({
    result: await s.hiring.updateInterview(auth, params.id, body),
    message: HIRING_MESSAGES.interviewSaved,
  }));
  route(ROUTES.jobInterviewCancel, async ({ auth, params }) => ({
    result: await s.hiring.cancelInterview(auth, params.id),
    message: HIRING_MESSAGES.interviewCancelled,
  }));

  route(ROUTES.jobHire, async ({ auth, params, body }) => ({
    result: await s.hiring.hire(auth, params.id, body),
    message: HIRING_MESSAGES.hired,
  }));
}
