import { z } from 'zod';
import { abilitiesSchema, idSchema, requiredText } from '../common.js';

/*
 * Curriculum frameworks (issue 25): a framework's tree is area → aspect → statement, each with a code;
 * statements carry an age band in months. The product ships EYFS, a PYP-style framework and India's NEP
 * foundational stage, which every school reads and none edits (a school copies one to change it, or adds
 * its own areas, aspects and statements under it, which only it sees). Nothing is deleted: a node is
 * archived, and a statement that records are tagged with is versioned when its text changes (the old
 * version is archived and keeps its text for those records).
 */

export const CURRICULUM_MESSAGES = {
  frameworkCreated: 'Framework added',
  frameworkSaved: 'Framework saved',
  frameworkArchived: 'Framework archived',
  frameworkRestored: 'Framework restored',
  frameworkCopied: 'Framework copied: this copy is yours to edit',
  nodeCreated: 'Added to the framework',
  nodeSaved: 'Saved',
  statementVersioned: 'Saved as a new version: records tagged before keep the old wording',
  nodeArchived: 'Archived: records already tagged keep it',
  nodeRestored: 'Restored',
  orderSaved: 'Order saved',
  shippedReadOnly: "The product's frameworks cannot be changed: copy the framework, or add your own items to it",
  codeTaken: 'Another item of this framework already has this code',
  ageBand: 'The youngest age must not be above the oldest',
  frameworkInUse: 'A framework that a class uses cannot be archived',
  archivedParent: 'Restore the item above it first',
  parentKind: 'An aspect belongs to an area, a statement to an aspect',
  classFrameworksSaved: "The class's frameworks are saved",
  statementsOfClass: "Choose statements of the class's frameworks",
  importChecked: 'File checked: see what will be imported',
  imported: 'Framework imported',
  importFormat: 'Upload a CSV file with the columns of the template',
  importEmpty: 'The file has no statements to import',
  importInvalid: 'Correct the rows listed and upload the file again',
} as const;

export const CURRICULUM_NODE_KINDS = ['area', 'aspect', 'statement'] as const;
export type CurriculumNodeKind = (typeof CURRICULUM_NODE_KINDS)[number];

/** Ages in months (0 to 144): an early-years statement is for, e.g., 36 to 60 months. */
const months = z.number().int().min(0).max(144);
const code = z.string().trim().min(1).max(40);

export const curriculumFrameworkSchema = z.object({
  _id: idSchema,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  /** One of the product's frameworks (read only; every school sees it). */
  shipped: z.boolean(),
  archived: z.boolean(),
  area_count: z.number().int(),
  statement_count: z.number().int(),
  /** The school's classes that use it. */
  classes: z.array(z.object({ _id: idSchema, name: z.string() })),
  updated_at: z.string().nullable(),
  abilities: abilitiesSchema('edit', 'archive', 'copy', 'add'),
});
export type CurriculumFramework = z.infer<typeof curriculumFrameworkSchema>;

export const curriculumStatementSchema = z.object({
  _id: idSchema,
  aspect_id: idSchema,
  code: z.string(),
  text: z.string(),
  age_from_months: z.number().int().nullable(),
  age_to_months: z.number().int().nullable(),
  position: z.number().int(),
  /** 1 for the first wording; each change of a tagged statement's text makes the next. */
  version: z.number().int(),
  shipped: z.boolean(),
  archived: z.boolean(),
  /** The statement that replaced this version (when it was reworded). */
  replaced_by: idSchema.nullable(),
  /** How many observations, stories and units are tagged with it. */
  tagged: z.number().int(),
});
export type CurriculumStatement = z.infer<typeof curriculumStatementSchema>;

export const curriculumAspectSchema = z.object({
  _id: idSchema,
  area_id: idSchema,
  code: z.string(),
  name: z.string(),
  position: z.number().int(),
  shipped: z.boolean(),
  archived: z.boolean(),
  statements: z.array(curriculumStatementSchema),
});
export type CurriculumAspect = z.infer<typeof curriculumAspectSchema>;

export const curriculumAreaSchema = z.object({
  _id: idSchema,
  code: z.string(),
  name: z.string(),
  /** e.g. "Prime areas", "Specific areas", "Characteristics of Effective Learning". */
  group: z.string(),
  position: z.number().int(),
  shipped: z.boolean(),
  archived: z.boolean(),
  aspects: z.array(curriculumAspectSchema),
});
export type CurriculumArea = z.infer<typeof curriculumAreaSchema>;

