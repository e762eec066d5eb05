import { RESOURCE_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The resources' routes (ACADEMIC_ROUTES: schoolResource*, resourceBooking*). */
export function resourceRoutes(route: Router, s: Services): void {
  route(ROUTES.schoolResourceList, async ({ auth, query }) => ({ result: await s.resources.list(auth, query) }));
  route(ROUTES.schoolResourceCreate, async ({ auth, body }) => ({
    result: await s.resources.create(auth, body),
    message: RESOURCE_MESSAGES.created,
  }));
  route(ROUTES.schoolResourceGet, async ({ auth, params }) => ({ result: await s.resources.get(auth, params.id) }));
  route(ROUTES.schoolResourceUpdate, async ({ auth, params, body }) => ({
    result: await s.resources.update(auth, params.id, body),
    message: RESOURCE_MESSAGES.saved,
  }));
  route(ROUTES.schoolResourceArchive, async ({ auth, params }) => ({
    result: await s.resources.archive(auth, params.id),
    message: RESOURCE_MESSAGES.archived,
  }));
  route(ROUTES.schoolResourceRestore, async ({ auth, params }) => ({
    result: await s.resources.restore(auth, params.id),
    message: RESOURCE_MESSAGES.restored,
  }));
  route(ROUTES.schoolResourceAvailability, async ({ auth, params, query }) => ({
    result: await s.resources.availability(auth, params.id, query),
  }));
  route(ROUTES.resourceBookingList, async ({ auth, query }) => ({ result: await s.resources.listBookings(auth, query) }));
  route(ROUTES.resourceBookingCreate, async ({ auth, body }) => ({
    result: await s.resources.book(auth, body),
    message: RESOURCE_MESSAGES.booked,
  }));
  route(ROUTES.resourceBookingCancel, async ({ auth, params }) => ({
    result: await s.resources.cancel(auth, params.id),
    message: RESOURCE_MESSAGES.cancelled,
  }));
}
