import { z } from 'zod';

// Import
export const importKindSchema = z.enum(['students', 'staff']);
export type ImportKind = z.infer<typeof importKindSchema>;
export const importRowProblemSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export const importPreviewSchema = z.object({
  kind: importKindSchema,
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  problems: z.array(importRowProblemSchema),
  rows: z.array(z.record(z.string(), z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
/** What an import wrote: rows imported, parents made and given a child (students), accounts made (staff). */
export const importCommitSchema = z.object({
  imported: z.number().int(),
  parents_created: z.number().int(),
  parents_linked: z.number().int(),
  accounts_created: z.number().int().optional(),
});
export type ImportCommitResult = z.infer<typeof importCommitSchema>;
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  students: [
    'first_name',
    'last_name',
    'class_name',
    'parent_first_name',
    'parent_last_name',
    'parent_phone',
    'parent_email',
    'parent_relation',
    'date_of_birth',
    'allergies',
    'emergency_contact_name',
    'emergency_contact_phone',
    'emergency_contact_relationship',
    'consents',
  ],
  staff: ['first_name', 'last_name', 'phone', 'email', 'role', 'class_names'],
};
export const IMPORT_MAX_ROWS = 5000;
