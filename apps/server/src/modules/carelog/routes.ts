import { CARELOG_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function carelogRoutes(route: Router, s: Services): void {
  route(ROUTES.careDay, async ({ auth, query }) => ({ result: await s.carelog.careDay(auth, query) }));
  route(ROUTES.careEntryCreate, async ({ auth, body }) => {
    const { entries, message } = await s.carelog.createEntries(auth, body);
    return { result: entries, message };
  });
  route(ROUTES.careEntryEdit, async ({ auth, params, body }) => ({
    result: await s.carelog.editEntry(auth, params.id, body),
    message: CARELOG_MESSAGES.saved,
  }));
  route(ROUTES.careEntryDelete, async ({ auth, params }) => {
    await s.carelog.deleteEntry(auth, params.id);
    return { result: true, message: CARELOG_MESSAGES.entryDeleted };
  });
  route(ROUTES.napEnd, async ({ auth, body }) => ({
    result: await s.carelog.endNaps(auth, body),
    message: CARELOG_MESSAGES.napEnded,
  }));
  route(ROUTES.napCheck, async ({ auth, body }) => ({
    result: await s.carelog.checkNaps(auth, body),
    message: CARELOG_MESSAGES.napChecked,
  }));
  route(ROUTES.childCareDay, async ({ auth, params, query }) => ({
    result: await s.carelog.childDay(auth, params.id, query.date),
  }));
  route(ROUTES.careSummarySubscription, async ({ auth, body }) => {
    await s.carelog.setSummary(auth, body.student_id, body.enabled);
    return { result: true, message: CARELOG_MESSAGES.summarySaved };
  });
  route(ROUTES.medicineList, async ({ auth, query }) => ({ result: await s.carelog.medicines(auth, query) }));
  route(ROUTES.medicineCreate, async ({ auth, body }) => ({
    result: await s.carelog.createMedicine(auth, body),
    message: CARELOG_MESSAGES.medicineSaved,
  }));
  route(ROUTES.medicineEnd, async ({ auth, params }) => ({
    result: await s.carelog.endMedicine(auth, params.id),
    message: CARELOG_MESSAGES.medicineEnded,
  }));
  route(ROUTES.medicineDose, async ({ auth, params, body }) => ({
    result: await s.carelog.giveDose(auth, params.id, body),
    message: CARELOG_MESSAGES.doseRecorded,
  }));
  route(ROUTES.medicineHomeDose, async ({ auth, params, body }) => ({
    result: await s.carelog.homeDose(auth, params.id, body),
    message: CARELOG_MESSAGES.homeDoseRecorded,
  }));
  route(ROUTES.incidentList, async ({ auth, query }) => ({ result: await s.carelog.incidents(auth, query) }));
  route(ROUTES.incidentCreate, async ({ auth, body }) => ({
    result: await s.carelog.createIncident(auth, body),
    message: CARELOG_MESSAGES.incidentSaved,
  }));
  route(ROUTES.incidentGet, async ({ auth, params }) => ({ result: await s.carelog.incident(auth, params.id) }));
  route(ROUTES.incidentCorrect, async ({ auth, params, body }) => ({
    result: await s.carelog.correctIncident(auth, params.id, body),
    message: CARELOG_MESSAGES.incidentCorrected,
  }));
  route(ROUTES.incidentDelete, async ({ auth, params }) => s.carelog.deleteIncident(auth, params.id));
  route(ROUTES.incidentReview, async ({ auth, params, body }) => ({
    result: await s.carelog.reviewIncident(auth, params.id, body.note),
    message: CARELOG_MESSAGES.incidentReviewed,
  }));
  route(ROUTES.incidentAcknowledge, async ({ auth, params, body }) => ({
    result: await s.carelog.acknowledgeIncident(auth, params.id, body.signature),
    message: CARELOG_MESSAGES.incidentAcknowledged,
  }));
  route(ROUTES.incidentRegulator, async ({ auth, params, body }) => ({
    result: await s.carelog.recordRegulator(auth, params.id, body),
    message: CARELOG_MESSAGES.regulatorRecorded,
  }));
  route(ROUTES.carelogSettings, async ({ auth }) => ({ result: await s.carelog.settings(auth) }));
  route(ROUTES.carelogSettingsSave, async ({ auth, body }) => ({
    result: await s.carelog.saveSettings(auth, body),
    message: CARELOG_MESSAGES.settingsSaved,
  }));
}
