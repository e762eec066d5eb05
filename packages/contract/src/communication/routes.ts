import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, pageOf, withMessage } from '../common.js';
import type { RolePermission } from '../permissions.js';
import { type RouteResource, routeTable } from '../route-def.js';
import {
  communicationAudienceQuerySchema,
  communicationAudienceResponseSchema,
  communicationListQuerySchema,
  communicationRequestSchema,
  communicationSchema,
  outboxEntrySchema,
  readReceiptsSchema,
} from './schemas.js';

/** The calls of one type (announcements and homework have the same calls on their own paths). */
const typeRoutes = <const R extends RouteResource>(plural: string, resource: R, permission: RolePermission) => {
  const base = `/api/communication/${plural}/`;
  const one = { access: 'staff', resource, params: byIdSchema } as const;
  return {
    list: {
      method: 'GET',
      path: base,
      access: 'any',
      query: communicationListQuerySchema,
      keep: 'minute',
      response: envelope(pageOf(communicationSchema)),
    },
    create: {
      method: 'POST',
      path: base,
      access: 'staff',
      permission,
      body: communicationRequestSchema,
      response: withMessage(communicationSchema),
    },
    get: {
      method: 'GET',
      path: `${base}:id`,
      access: 'any',
      resource,
      params: byIdSchema,
      response: envelope(communicationSchema),
    },
    update: {
      method: 'PUT',
      path: `${base}:id`,
      ...one,
      body: communicationRequestSchema,
      response: withMessage(communicationSchema),
    },
    remove: { method: 'DELETE', path: `${base}:id`, ...one, response: doneSchema },
    reads: { method: 'GET', path: `${base}:id/reads`, ...one, response: envelope(readReceiptsSchema) },
  } as const;
};
const announcements = typeRoutes('announcements', 'announcement', 'daily_communication.announcements');
const homework = typeRoutes('homeworks', 'homework', 'daily_communication.homework');

/** Announcements and homework (paths of our design: /api/communication/{type}s/), their audience, the outbox. */
export const COMMUNICATION_ROUTES = routeTable({
  announcementList: announcements.list,
  announcementCreate: announcements.create,
  announcementGet: announcements.get,
  announcementUpdate: announcements.update,
  announcementDelete: announcements.remove,
  announcementReads: announcements.reads,
  /** Who an item would reach, asked before sending it. */
  communicationAudience: {
    method: 'GET',
    path: '/api/communication/audience/',
    access: 'staff',
    query: communicationAudienceQuerySchema,
    response: communicationAudienceResponseSchema,
  },
  homeworkList: homework.list,
  homeworkCreate: homework.create,
  homeworkGet: homework.get,
  homeworkUpdate: homework.update,
  homeworkDelete: homework.remove,
  homeworkReads: homework.reads,
  emailOutbox: {
    method: 'GET',
    path: '/api/email_outbox/',
    access: 'staff',
    permission: 'academic_setup.email_template_management',
    response: envelope(z.array(outboxEntrySchema)),
  },
});
