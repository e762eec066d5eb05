import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, withMessage } from '../common.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';
import { auditPageSchema, auditQuerySchema } from './audit.js';
import {
  classCurriculumSchema,
  classFrameworksRequestSchema,
  curriculumCopyRequestSchema,
  curriculumFrameworkRequestSchema,
  curriculumFrameworkSchema,
  curriculumImportQuerySchema,
  curriculumImportResultSchema,
  curriculumListQuerySchema,
  curriculumNodeCreateSchema,
  curriculumNodeKindSchema,
  curriculumNodeUpdateSchema,
  curriculumOrderSchema,
  curriculumTreeQuerySchema,
  curriculumTreeSchema,
} from './curriculum.js';
import {
  emailPreviewRequestSchema,
  emailPreviewSchema,
  emailTemplateParamsSchema,
  emailTemplateRequestSchema,
  emailTemplateSchema,
  emailTemplateSummarySchema,
  userLanguageRequestSchema,
} from './email-templates.js';
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingQuerySchema,
  bookingRequestSchema,
  resourceBookingSchema,
  resourceRequestSchema,
  resourceSchema,
  schoolResourceQuerySchema,
} from './resources.js';
import {
  classDaysQuerySchema,
  classDaysSchema,
  dayScheduleListQuerySchema,
  dayScheduleRequestSchema,
  dayScheduleSchema,
} from './schedule.js';

export const CURRICULUM_EDITOR = 'academic_setup.curriculum' as const;
export const DAY_SCHEDULE_EDITOR = 'academic_setup.day_schedule' as const;
export const RESOURCE_MANAGER = 'academic_setup.resource_management' as const;
export const EMAIL_TEMPLATE_EDITOR = 'academic_setup.email_template_management' as const;

const framework = { params: byIdSchema, resource: 'curriculum_framework' } as const;
const node = { params: byIdSchema, resource: 'curriculum_node' } as const;
const schedule = { params: byIdSchema, resource: 'day_schedule' } as const;
const resource = { params: byIdSchema, resource: 'school_resource' } as const;
const booking = { params: byIdSchema, resource: 'resource_booking' } as const;
const classParams = { params: byIdSchema, resource: 'class' } as const;
const editor = { access: 'staff', permission: CURRICULUM_EDITOR } as const;

/**
 * The academic setup (issue 25): curriculum frameworks, the day schedule, resources and their bookings,
 * email templates, and the audit trail of each. Each is kept by holders of its academic_setup
 * permission; every member of staff reads their classes' frameworks and days and books resources.
 */
