import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, pageOf, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import {
  addMediaRequestSchema,
  coverageRowSchema,
  createObservationRequestSchema,
  learningAreaSchema,
  observationEntrySchema,
  observationListQuerySchema,
  updateObservationRequestSchema,
} from './schemas.js';

/** Observations (anecdotes) and the portfolio: entries per child, learning areas, coverage. */
export const OBSERVATIONS_ROUTES = routeTable({
  observationList: {
    method: 'GET',
    path: '/api/observations/',
    access: 'any',
    query: observationListQuerySchema,
    keep: 'minute',
    response: envelope(pageOf(observationEntrySchema)),
  },
  observationCreate: {
    method: 'POST',
    path: '/api/observations/',
    access: 'staff',
    body: createObservationRequestSchema,
    response: withMessage(z.object({ observation_entries: z.array(observationEntrySchema), is_saved: z.boolean() })),
  },
  observationUpdate: {
    method: 'PUT',
    path: '/api/observations/:id',
    access: 'staff',
    resource: 'observation',
    params: byIdSchema,
    body: updateObservationRequestSchema,
    response: withMessage(observationEntrySchema),
  },
  observationDelete: {
    method: 'DELETE',
    path: '/api/observations/:id',
    access: 'staff',
    resource: 'observation',
    params: byIdSchema,
    response: doneSchema,
  },
  observationAddMedia: {
    method: 'POST',
    path: '/api/add_media_to_anecdotes/:id',
    access: 'staff',
    resource: 'observation',
    params: byIdSchema,
    body: addMediaRequestSchema,
    response: envelope(observationEntrySchema),
  },
  observationCoverage: {
    method: 'GET',
    path: '/api/observations/coverage/:id',
    access: 'any',
    resource: 'student',
    params: byIdSchema,
    response: envelope(z.array(coverageRowSchema)),
  },
  classLearningAreas: {
    method: 'GET',
    path: '/api/learning_areas/:id',
    access: 'staff',
    resource: 'class',
    params: byIdSchema,
    response: envelope(z.array(learningAreaSchema)),
  },
});
