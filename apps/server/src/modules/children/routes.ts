import { CHILD_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function childRoutes(route: Router, s: Services): void {
  route(ROUTES.childRecord, async ({ auth, params }) => ({ result: await s.children.record(auth, params.id) }));
  route(ROUTES.childProfileUpdate, async ({ auth, params, body }) => ({
    result: await s.children.updateProfile(auth, params.id, body),
    message: CHILD_MESSAGES.profileSaved,
  }));
  route(ROUTES.childHealthUpdate, async ({ auth, params, body }) => ({
    result: await s.children.updateHealth(auth, params.id, body),
    message: CHILD_MESSAGES.healthSaved,
  }));
  route(ROUTES.childHealthItemCreate, async ({ auth, params, body }) => ({
    result: await s.children.addHealthItem(auth, params.id, body),
    message: CHILD_MESSAGES.itemAdded,
  }));
  route(ROUTES.childHealthItemUpdate, async ({ auth, params, body }) => ({
    result: await s.children.updateHealthItem(auth, params.id, body),
    message: CHILD_MESSAGES.itemSaved,
  }));
  route(ROUTES.childHealthItemDelete, async ({ auth, params }) => {
    await s.children.removeHealthItem(auth, params.id);
    return { result: true, message: CHILD_MESSAGES.itemRemoved };
  });
  route(ROUTES.childContactCreate, async ({ auth, params, body }) => ({
    result: await s.children.addContact(auth, params.id, body),
    message: CHILD_MESSAGES.itemAdded,
  }));
  route(ROUTES.childContactUpdate, async ({ auth, params, body }) => ({
    result: await s.children.updateContact(auth, params.id, body),
    message: CHILD_MESSAGES.itemSaved,
  }));
  route(ROUTES.childContactPhoto, async ({ auth, params, req }) => ({
    result: await s.children.setContactPhoto(auth, params.id, await readUpload(req, ROUTES.childContactPhoto.upload)),
    message: CHILD_MESSAGES.photoSaved,
  }));
  route(ROUTES.childContactDelete, async ({ auth, params }) => {
    await s.children.removeContact(auth, params.id);
    return { result: true, message: CHILD_MESSAGES.itemRemoved };
  });
  route(ROUTES.childConsentSet, async ({ auth, params, body }) => ({
    result: await s.children.setConsent(auth, params.id, body.key, body.granted),
    message: CHILD_MESSAGES.consentSaved,
  }));
  route(ROUTES.childChangeRequestCreate, async ({ auth, params, body }) => ({
    result: await s.children.propose(auth, params.id, body.changes),
    message: CHILD_MESSAGES.changeProposed,
  }));
  route(ROUTES.changeRequestList, async ({ auth }) => ({ result: await s.children.pendingChanges(auth) }));
  route(ROUTES.changeRequestDecide, async ({ auth, params, body }) => ({
    result: await s.children.decide(auth, params.id, body.decision),
    message: body.decision === 'accept' ? CHILD_MESSAGES.changeAccepted : CHILD_MESSAGES.changeDeclined,
  }));
  route(ROUTES.classStudentAlerts, async ({ auth, params }) => ({ result: await s.children.classAlerts(auth, params.id) }));
  route(ROUTES.recordCheckRequest, async ({ auth, body }) => ({
    result: { requested: await s.children.requestChecks(auth, body.class_id) },
    message: CHILD_MESSAGES.checkRequested,
  }));
  route(ROUTES.childRecordCheckConfirm, async ({ auth, params }) => ({
    result: await s.children.confirmCheck(auth, params.id),
    message: CHILD_MESSAGES.checkConfirmed,
  }));
  route(ROUTES.consentTypeList, async ({ auth }) => ({ result: await s.children.consentTypes(auth) }));
  route(ROUTES.consentTypeCreate, async ({ auth, body }) => ({
    result: await s.children.addConsentType(auth, body.label),
    message: CHILD_MESSAGES.consentTypeAdded,
  }));
  route(ROUTES.childMedicalViews, async ({ auth, params }) => ({ result: await s.children.medicalViews(auth, params.id) }));
}
