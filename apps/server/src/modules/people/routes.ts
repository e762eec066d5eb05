import {
  idSchema,
  linkParentRequestSchema,
  listQuerySchema,
  ROUTES,
  staffRequestSchema,
  staffUpdateRequestSchema,
  studentRequestSchema,
  studentUpdateRequestSchema,
} from '@cue/contract';
import { z } from 'zod';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const byId = z.object({ id: idSchema });

export function peopleRoutes(route: Router, s: Services): void {
  route(ROUTES.staffList, {}, async ({ auth }) => ({ result: await s.people.listStaff(auth) }));
  route(ROUTES.staffCreate, { body: staffRequestSchema }, async ({ auth, body }) => ({
    result: await s.people.createStaff(auth, body),
    message: 'Staff member added',
  }));
  route(ROUTES.staffUpdate, { params: byId, body: staffUpdateRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.people.updateStaff(auth, params.id, body),
    message: 'Staff member updated',
  }));
  route(ROUTES.staffInvitations, {}, async ({ auth }) => ({ result: await s.people.myInvitations(auth) }));
  route(ROUTES.staffInvitationAccept, { params: byId }, async ({ auth, params }) => ({
    result: await s.people.acceptInvitation(auth, params.id),
    message: 'Invitation accepted',
  }));
  route(ROUTES.staffInvitationDecline, { params: byId }, async ({ auth, params }) => {
    await s.people.declineInvitation(auth, params.id);
    return { result: true, message: 'Invitation declined' };
  });
  route(ROUTES.staffRemove, { params: byId }, async ({ auth, params }) => {
    await s.people.removeStaff(auth, params.id);
    return { result: true, message: 'Staff member removed' };
  });

  route(ROUTES.studentList, { querystring: listQuerySchema }, async ({ auth, query }) => ({
    result: await s.people.listStudents(auth, query),
  }));
  route(ROUTES.studentDetail, { params: byId }, async ({ auth, params }) => ({
    result: await s.people.student(auth, params.id),
  }));
  route(ROUTES.studentCreate, { body: studentRequestSchema }, async ({ auth, body }) => ({
    result: await s.people.createStudent(auth, body),
    message: 'Student added',
  }));
  route(ROUTES.studentUpdate, { params: byId, body: studentUpdateRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.people.updateStudent(auth, params.id, body),
    message: 'Student updated',
  }));
  route(ROUTES.studentLinkParent, { params: byId, body: linkParentRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.people.linkParent(auth, params.id, body),
    message: 'Parent linked',
  }));
}
