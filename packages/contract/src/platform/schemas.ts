import { z } from 'zod';

export const healthResponseSchema = z.object({ result: z.object({ status: z.literal('ok') }) });
export const readyResponseSchema = z.object({
  result: z.object({ status: z.literal('ready'), database: z.literal('ok'), uptime_seconds: z.number().int() }),
});

// Upload constraints (spec section 3), in bytes.
export const UPLOAD_LIMITS = {
  max_image_size: 10 * 1024 * 1024,
  max_video_size: 100 * 1024 * 1024,
  max_doc_size: 20 * 1024 * 1024,
  total_media: 10,
} as const;
/**
 * A link to a stored file, as a request names it: links handed out for private files carry a signature
 * (`?exp=…&sig=…`, decision 6), which is dropped, so records keep the file's own path.
 */
export const mediaLinkSchema = (message = 'Attach files uploaded to this app') =>
  z
    .string()
    .max(1000)
    .regex(/^\/media\//, message)
    .transform((link) => link.split('?')[0] ?? link);
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
] as const;
