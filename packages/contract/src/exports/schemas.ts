import { z } from 'zod';
import { idSchema } from '../common.js';

export const EXPORT_KINDS = [
  'emergency_sheet',
  'weekly_plan',
  'report_cards',
  'library_labels',
  'invoice',
  'receipt',
  'family_data',
] as const;
export const EXPORT_LANGUAGES = ['en', 'ar', 'he'] as const;
export const EXPORT_MESSAGES = { started: 'The document is being prepared' } as const;

/** A document a job prepares: poll it until `status` is done, then open `file_link`. */
export const fileExportSchema = z.object({
  id: idSchema,
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  file_link: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type FileExport = z.infer<typeof fileExportSchema>;

export const emergencySheetRequestSchema = z.object({ language: z.enum(EXPORT_LANGUAGES).default('en') });
