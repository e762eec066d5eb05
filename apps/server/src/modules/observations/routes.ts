import {
  addMediaRequestSchema,
  createObservationRequestSchema,
  idSchema,
  OBSERVATION_MESSAGES,
  observationListQuerySchema,
  ROUTES,
  updateObservationRequestSchema,
} from '@cue/contract';
import { z } from 'zod';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const byId = z.object({ id: idSchema });

export function observationRoutes(route: Router, s: Services): void {
  route(ROUTES.observationList, { querystring: observationListQuerySchema }, async ({ auth, query }) => ({
    result: await s.observations.list(auth, query),
  }));
  route(ROUTES.observationCreate, { body: createObservationRequestSchema }, async ({ auth, body }) => ({
    result: await s.observations.create(auth, body),
    message: OBSERVATION_MESSAGES.saved,
  }));
  route(ROUTES.observationUpdate, { params: byId, body: updateObservationRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.observations.update(auth, params.id, body),
    message: OBSERVATION_MESSAGES.saved,
  }));
  route(ROUTES.observationDelete, { params: byId }, async ({ auth, params }) => {
    await s.observations.remove(auth, params.id);
    return { result: true, message: 'Observation deleted' };
  });
  route(ROUTES.observationAddMedia, { params: byId, body: addMediaRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.observations.addMedia(
      auth,
      params.id,
      body.media.map((m) => m.media_link),
    ),
  }));
  route(ROUTES.observationCoverage, { params: byId }, async ({ auth, params }) => ({
    result: await s.observations.coverage(auth, params.id),
  }));
  route(ROUTES.classLearningAreas, { params: byId }, async ({ auth, params }) => ({
    result: await s.observations.areasOfClass(auth, params.id),
  }));
}
