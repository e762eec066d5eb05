import { z } from 'zod';
import { statementRefSchema } from '../academic/curriculum.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, hhmmaSchema, idSchema, pageOf } from '../common.js';
import { addDays } from '../dates.js';

/*
 * Planning (issue 22): units (and projects) per class with the fields of the class's framework, the
 * week's activities in the class's day, term plans on a timeline, the unit library (the product's global
 * one and the organization's), the resource library, and insights comparing what was planned with what
 * was observed. Days on the wire are the spec's DD-MM-YYYY and times its hh:mm A; field names are ours
 * (the spec names none).
 */

export const PLANNING_MESSAGES = {
  unitCreated: 'Unit created',
  unitSaved: 'Unit saved',
  unitDeleted: 'Unit deleted',
  unitMoved: 'Unit moved',
  unitCopied: 'Unit copied into the class',
  projectCreated: 'Project created',
  libraryCreated: 'Unit added to the library',
  librarySaved: 'Library unit saved',
  libraryArchived: 'Library unit archived',
  activityCreated: 'Activity added',
  activitySaved: 'Activity saved',
  activityDeleted: 'Activity deleted',
  weekCopied: 'Week copied',
  resourceCreated: 'Resource added',
  resourceSaved: 'Resource saved',
  resourceDeleted: 'Resource deleted',
  titleRequired: 'Give the unit a title',
  activityTitleRequired: 'Give the activity a title',
  classesRequired: 'Choose at least one class',
  endBeforeStart: 'The end date must be on or after the start date',
  endTimeBeforeStart: 'The end time must be after the start time',
  outsideClassDay: 'The class does not meet on that day',
  outsideClassHours: "The activity must fall within the class's day",
  holiday: 'That day is a holiday',
  editConflict: 'Someone else changed this while you were editing: review their change, then save yours again',
  globalReadOnly: 'Units of the global library cannot be changed: copy one into your classes instead',
  sameWeek: 'Choose another week to copy into',
  nothingToCopy: 'There is nothing planned in that week',
  resourceLinkRequired: 'Add a link for this resource',
  areasOfClass: "Choose learning areas of the class's framework",
  unitOfClass: 'Link the activity to a unit of the same class',
} as const;

