import { z } from 'zod';

/*
 * Data protection (issue 30): a family's copy of everything the school holds about their child, the
 * erasure of that data on request (keeping the records the law requires), and the school's retention
 * settings for media and logs.
 */

export const PRIVACY_MESSAGES = {
  exportStarted: "Your child's data is being prepared",
  erased: "The child's data was erased",
  retentionSaved: 'Retention settings saved',
  stillEnrolled: "The child has not left yet: set a leaving date of today or earlier before erasing the child's data",
  nameMismatch: "Type the child's full name exactly as it is shown to confirm",
  alreadyErased: "This child's data has already been erased",
} as const;

/**
 * What an erasure deletes (the child's classes too): everything about the child that no law requires the school to keep. Shown
 * to the admin, with how many of each, before they confirm.
 */
export const ERASED_CATEGORIES = [
  'profile',
  'health',
  'contacts',
  'consents',
  'observations',
  'care_diary',
  'media',
  'stories',
  'assessment',
  'messages',
  'library',
  'pickups',
  'face_data',
] as const;

/**
 * What an erasure keeps, as early-years settings must: the attendance register and absences, accidents
 * and incidents, medicines given, collections, fees and invoices, and the admission. The child's name
 * stays on them; nothing else about the child does.
 */
export const KEPT_CATEGORIES = ['attendance', 'incidents', 'medicines', 'collections', 'fees', 'admission', 'logs'] as const;

export type ErasedCategory = (typeof ERASED_CATEGORIES)[number];
export type KeptCategory = (typeof KEPT_CATEGORIES)[number];

/** The child's data by category, before or after an erasure. */
export const erasureSchema = z.object({
  student_id: z.string(),
  /** The child's full name, as the admin types it to confirm. */
  name: z.string(),
  /** Whether the child has not left yet (no leaving date of today or earlier): then it cannot be erased. */
  enrolled: z.boolean(),
  /** When the data was erased (ISO), or null. */
  erased_at: z.string().nullable(),
  erased: z.array(z.object({ category: z.enum(ERASED_CATEGORIES), count: z.number().int() })),
  kept: z.array(z.object({ category: z.enum(KEPT_CATEGORIES), count: z.number().int() })),
});
export type Erasure = z.infer<typeof erasureSchema>;

export const erasureRequestSchema = z.object({
  /** The child's full name, typed again: an erasure cannot be undone. */
  confirm_name: z.string().trim().min(1).max(200),
  /** Why (the family's request, its date): kept in the audit log. */
  reason: z.string().trim().max(500).optional(),
});

/** Months: at least one, at most twenty years. */
const months = z.number().int().min(1).max(240).nullable();

export const retentionUpdateSchema = z.object({
  /** Photos and videos older than this many months are deleted; null keeps them. */
  media_months: months,
  /** Log entries (the audit log, Cue's log, safeguarding openings, medical and face-data reads) older than this; null keeps them. */
  log_months: months,
});

export const retentionSchema = retentionUpdateSchema.extend({
  /** When the settings were last applied (ISO), or null. */
  last_run_at: z.string().nullable(),
  /** What that run deleted. */
  last_run: z.object({ media: z.number().int(), logs: z.number().int() }).nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;
