import { z } from 'zod';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, hhmmaSchema, httpUrlSchema, idSchema } from '../common.js';
import type { RolePermission } from '../permissions.js';
import { mediaLinkSchema } from '../platform/schemas.js';

export const COMMUNICATION_TYPES = ['announcement', 'homework'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
export const TITLE_MAX = 200;

/**
 * The rich text an announcement may hold: the server's sanitiser keeps only these tags and link
 * schemes, and the web app rebuilds stored text from the same list.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'code',
  'pre',
  'hr',
  'span',
] as const;
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const COMMUNICATION_MESSAGES = {
  draft: 'Announcement Saved As Draft!',
  scheduled: 'Announcement Scheduled!',
  sent: 'Announcement Sent!',
  published: 'Published',
  creating: 'Creating announcement...',
  cannotEditPublished: 'A published announcement cannot be edited',
  scheduleInPast: 'The scheduled time must be in the future',
  titleRequired: 'Give a title before sending or scheduling',
  classesRequired: 'Choose at least one class',
} as const;

export const communicationRequestSchema = z.object({
  title: z.string().trim().max(TITLE_MAX, `The title can be ${TITLE_MAX} characters at most`).default(''),
  /** Rich text (HTML); sanitised by the server. */
  summary: z.string().max(50_000).default(''),
  share_with: z.enum(['Everyone', 'Classes']).default('Everyone'),
  classes_ids: z.array(idSchema).max(200).default([]),
  send_email: z.boolean().default(false),
  save_as_draft: z.boolean().default(false),
  schedule_later: z.boolean().default(false),
  date: ddmmyyyySchema.optional(),
  time: hhmmaSchema.optional(),
  /** Uploaded files (POST /api/media/) to attach. */
  announcement_media: z
    .array(z.object({ media_link: mediaLinkSchema() }))
    .max(10)
    .default([]),
  /** A web link (http or https only: never javascript:, data: or the like). */
  file_link: httpUrlSchema.nullable().optional(),
  /** Homework only. */
  due_date: ddmmyyyySchema.nullable().optional(),
});
export type CommunicationRequest = z.infer<typeof communicationRequestSchema>;

export const communicationSchema = z.object({
  _id: idSchema,
  id: idSchema,
  type: z.enum(COMMUNICATION_TYPES),
  title: z.string(),
  summary: z.string(),
  share_with: z.enum(['Everyone', 'Classes']),
  send_email: z.boolean(),
  save_as_draft: z.boolean(),
  schedule_later: z.boolean(),
  date: ddmmyyyySchema.nullable(),
  time: z.string().nullable(),
  classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
  classes_ids: z.array(idSchema),
  announcement_media: z.array(z.object({ media_link: z.string(), name: z.string(), kind: z.string() })),
  file_link: z.string().nullable(),
  due_date: ddmmyyyySchema.nullable(),
  created_by: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  published_at: z.string().nullable(),
  status: z.enum(['draft', 'scheduled', 'published']),
  is_saved: z.boolean(),
  is_published: z.boolean(),
  /** Whether the caller may edit it (creator or access_others_announcement; published ones no more). */
  can_edit: z.boolean(),
  /** What the caller may do with it: edit it (as `can_edit`), delete it (creator or access_others_announcement). */
  abilities: abilitiesSchema('can_edit', 'can_delete'),
  read: z.boolean().optional(),
});
export type Communication = z.infer<typeof communicationSchema>;

export const communicationListQuerySchema = z.object({
  class_id: idSchema.optional(),
  status: z.enum(['draft', 'scheduled', 'published']).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorSchema.optional(),
});

export const readReceiptsSchema = z.object({
  read: z.array(z.object({ id: idSchema, first_name: z.string(), last_name: z.string(), read_at: z.string() })),
  not_read: z.array(z.object({ id: idSchema, first_name: z.string(), last_name: z.string() })),
});

/**
 * GET /api/communication/audience/: who an announcement or homework would reach if sent now, asked by
 * the editor's confirmation before it sends. `classes_ids`: comma-separated (share_with Classes).
 */
export const communicationAudienceQuerySchema = z.object({
  share_with: z.enum(['Everyone', 'Classes']).default('Everyone'),
  classes_ids: z
    .string()
    .max(200 * 25)
    .default('')
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(z.array(idSchema).max(200)),
});
export const communicationAudienceSchema = z.object({
  /** Parents with an account, each once, of the children of those classes. */
  families: z.number().int(),
  children: z.number().int(),
  classes: z.array(z.object({ id: idSchema, class_name: z.string() })),
});
export type CommunicationAudience = z.infer<typeof communicationAudienceSchema>;
/** An email written to the outbox (no SMTP configured): what the school's staff can read back. */
export const outboxEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  school_id: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const communicationAudienceResponseSchema = z.object({ result: communicationAudienceSchema });

export const COMMUNICATION_PUBLISHED_EVENT = 'communication-published';

/** The role permission that lets staff manage announcements and homework created by others. */
export const ACCESS_OTHERS_ANNOUNCEMENT = 'daily_communication.access_others_announcement' satisfies RolePermission;

/**
 * Edit and delete of an announcement or homework (spec sections 5 and 6): its creator, or holders of
 * daily_communication.access_others_announcement. Staff only. The server enforces it; the web app
 * hides the buttons by the same rule.
 */
export const canManageCommunication = (
  caller: { kind: 'staff' | 'parent'; userId: string },
  createdBy: string,
  rolePermissions: ReadonlySet<RolePermission> | readonly RolePermission[],
): boolean =>
  caller.kind === 'staff' &&
  (createdBy === caller.userId || new Set<RolePermission>(rolePermissions).has(ACCESS_OTHERS_ANNOUNCEMENT));