export const UNIT_STATUSES = ['planned', 'running', 'done'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
/** A unit follows the class's framework; a project (project planning) is an emergent inquiry. */
export const UNIT_KINDS = ['unit', 'project'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
/** Which planner a unit shows: from the name of the class's curriculum (EYFS, PYP, else general). */
export const PLANNING_FRAMEWORKS = ['eyfs', 'pyp', 'general'] as const;
export type PlanningFramework = (typeof PLANNING_FRAMEWORKS)[number];

export const PYP_KEY_CONCEPTS = [
  'form',
  'function',
  'causation',
  'change',
  'connection',
  'perspective',
  'responsibility',
] as const;
export const LEARNER_PROFILE = [
  'inquirers',
  'knowledgeable',
  'thinkers',
  'communicators',
  'principled',
  'open_minded',
  'caring',
  'risk_takers',
  'balanced',
  'reflective',
] as const;
export const APPROACHES_TO_LEARNING = ['thinking', 'research', 'communication', 'social', 'self_management'] as const;

export const UNIT_TITLE_MAX = 200;
export const UNIT_TEXT_MAX = 5_000;
export const UNIT_ITEM_MAX = 500;
export const UNIT_LIST_MAX = 30;
export const ACTIVITY_DESCRIPTION_MAX = 2_000;
export const RESOURCE_TITLE_MAX = 200;
export const PLANNING_PAGE_SIZE = 30;

const text = z.string().max(UNIT_TEXT_MAX);
const list = z.array(z.string().trim().min(1).max(UNIT_ITEM_MAX)).max(UNIT_LIST_MAX);

/**
 * A unit's planner fields; which of them a planner shows depends on its framework and kind
 * (`UNIT_TEMPLATES`). The learning areas (EYFS areas and characteristics of effective learning, the PYP
 * transdisciplinary theme) are the unit's `area_ids`, so that insights can count them.
 */
export const unitFieldsSchema = z
  .object({
    // PYP-style
    central_idea: text,
    lines_of_inquiry: list,
    key_concepts: z.array(z.enum(PYP_KEY_CONCEPTS)).max(PYP_KEY_CONCEPTS.length),
    related_concepts: list,
    learner_profile: z.array(z.enum(LEARNER_PROFILE)).max(LEARNER_PROFILE.length),
    approaches_to_learning: z.array(z.enum(APPROACHES_TO_LEARNING)).max(APPROACHES_TO_LEARNING.length),
    learning_goals: list,
    success_criteria: list,
    provocations: text,
    learning_experiences: list,
    ongoing_assessment: text,
    action: text,
    teacher_reflections: text,
    student_reflections: text,
    // EYFS and general
    intentions: list,
    activities: list,
    resources: list,
    next_steps: text,
    // Projects
    driving_question: text,
    children_ideas: list,
    investigations: list,
    documentation: text,
  })
  .partial()
  .strict();
export type UnitFields = z.infer<typeof unitFieldsSchema>;
export type UnitFieldKey = keyof UnitFields;

/** The planner of each framework (and of a project): its fields in order; `areas` is where the area picker goes. */
export const UNIT_TEMPLATES: Record<PlanningFramework | 'project', readonly (UnitFieldKey | 'areas')[]> = {
  pyp: [
    'areas',
    'central_idea',
    'lines_of_inquiry',
    'key_concepts',
    'related_concepts',
    'learner_profile',
    'approaches_to_learning',
    'learning_goals',
    'success_criteria',
    'provocations',
    'learning_experiences',
    'ongoing_assessment',
    'action',
    'teacher_reflections',
    'student_reflections',
  ],
  eyfs: ['areas', 'intentions', 'activities', 'resources', 'next_steps'],
  general: ['areas', 'intentions', 'activities', 'resources', 'next_steps'],
  project: [
    'areas',
    'driving_question',
    'children_ideas',
    'provocations',
    'investigations',
    'documentation',
    'next_steps',
    'teacher_reflections',
  ],
};

/** The kind of each field (how the planner edits it). */
export const UNIT_FIELD_KINDS: Record<UnitFieldKey, 'text' | 'list' | 'choice'> = {
  central_idea: 'text',
  lines_of_inquiry: 'list',
  key_concepts: 'choice',
  related_concepts: 'list',
  learner_profile: 'choice',
  approaches_to_learning: 'choice',
  learning_goals: 'list',
  success_criteria: 'list',
  provocations: 'text',
  learning_experiences: 'list',
  ongoing_assessment: 'text',
  action: 'text',
  teacher_reflections: 'text',
  student_reflections: 'text',
  intentions: 'list',
  activities: 'list',
  resources: 'list',
  next_steps: 'text',
  driving_question: 'text',
  children_ideas: 'list',
  investigations: 'list',
  documentation: 'text',
};
export const UNIT_CHOICES = {
  key_concepts: PYP_KEY_CONCEPTS,
  learner_profile: LEARNER_PROFILE,
  approaches_to_learning: APPROACHES_TO_LEARNING,
} as const;

/** Which planner a curriculum's name asks for. */
export function frameworkOf(curriculumName: string | null | undefined): PlanningFramework {
  const name = (curriculumName ?? '').toUpperCase();
  if (name.includes('EYFS')) return 'eyfs';
  if (name.includes('PYP')) return 'pyp';
  return 'general';
}

export const TERM_NAMES = ['spring', 'summer', 'autumn'] as const;
export type TermName = (typeof TERM_NAMES)[number];

/** The school terms (January, May and September starts) that overlap the ISO days from..to, clipped to them. */
export function termsBetween(from: string, to: string): { name: TermName; start: string; end: string }[] {
  const out: { name: TermName; start: string; end: string }[] = [];
  const starts = ['01', '05', '09'] as const;
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    starts.forEach((month, i) => {
      const start = `${year}-${month}-01`;
      const next = i < 2 ? `${year}-${starts[i + 1]}-01` : `${year + 1}-01-01`;
      const end = addDays(next, -1);
      if (end < from || start > to) return;
      out.push({ name: TERM_NAMES[i] ?? 'spring', start: start < from ? from : start, end: end > to ? to : end });
    });
  }
  return out;
}

const ref = z.object({ _id: idSchema, name: z.string() });
export const planningAreaSchema = z.object({
  _id: idSchema,
  code: z.string(),
  name: z.string(),
  group: z.string(),
  curriculum: z.string(),
});
export type PlanningArea = z.infer<typeof planningAreaSchema>;
export const resourceRefSchema = z.object({
  _id: idSchema,
  title: z.string(),
  kind: z.string(),
  url: z.string().nullable(),
});

export const unitSchema = z.object({
  _id: idSchema,
  kind: z.enum(UNIT_KINDS),
  framework: z.enum(PLANNING_FRAMEWORKS),
  title: z.string(),
  status: z.enum(UNIT_STATUSES),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  classes: z.array(ref),
  areas: z.array(planningAreaSchema),
  /** Tagged statements by framework, area code and statement code (archived ones keep their wording). */
  statements: z.array(statementRefSchema),
  fields: unitFieldsSchema,
  resources: z.array(resourceRefSchema),
  /** Copied from the library: the original, the version copied and the library's version now. */
  source: z
    .object({
      _id: idSchema,
      title: z.string(),
      scope: z.enum(['global', 'organization']),
      version: z.number().int(),
      latest_version: z.number().int(),
    })
    .nullable(),
  /** Increases with every saved change; a change is sent with the version it was made on. */
  version: z.number().int(),
  /** The version at which each field (and `title`, `status`, `dates`, `classes`, `areas`, `resources`) last changed. */
  field_versions: z.record(z.string(), z.number().int()),
  activity_count: z.number().int(),
  created_by: ref,
  updated_by: ref,
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitPageSchema = pageOf(unitSchema);
export type UnitPage = z.infer<typeof unitPageSchema>;

export const unitListQuerySchema = z.object({
  class_id: idSchema.optional(),
  kind: z.enum(UNIT_KINDS).optional(),
  status: z.enum(UNIT_STATUSES).optional(),
  /** Units overlapping these days. */
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** PLANNING_PAGE_SIZE when not given. */
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursorSchema.optional(),
});
export type UnitListQuery = z.infer<typeof unitListQuerySchema>;

export const unitCreateSchema = z.object({
  kind: z.enum(UNIT_KINDS).default('unit'),
  title: z.string().trim().max(UNIT_TITLE_MAX).default(''),
  class_ids: z.array(idSchema).max(20).default([]),
  status: z.enum(UNIT_STATUSES).default('planned'),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  area_ids: z.array(idSchema).max(40).default([]),
  /** Statements of the classes' frameworks the unit plans for. */
  statement_ids: z.array(idSchema).max(50).optional(),
  resource_ids: z.array(idSchema).max(40).default([]),
  fields: unitFieldsSchema.default({}),
});
export type UnitCreate = z.infer<typeof unitCreateSchema>;

/**
 * A change to a unit: only what the editor changed, made on `base_version`. Changes to fields nobody else
 * changed since that version are saved whatever others did meanwhile; a field someone else changed since
 * is refused with 409 EDIT_CONFLICT naming it (nothing of the request is saved).
 */
export const unitChangeSchema = z.object({
  base_version: z.number().int().min(1),
  title: z.string().trim().max(UNIT_TITLE_MAX).optional(),
  status: z.enum(UNIT_STATUSES).optional(),
  start_date: ddmmyyyySchema.optional(),
  end_date: ddmmyyyySchema.optional(),
  class_ids: z.array(idSchema).max(20).optional(),
  area_ids: z.array(idSchema).max(40).optional(),
  /** The whole set of tagged statements (absent: unchanged). */
  statement_ids: z.array(idSchema).max(50).optional(),
  resource_ids: z.array(idSchema).max(40).optional(),
  fields: unitFieldsSchema.optional(),
});
export type UnitChange = z.infer<typeof unitChangeSchema>;

/** Moving a unit to start on another day: its activities move by as many school days. */
export const unitMoveSchema = z.object({ start_date: ddmmyyyySchema });
export const unitMovePreviewSchema = z.object({
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  /** Calendar days the unit moves by (negative: earlier). */
  shift_days: z.number().int(),
  activities: z.array(
    z.object({
      _id: idSchema,
      title: z.string(),
      from: ddmmyyyySchema,
      to: ddmmyyyySchema,
      /** Why it lands on another day than the plain shift: a holiday or a day the class does not meet. */
      adjusted: z.enum(['holiday', 'closed_day']).nullable(),
    }),
  ),
});
export type UnitMovePreview = z.infer<typeof unitMovePreviewSchema>;

/** One activity of a class's day, placed in the class's hours, possibly of a unit and with resources. */
export const planActivitySchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  date: ddmmyyyySchema,
  start_time: hhmmaSchema,
  end_time: hhmmaSchema,
  title: z.string(),
  description: z.string(),
  unit: ref.nullable(),
  areas: z.array(planningAreaSchema),
  resources: z.array(resourceRefSchema),
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit'),
});
export type PlanActivity = z.infer<typeof planActivitySchema>;

export const planActivityRequestSchema = z.object({
  class_id: idSchema,
  date: ddmmyyyySchema,
  start_time: hhmmaSchema,
  end_time: hhmmaSchema,
  title: z.string().trim().max(UNIT_TITLE_MAX).default(''),
  description: z.string().trim().max(ACTIVITY_DESCRIPTION_MAX).default(''),
  unit_id: idSchema.nullable().default(null),
  area_ids: z.array(idSchema).max(40).default([]),
  resource_ids: z.array(idSchema).max(40).default([]),
});
export type PlanActivityRequest = z.infer<typeof planActivityRequestSchema>;

export const weekQuerySchema = z.object({
  /** Any day of the week (default: this week). */
  week: ddmmyyyySchema.optional(),
});
export const weeklyPlanSchema = z.object({
  class: z.object({
    _id: idSchema,
    name: z.string(),
    framework: z.enum(PLANNING_FRAMEWORKS),
    start_time: hhmmaSchema,
    end_time: hhmmaSchema,
  }),
  /** The Monday of the week. */
  week_start: ddmmyyyySchema,
  days: z.array(
    z.object({
      date: ddmmyyyySchema,
      weekday: z.string(),
      /** The class meets that weekday. */
      open: z.boolean(),
      /** The holiday's title, when the day is one. */
      holiday: z.string().nullable(),
      activities: z.array(planActivitySchema),
    }),
  ),
  /** Units of the class running in (overlapping) the week. */
  units: z.array(ref.extend({ status: z.enum(UNIT_STATUSES) })),
  areas: z.array(planningAreaSchema),
  abilities: abilitiesSchema('can_edit'),
});
export type WeeklyPlan = z.infer<typeof weeklyPlanSchema>;

export const weekCopySchema = z.object({ from_week: ddmmyyyySchema, to_week: ddmmyyyySchema });
export const weekCopyResultSchema = z.object({
  copied: z.number().int(),
  skipped: z.array(z.object({ title: z.string(), date: ddmmyyyySchema, reason: z.enum(['holiday', 'closed_day']) })),
});
export type WeekCopyResult = z.infer<typeof weekCopyResultSchema>;
export const weekPdfRequestSchema = z.object({
  week: ddmmyyyySchema,
  language: z.enum(['en', 'ar', 'he']).default('en'),
});

export const termPlanQuerySchema = z.object({
  /** Any day of the academic year to show (default: today's). */
  date: ddmmyyyySchema.optional(),
});
export const termPlanSchema = z.object({
  class: ref,
  year_start: ddmmyyyySchema,
  year_end: ddmmyyyySchema,
  terms: z.array(z.object({ name: z.enum(TERM_NAMES), start: ddmmyyyySchema, end: ddmmyyyySchema })),
  units: z.array(
    ref.extend({
      kind: z.enum(UNIT_KINDS),
      status: z.enum(UNIT_STATUSES),
      start_date: ddmmyyyySchema,
      end_date: ddmmyyyySchema,
      activity_count: z.number().int(),
      areas: z.array(planningAreaSchema),
      version: z.number().int(),
    }),
  ),
  abilities: abilitiesSchema('can_edit'),
});
export type TermPlan = z.infer<typeof termPlanSchema>;

export const LIBRARY_SCOPES = ['global', 'organization'] as const;
export const libraryUnitSchema = z.object({
  _id: idSchema,
  scope: z.enum(LIBRARY_SCOPES),
  kind: z.enum(UNIT_KINDS),
  framework: z.enum(PLANNING_FRAMEWORKS),
  title: z.string(),
  summary: z.string(),
  age_range: z.string(),
  weeks: z.number().int(),
  areas: z.array(planningAreaSchema),
  fields: unitFieldsSchema,
  version: z.number().int(),
  /** How many units of the organization's classes were copied from it. */
  copies: z.number().int(),
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_copy'),
});
export type LibraryUnit = z.infer<typeof libraryUnitSchema>;
export const libraryUnitPageSchema = pageOf(libraryUnitSchema);
export const libraryQuerySchema = z.object({
  scope: z.enum(LIBRARY_SCOPES).optional(),
  framework: z.enum(PLANNING_FRAMEWORKS).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** PLANNING_PAGE_SIZE when not given. */
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursorSchema.optional(),
});
export const libraryUnitRequestSchema = z.object({
  kind: z.enum(UNIT_KINDS).default('unit'),
  framework: z.enum(PLANNING_FRAMEWORKS),
  title: z.string().trim().max(UNIT_TITLE_MAX).default(''),
  summary: z.string().trim().max(UNIT_TEXT_MAX).default(''),
  age_range: z.string().trim().max(60).default(''),
  weeks: z.number().int().min(1).max(52).default(4),
  area_ids: z.array(idSchema).max(40).default([]),
  fields: unitFieldsSchema.default({}),
});
export type LibraryUnitRequest = z.infer<typeof libraryUnitRequestSchema>;
/** Copy a library unit into classes, starting on a day (it runs for the library unit's weeks). */
export const libraryCopySchema = z.object({
  class_ids: z.array(idSchema).min(1).max(20),
  start_date: ddmmyyyySchema,
});
/** Publish a class's unit to the organization's library. */
export const libraryPublishSchema = z.object({ unit_id: idSchema });

export const RESOURCE_KINDS = ['file', 'link', 'video', 'book'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const planningResourceSchema = z.object({
  _id: idSchema,
  kind: z.enum(RESOURCE_KINDS),
  title: z.string(),
  description: z.string(),
  /** A link, a video's address, or the signed link of an uploaded file. */
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  author: z.string(),
  tags: z.array(z.string()),
  areas: z.array(planningAreaSchema),
  /** Ages in months the resource suits (null: any). */
  age_from_months: z.number().int().nullable(),
  age_to_months: z.number().int().nullable(),
  /** Units and activities using it. */
  uses: z.number().int(),
  created_by: ref,
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type PlanningResource = z.infer<typeof planningResourceSchema>;
export const planningResourcePageSchema = pageOf(planningResourceSchema);
export const resourceQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(RESOURCE_KINDS).optional(),
  tag: z.string().trim().max(60).optional(),
  area_id: idSchema.optional(),
  /** A child's age in months: resources suited to it. */
  age_months: z.coerce.number().int().min(0).max(240).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** PLANNING_PAGE_SIZE when not given. */
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursorSchema.optional(),
});
export const planningResourceRequestSchema = z.object({
  kind: z.enum(RESOURCE_KINDS),
  title: z.string().trim().max(RESOURCE_TITLE_MAX).default(''),
  description: z.string().trim().max(ACTIVITY_DESCRIPTION_MAX).default(''),
  url: z.string().trim().max(2000).nullable().default(null),
  author: z.string().trim().max(200).default(''),
  tags: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  area_ids: z.array(idSchema).max(40).default([]),
  age_from_months: z.number().int().min(0).max(240).nullable().default(null),
  age_to_months: z.number().int().min(0).max(240).nullable().default(null),
});
export type PlanningResourceRequest = z.infer<typeof planningResourceRequestSchema>;

export const planningInsightsQuerySchema = z.object({
  class_id: idSchema,
  /** Default: the term so far. */
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
});
export type PlanningInsightsQuery = z.infer<typeof planningInsightsQuerySchema>;
export const AREA_COVERAGE = ['planned_and_evidenced', 'planned_not_evidenced', 'evidenced_not_planned', 'neither'] as const;
export const planningInsightsSchema = z.object({
  class: ref,
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  totals: z.object({
    units: z.number().int(),
    activities: z.number().int(),
    observations: z.number().int(),
    stories: z.number().int(),
    areas_planned: z.number().int(),
    areas_evidenced: z.number().int(),
  }),
  areas: z.array(
    planningAreaSchema.extend({
      planned_units: z.number().int(),
      planned_activities: z.number().int(),
      observations: z.number().int(),
      stories: z.number().int(),
      coverage: z.enum(AREA_COVERAGE),
    }),
  ),
  children: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      observations: z.number().int(),
      /** Area id → observations and stories of the child in it. */
      by_area: z.record(z.string(), z.number().int()),
      /** Planned areas with no evidence of this child. */
      planned_missing: z.number().int(),
    }),
  ),
  units: z.array(
    ref.extend({
      status: z.enum(UNIT_STATUSES),
      start_date: ddmmyyyySchema,
      end_date: ddmmyyyySchema,
      /** Share of the unit's days gone by (0-100). */
      elapsed: z.number().int(),
      activities: z.number().int(),
      activities_done: z.number().int(),
      /** Observations and stories in the unit's areas and dates. */
      evidence: z.number().int(),
    }),
  ),
});
export type PlanningInsights = z.infer<typeof planningInsightsSchema>;

/** A unit changed: told to the staff of its classes, so an open planner takes others' changes in. */
export const UNIT_UPDATED_EVENT = 'unit-updated';
export const unitUpdatedEventSchema = z.object({
  _id: idSchema,
  version: z.number().int(),
  /** The keys changed (`title`, `status`, `dates`, `classes`, `areas`, `resources`, or a field). */
  changed: z.array(z.string()),
  by: ref,
});
export type UnitUpdatedEvent = z.infer<typeof unitUpdatedEventSchema>;