export const curriculumTreeSchema = z.object({
  framework: curriculumFrameworkSchema,
  areas: z.array(curriculumAreaSchema),
});
export type CurriculumTree = z.infer<typeof curriculumTreeSchema>;

export const curriculumListQuerySchema = z.object({
  include_archived: z.enum(['true', 'false']).optional(),
});
export const curriculumTreeQuerySchema = curriculumListQuerySchema;

export const curriculumFrameworkRequestSchema = z.object({
  name: requiredText(120),
  code: code,
  description: z.string().trim().max(2000).optional(),
});
export type CurriculumFrameworkRequest = z.infer<typeof curriculumFrameworkRequestSchema>;

export const curriculumCopyRequestSchema = z.object({ name: requiredText(120), code: code });

const ageBand = {
  age_from_months: months.nullable().optional(),
  age_to_months: months.nullable().optional(),
};

/** A new area (no parent), aspect (parent: an area) or statement (parent: an aspect) of the framework. */
export const curriculumNodeCreateSchema = z.object({
  kind: z.enum(CURRICULUM_NODE_KINDS),
  parent_id: idSchema.nullable().optional(),
  code: code,
  /** The area's or aspect's name, or the statement's text. */
  name: requiredText(1000),
  /** Areas only: the heading the area is listed under. */
  group: z.string().trim().max(120).optional(),
  ...ageBand,
});
export type CurriculumNodeCreate = z.infer<typeof curriculumNodeCreateSchema>;

export const curriculumNodeUpdateSchema = z.object({
  kind: z.enum(CURRICULUM_NODE_KINDS),
  code: code,
  name: requiredText(1000),
  group: z.string().trim().max(120).optional(),
  ...ageBand,
});
export type CurriculumNodeUpdate = z.infer<typeof curriculumNodeUpdateSchema>;

export const curriculumNodeKindSchema = z.object({ kind: z.enum(CURRICULUM_NODE_KINDS) });

/** The new order of the children of one parent (areas of the framework when parent_id is null). */
export const curriculumOrderSchema = z.object({
  kind: z.enum(CURRICULUM_NODE_KINDS),
  parent_id: idSchema.nullable(),
  ids: z.array(idSchema).min(1).max(500),
});

export const CURRICULUM_CSV_COLUMNS = [
  'area_code',
  'area_name',
  'area_group',
  'aspect_code',
  'aspect_name',
  'statement_code',
  'statement_text',
  'age_from_months',
  'age_to_months',
] as const;

export const curriculumImportQuerySchema = z.object({
  name: requiredText(120),
  code: code,
  /** true: check the file and answer what would be imported, writing nothing. */
  dry_run: z.enum(['true', 'false']).optional(),
});

export const curriculumImportResultSchema = z.object({
  /** The framework made (null on a dry run or when a row is refused). */
  framework: curriculumFrameworkSchema.nullable(),
  areas: z.number().int(),
  aspects: z.number().int(),
  statements: z.number().int(),
  /** Every refused row: the file's line, the column and why. */
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), reason: z.string() })),
});
export type CurriculumImportResult = z.infer<typeof curriculumImportResultSchema>;

/** A class's frameworks, first the main one (the class's `class_curriculum`). */
export const classFrameworksRequestSchema = z.object({
  framework_ids: z.array(idSchema).max(6),
});

/** A statement as a tagged record shows it: archived and old versions keep their wording. */
export const statementRefSchema = z.object({
  _id: idSchema,
  code: z.string(),
  text: z.string(),
  version: z.number().int(),
  archived: z.boolean(),
  area: z.object({ _id: idSchema, code: z.string(), name: z.string() }),
  framework: z.object({ _id: idSchema, name: z.string() }),
});
export type StatementRef = z.infer<typeof statementRefSchema>;

/** What a class tags against: its frameworks' live trees (archived nodes left out). */
export const classCurriculumSchema = z.object({
  class_id: idSchema,
  frameworks: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      code: z.string(),
      areas: z.array(curriculumAreaSchema),
    }),
  ),
});
export type ClassCurriculum = z.infer<typeof classCurriculumSchema>;
