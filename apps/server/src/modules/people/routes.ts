import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function peopleRoutes(route: Router, s: Services): void {
  route(ROUTES.staffList, async ({ auth }) => ({ result: await s.people.listStaff(auth) }));
  route(ROUTES.staffCreate, async ({ auth, body }) => ({
    result: await s.people.createStaff(auth, body),
    message: 'Staff member added',
  }));
  route(ROUTES.staffUpdate, async ({ auth, params, body }) => ({
    result: await s.people.updateStaff(auth, params.id, body),
    message: 'Staff member updated',
  }));
  route(ROUTES.staffInvitationResend, async ({ auth, params }) => ({
    result: await s.people.resendInvitation(auth, params.id),
    message: 'Invitation sent',
  }));
  route(ROUTES.staffInvitations, async ({ auth }) => ({ result: await s.people.myInvitations(auth) }));
  route(ROUTES.staffInvitationAccept, async ({ auth, params }) => ({
    result: await s.people.acceptInvitation(auth, params.id),
    message: 'Invitation accepted',
  }));
  route(ROUTES.staffInvitationDecline, async ({ auth, params }) => {
    await s.people.declineInvitation(auth, params.id);
    return { result: true, message: 'Invitation declined' };
  });
  route(ROUTES.staffRemove, async ({ auth, params }) => {
    await s.people.removeStaff(auth, params.id);
    return { result: true, message: 'Staff member removed' };
  });

  route(ROUTES.studentList, async ({ auth, query }) => ({
    result: await s.people.listStudents(auth, query),
  }));
  route(ROUTES.studentDetail, async ({ auth, params }) => ({
    result: await s.people.student(auth, params.id),
  }));
  route(ROUTES.studentCreate, async ({ auth, body }) => ({
    result: await s.people.createStudent(auth, body),
    message: 'Student added',
  }));
  route(ROUTES.studentUpdate, async ({ auth, params, body }) => ({
    result: await s.people.updateStudent(auth, params.id, body),
    message: 'Student updated',
  }));
  route(ROUTES.studentLinkParent, async ({ auth, params, body }) => ({
    result: await s.people.linkParent(auth, params.id, body),
    message: 'Parent linked',
  }));
}
