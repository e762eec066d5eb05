import { COMMUNICATION_MESSAGES, type Communication, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const toast = (c: Communication) =>
  c.status === 'draft'
    ? COMMUNICATION_MESSAGES.draft
    : c.status === 'scheduled'
      ? COMMUNICATION_MESSAGES.scheduled
      : COMMUNICATION_MESSAGES.sent;

export function communicationRoutes(route: Router, s: Services): void {
  const sets = [
    [
      'announcement',
      ROUTES.announcementList,
      ROUTES.announcementCreate,
      ROUTES.announcementGet,
      ROUTES.announcementUpdate,
      ROUTES.announcementDelete,
      ROUTES.announcementReads,
    ],
    [
      'homework',
      ROUTES.homeworkList,
      ROUTES.homeworkCreate,
      ROUTES.homeworkGet,
      ROUTES.homeworkUpdate,
      ROUTES.homeworkDelete,
      ROUTES.homeworkReads,
    ],
  ] as const;
  for (const [type, list, create, get, update, remove, reads] of sets) {
    route(list, async ({ auth, query }) => ({
      result: await s.communication.list(auth, type, query),
    }));
    route(create, async ({ auth, body }) => {
      const result = await s.communication.create(auth, type, body);
      return { result, message: toast(result) };
    });
    route(get, async ({ auth, params }) => ({ result: await s.communication.get(auth, type, params.id) }));
    route(update, async ({ auth, params, body }) => {
      const result = await s.communication.update(auth, type, params.id, body);
      return { result, message: toast(result) };
    });
    route(remove, async ({ auth, params }) => {
      await s.communication.remove(auth, type, params.id);
      return { result: true, message: 'Deleted' };
    });
    route(reads, async ({ auth, params }) => ({ result: await s.communication.reads(auth, type, params.id) }));
  }
  route(ROUTES.communicationAudience, async ({ auth, query }) => ({
    result: await s.communication.audienceOf(auth, query),
  }));
  route(ROUTES.emailOutbox, async ({ auth }) => ({ result: await s.communication.outbox(auth) }));
}