export const ACADEMIC_ROUTES = routeTable({
  // ------------------------------------------------------------------ curriculum
  curriculumList: {
    method: 'GET',
    path: '/api/curriculum/frameworks/',
    ...editor,
    query: curriculumListQuerySchema,
    response: envelope(z.array(curriculumFrameworkSchema)),
  },
  curriculumCreate: {
    method: 'POST',
    path: '/api/curriculum/frameworks/',
    ...editor,
    body: curriculumFrameworkRequestSchema,
    response: withMessage(curriculumFrameworkSchema),
  },
  curriculumGet: {
    method: 'GET',
    path: '/api/curriculum/frameworks/:id',
    ...editor,
    ...framework,
    query: curriculumTreeQuerySchema,
    response: envelope(curriculumTreeSchema),
  },
  curriculumUpdate: {
    method: 'PUT',
    path: '/api/curriculum/frameworks/:id',
    ...editor,
    ...framework,
    body: curriculumFrameworkRequestSchema,
    response: withMessage(curriculumFrameworkSchema),
  },
  curriculumArchive: {
    method: 'POST',
    path: '/api/curriculum/frameworks/:id/archive',
    ...editor,
    ...framework,
    response: withMessage(curriculumFrameworkSchema),
  },
  curriculumRestore: {
    method: 'POST',
    path: '/api/curriculum/frameworks/:id/restore',
    ...editor,
    ...framework,
    response: withMessage(curriculumFrameworkSchema),
  },
  curriculumCopy: {
    method: 'POST',
    path: '/api/curriculum/frameworks/:id/copy',
    ...editor,
    ...framework,
    body: curriculumCopyRequestSchema,
    response: withMessage(curriculumFrameworkSchema),
  },
  curriculumNodeCreate: {
    method: 'POST',
    path: '/api/curriculum/frameworks/:id/nodes',
    ...editor,
    ...framework,
    body: curriculumNodeCreateSchema,
    response: withMessage(curriculumTreeSchema),
  },
  curriculumOrder: {
    method: 'POST',
    path: '/api/curriculum/frameworks/:id/order',
    ...editor,
    ...framework,
    body: curriculumOrderSchema,
    response: withMessage(curriculumTreeSchema),
  },
  curriculumNodeUpdate: {
    method: 'PUT',
    path: '/api/curriculum/nodes/:id',
    ...editor,
    ...node,
    body: curriculumNodeUpdateSchema,
    response: withMessage(curriculumTreeSchema),
  },
  curriculumNodeArchive: {
    method: 'POST',
    path: '/api/curriculum/nodes/:id/archive',
    ...editor,
    ...node,
    body: curriculumNodeKindSchema,
    response: withMessage(curriculumTreeSchema),
  },
  curriculumNodeRestore: {
    method: 'POST',
    path: '/api/curriculum/nodes/:id/restore',
    ...editor,
    ...node,
    body: curriculumNodeKindSchema,
    response: withMessage(curriculumTreeSchema),
  },
  curriculumImport: {
    method: 'POST',
    path: '/api/curriculum/import/',
    ...editor,
    upload: 'file',
    query: curriculumImportQuerySchema,
    response: withMessage(curriculumImportResultSchema),
  },
  curriculumImportTemplate: {
    method: 'GET',
    path: '/api/curriculum/import/template',
    ...editor,
    response: FILE_RESPONSE,
  },
  /** The frameworks a class tags against, as live trees (any member of staff who reaches the class). */
  classCurriculum: {
    method: 'GET',
    path: '/api/curriculum/class/:id',
    access: 'staff',
    ...classParams,
    response: envelope(classCurriculumSchema),
  },
  /** Sets a class's frameworks (the first is its main one): curriculum editors and class managers. */
  classCurriculumUpdate: {
    method: 'PUT',
    path: '/api/curriculum/class/:id',
    access: 'staff',
    permission: [CURRICULUM_EDITOR, 'admin_portal.classes'],
    ...classParams,
    body: classFrameworksRequestSchema,
    response: withMessage(classCurriculumSchema),
  },

  // ------------------------------------------------------------------ day schedule
  dayScheduleList: {
    method: 'GET',
    path: '/api/day_schedules/',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    query: dayScheduleListQuerySchema,
    response: envelope(z.array(dayScheduleSchema)),
  },
  dayScheduleCreate: {
    method: 'POST',
    path: '/api/day_schedules/',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    body: dayScheduleRequestSchema,
    response: withMessage(dayScheduleSchema),
  },
  dayScheduleGet: {
    method: 'GET',
    path: '/api/day_schedules/:id',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    ...schedule,
    response: envelope(dayScheduleSchema),
  },
  dayScheduleUpdate: {
    method: 'PUT',
    path: '/api/day_schedules/:id',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    ...schedule,
    body: dayScheduleRequestSchema,
    response: withMessage(dayScheduleSchema),
  },
  dayScheduleArchive: {
    method: 'POST',
    path: '/api/day_schedules/:id/archive',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    ...schedule,
    response: withMessage(dayScheduleSchema),
  },
  dayScheduleRestore: {
    method: 'POST',
    path: '/api/day_schedules/:id/restore',
    access: 'staff',
    permission: DAY_SCHEDULE_EDITOR,
    ...schedule,
    response: withMessage(dayScheduleSchema),
  },
  /** A class's days (sessions, periods, breaks) between two dates: any member of staff who reaches the class. */
  classDays: {
    method: 'GET',
    path: '/api/day_schedules/class/:id',
    access: 'staff',
    ...classParams,
    query: classDaysQuerySchema,
    response: envelope(classDaysSchema),
  },

  // ------------------------------------------------------------------ resources
  schoolResourceList: {
    method: 'GET',
    path: '/api/school_resources/',
    access: 'staff',
    query: schoolResourceQuerySchema,
    response: envelope(z.array(resourceSchema)),
  },
  schoolResourceCreate: {
    method: 'POST',
    path: '/api/school_resources/',
    access: 'staff',
    permission: RESOURCE_MANAGER,
    body: resourceRequestSchema,
    response: withMessage(resourceSchema),
  },
  schoolResourceGet: {
    method: 'GET',
    path: '/api/school_resources/:id',
    access: 'staff',
    ...resource,
    response: envelope(resourceSchema),
  },
  schoolResourceUpdate: {
    method: 'PUT',
    path: '/api/school_resources/:id',
    access: 'staff',
    permission: RESOURCE_MANAGER,
    ...resource,
    body: resourceRequestSchema,
    response: withMessage(resourceSchema),
  },
  schoolResourceArchive: {
    method: 'POST',
    path: '/api/school_resources/:id/archive',
    access: 'staff',
    permission: RESOURCE_MANAGER,
    ...resource,
    response: withMessage(resourceSchema),
  },
  schoolResourceRestore: {
    method: 'POST',
    path: '/api/school_resources/:id/restore',
    access: 'staff',
    permission: RESOURCE_MANAGER,
    ...resource,
    response: withMessage(resourceSchema),
  },
  schoolResourceAvailability: {
    method: 'GET',
    path: '/api/school_resources/:id/availability',
    access: 'staff',
    ...resource,
    query: availabilityQuerySchema,
    response: envelope(availabilitySchema),
  },
  resourceBookingList: {
    method: 'GET',
    path: '/api/resource_bookings/',
    access: 'staff',
    query: bookingQuerySchema,
    response: envelope(z.array(resourceBookingSchema)),
  },
  resourceBookingCreate: {
    method: 'POST',
    path: '/api/resource_bookings/',
    access: 'staff',
    body: bookingRequestSchema,
    response: withMessage(resourceBookingSchema),
  },
  resourceBookingCancel: {
    method: 'POST',
    path: '/api/resource_bookings/:id/cancel',
    access: 'staff',
    ...booking,
    response: withMessage(resourceBookingSchema),
  },

  // ------------------------------------------------------------------ email templates
  emailTemplateList: {
    method: 'GET',
    path: '/api/email_templates/',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    response: envelope(z.array(emailTemplateSummarySchema)),
  },
  emailTemplateGet: {
    method: 'GET',
    path: '/api/email_templates/:key/:language',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    params: emailTemplateParamsSchema,
    response: envelope(emailTemplateSchema),
  },
  emailTemplateUpdate: {
    method: 'PUT',
    path: '/api/email_templates/:key/:language',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    params: emailTemplateParamsSchema,
    body: emailTemplateRequestSchema,
    response: withMessage(emailTemplateSchema),
  },
  /** Back to the product's default (the school's copy is removed; the change is audited). */
  emailTemplateReset: {
    method: 'DELETE',
    path: '/api/email_templates/:key/:language',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    params: emailTemplateParamsSchema,
    response: withMessage(emailTemplateSchema),
  },
  emailTemplatePreview: {
    method: 'POST',
    path: '/api/email_templates/:key/:language/preview',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    params: emailTemplateParamsSchema,
    body: emailPreviewRequestSchema,
    response: envelope(emailPreviewSchema),
  },
  /** Sends the draft (or the saved template) with the sample values to the caller's own email address. */
  emailTemplateTest: {
    method: 'POST',
    path: '/api/email_templates/:key/:language/test',
    access: 'staff',
    permission: EMAIL_TEMPLATE_EDITOR,
    params: emailTemplateParamsSchema,
    body: emailPreviewRequestSchema,
    response: doneSchema,
  },
  /** The language the person reads the app in: their emails are sent in it. */
  userLanguage: {
    method: 'PUT',
    path: '/api/user_language/',
    access: 'any',
    body: userLanguageRequestSchema,
    response: doneSchema,
  },

  // ------------------------------------------------------------------ audit
  /** The academic setup's changes the caller may see (each entity type by its own permission), newest first. */
  academicAudit: {
    method: 'GET',
    path: '/api/academic_setup/audit/',
    access: 'staff',
    permission: [
      CURRICULUM_EDITOR,
      DAY_SCHEDULE_EDITOR,
      RESOURCE_MANAGER,
      EMAIL_TEMPLATE_EDITOR,
      'management.admission',
      'management.hiring',
      'management.fee',
      'management.leave',
      'management.staff_attendance',
    ],
    query: auditQuerySchema,
    response: envelope(auditPageSchema),
  },
});
