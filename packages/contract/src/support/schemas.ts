import { z } from 'zod';
import { safeLinkSchema } from '../common.js';
import { mediaLinkSchema } from '../platform/schemas.js';

// Maintenance (spec sections 3, 4, 8): a window during which the whole app is replaced.
export const maintenanceStatusSchema = z.object({
  status: z.enum(['active', 'inactive']),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
export const setMaintenanceRequestSchema = z
  .object({
    enabled: z.boolean(),
    start_time: z.string().datetime({ offset: true }).nullable().optional(),
    end_time: z.string().datetime({ offset: true }).nullable().optional(),
  })
  .refine((v) => !v.start_time || !v.end_time || v.start_time < v.end_time, {
    message: 'The end must come after the start',
    path: ['end_time'],
  });

export const uploadConstraintSchema = z.object({
  max_image_size: z.number().int(),
  max_video_size: z.number().int(),
  max_doc_size: z.number().int(),
  total_media: z.number().int(),
});
export const uploadedMediaSchema = z.object({
  id: z.string(),
  media_link: z.string(),
  kind: z.enum(['image', 'video', 'document', 'audio']),
  name: z.string(),
  size: z.number().int(),
});

// Bug reports (spec sections 3, 5, 8).
export const BUG_REPORT_MESSAGES = {
  describe: 'Please describe the issue',
  success: 'Issue reported successfully',
  failure: 'Error while reporting the issue',
  screenshotFailed: 'Failed to capture screenshot, please try again',
  imagesFailed: 'Error while processing images',
} as const;
export const bugReportRequestSchema = z.object({
  /** The page the person was on (an http(s) address or a path of the app), shown to platform admins as a link. */
  url: safeLinkSchema,
  summary: z.string().trim().min(1, BUG_REPORT_MESSAGES.describe).max(5000),
  media: z
    .array(z.object({ media_link: mediaLinkSchema() }))
    .max(10)
    .default([]),
});
export const bugReportSchema = z.object({
  id: z.string(),
  url: z.string(),
  summary: z.string(),
  media: z.array(z.object({ media_link: z.string() })),
  reporter: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), kind: z.string() }),
  school: z.object({ id: z.string(), name: z.string() }).nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
