import { OBSERVATION_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function observationRoutes(route: Router, s: Services): void {
  route(ROUTES.observationList, async ({ auth, query }) => ({
    result: await s.observations.list(auth, query),
  }));
  route(ROUTES.observationCreate, async ({ auth, body }) => ({
    result: await s.observations.create(auth, body),
    message: OBSERVATION_MESSAGES.saved,
  }));
  route(ROUTES.observationUpdate, async ({ auth, params, body }) => ({
    result: await s.observations.update(auth, params.id, body),
    message: OBSERVATION_MESSAGES.saved,
  }));
  route(ROUTES.observationDelete, async ({ auth, params }) => {
    await s.observations.remove(auth, params.id);
    return { result: true, message: 'Observation deleted' };
  });
  route(ROUTES.observationAddMedia, async ({ auth, params, body }) => {
    // Items of the class gallery go through the gallery, which checks them and remembers the link.
    let result = body.media_ids ? await s.media.addToObservation(auth, params.id, body.media_ids) : undefined;
    if (body.media)
      result = await s.observations.addMedia(
        auth,
        params.id,
        body.media.map((m) => m.media_link),
      );
    if (!result) throw new Error('unreachable: the schema asks for media or media_ids');
    return { result };
  });
  route(ROUTES.observationCoverage, async ({ auth, params }) => ({
    result: await s.observations.coverage(auth, params.id),
  }));
  route(ROUTES.classLearningAreas, async ({ auth, params }) => ({
    result: await s.observations.areasOfClass(auth, params.id),
  }));
}
