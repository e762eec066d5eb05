import { DISPERSAL_MESSAGES, KIOSK_TOKEN_HEADER, ROUTES } from '@cue/contract';
import { isoFromWire, optionalIso } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const tokenOf = (headers: Record<string, unknown>): string | undefined => {
  const value = headers[KIOSK_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
};

/** Drop-off and pick-up: the class day, dismissal, check-in and out, alerts, settings, kiosks, the family's side. */
export function dispersalRoutes(route: Router, s: Services): void {
  route(ROUTES.dispersalClassDay, async ({ auth, params }) => ({ result: await s.dispersal.classDay(auth, params.id) }));
  route(ROUTES.dispersalDismissal, async ({ auth, query }) => ({ result: await s.dispersal.dismissal(auth, query.class_id) }));
  route(ROUTES.dispersalCheckIn, async ({ auth, body }) => ({
    result: await s.dispersal.checkIn(auth, body),
    message: DISPERSAL_MESSAGES.checkedIn,
  }));
  route(ROUTES.dispersalCheckOut, async ({ auth, body }) => ({
    result: await s.dispersal.checkOut(auth, body),
    message: DISPERSAL_MESSAGES.checkedOut,
  }));
  route(ROUTES.dispersalEventVoid, async ({ auth, params }) => {
    await s.dispersal.voidEvent(auth, params.id);
    return { result: true, message: DISPERSAL_MESSAGES.eventVoided };
  });
  route(ROUTES.dispersalAlerts, async ({ auth, query }) => ({ result: await s.dispersal.alerts(auth, query.status) }));
  route(ROUTES.dispersalAlertClose, async ({ auth, params }) => ({
    result: await s.dispersal.closeAlert(auth, params.id),
    message: DISPERSAL_MESSAGES.alertClosed,
  }));
  route(ROUTES.dispersalSettingsGet, async ({ auth }) => ({ result: await s.dispersal.settings(auth) }));
  route(ROUTES.dispersalSettingsSave, async ({ auth, body }) => ({
    result: await s.dispersal.saveSettings(auth, body),
    message: DISPERSAL_MESSAGES.settingsSaved,
  }));

  route(ROUTES.kioskList, async ({ auth }) => ({ result: await s.kiosks.list(auth) }));
  route(ROUTES.kioskCreate, async ({ auth, body }) => ({
    result: await s.kiosks.create(auth, body.name),
    message: DISPERSAL_MESSAGES.kioskCreated,
  }));
  route(ROUTES.kioskRevoke, async ({ auth, params }) => {
    await s.kiosks.revoke(auth, params.id);
    return { result: true, message: DISPERSAL_MESSAGES.kioskRevoked };
  });

  route(ROUTES.childPickups, async ({ auth, params }) => ({ result: await s.dispersal.childPickups(auth, params.id) }));
  route(ROUTES.childPickupEvents, async ({ auth, params, query }) => ({
    result: await s.dispersal.childPickupEvents(auth, params.id, {
      from: optionalIso(query.from, 'from'),
      to: optionalIso(query.to, 'to'),
      page: query.page,
      page_size: query.page_size,
      cursor: query.cursor,
    }),
  }));
  route(ROUTES.oneTimePickupCreate, async ({ auth, params, body }) => ({
    result: await s.dispersal.createPickup(auth, params.id, { ...body, date: isoFromWire(body.date) }),
    message: DISPERSAL_MESSAGES.pickupCreated,
  }));
  route(ROUTES.oneTimePickupCancel, async ({ auth, params }) => {
    await s.dispersal.cancelPickup(auth, params.id);
    return { result: true, message: DISPERSAL_MESSAGES.pickupCancelled };
  });
  route(ROUTES.familyCodes, async ({ auth }) => ({ result: await s.dispersal.familyCodes(auth) }));
  route(ROUTES.familyCodeRenew, async ({ auth, body }) => ({
    result: await s.dispersal.renewFamilyCode(auth, body.school_id),
    message: DISPERSAL_MESSAGES.codeRenewed,
  }));

  route(ROUTES.kioskSession, async ({ headers }) => ({ result: await s.kiosks.session(tokenOf(headers)) }));
  route(ROUTES.kioskLookup, async ({ headers, body }) => ({ result: await s.kiosks.lookup(tokenOf(headers), body.code) }));
  route(ROUTES.kioskCheckIn, async ({ headers, body }) => ({
    result: { events: await s.kiosks.check(tokenOf(headers), 'in', body) },
    message: DISPERSAL_MESSAGES.checkedIn,
  }));
  route(ROUTES.kioskCheckOut, async ({ headers, body }) => ({
    result: { events: await s.kiosks.check(tokenOf(headers), 'out', body) },
    message: DISPERSAL_MESSAGES.checkedOut,
  }));
}
