import { z } from 'zod';
import { statementRefSchema } from '../academic/curriculum.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema, pageOf, requiredText } from '../common.js';
import { EXPORT_LANGUAGES } from '../exports/schemas.js';

/*
 * Assessment (issue 23): assessment periods (terms an admin locks), the gradebook (tasks, categories,
 * grade scales, grades linked to evidence), the holistic progress card of NEP 2020's foundational stage
 * (PARAKH's template), feedback forms (parent, peer, self), reflections, the child's whole record for
 * staff, and report cards (templates, a set per class and period, comments drafted from evidence only,
 * the report check, PDFs in en/ar/he, shared with families). Days on the wire are the spec's DD-MM-YYYY;
 * paths and field names are ours (the spec names none).
 */

export const ASSESSMENT_MESSAGES = {
  periodCreated: 'Assessment period created',
  periodSaved: 'Assessment period saved',
  periodLocked: 'Period locked',
  periodUnlocked: 'Period unlocked',
  scaleCreated: 'Grade scale created',
  scaleSaved: 'Grade scale saved',
  scaleArchived: 'Grade scale archived',
  categoryCreated: 'Category created',
  categorySaved: 'Category saved',
  categoryDeleted: 'Category deleted',
  taskCreated: 'Assessment task created',
  taskSaved: 'Assessment task saved',
  taskDeleted: 'Assessment task deleted',
  gradesSaved: 'Grades saved',
  cardSaved: 'Progress card saved',
  formCreated: 'Feedback form created',
  formSaved: 'Feedback form saved',
  formDeleted: 'Feedback form deleted',
  responseSaved: 'Thank you, your answers were saved',
  reflectionCreated: 'Reflection added',
  reflectionSaved: 'Reflection saved',
  reflectionDeleted: 'Reflection deleted',
  templateCreated: 'Report template created',
  templateSaved: 'Report template saved',
  templateArchived: 'Report template archived',
  reportSetCreated: 'Report cards created for the class',
  reportSaved: 'Report saved',
  reportDrafted: 'Comments drafted from the evidence',
  reportSetLocked: 'Report cards locked: the PDFs are being prepared',
  reportSetUnlocked: 'Report cards unlocked',
  reportSetShared: 'Report cards shared with families',
  // refusals
  periodLockedRefusal: 'This assessment period is locked: ask an admin to unlock it',
  endBeforeStart: 'The end date must be on or after the start date',
  periodOverlap: 'The period overlaps another assessment period',
  gradeNotOnScale: "That grade is not on the task's scale",
  gradeOutOfRange: "The points must be between 0 and the scale's maximum",
  weightsOverHundred: 'Category weights cannot add up to more than 100',
  categoryOfClass: 'Choose a category of the same class',
  scaleInUse: 'The scale is used by assessment tasks',
  notInPeriod: 'The date falls outside the assessment period',
  evidenceOfChild: 'Evidence must be a record of the same child',
  formClosed: 'This feedback form is closed',
  questionsRequired: 'Add at least one question',
  answerRequired: 'Answer the required questions',
  reportLocked: 'These report cards are locked: unlock them to change a comment',
  reportNotLocked: 'Lock the report cards before sharing them',
  reportNotReady: 'The PDFs are still being prepared',
  reportAlreadyExists: 'The class already has report cards for this period',
  signOffEmpty: 'Write the comment before signing it off',
  nothingToDraft: 'There is no recorded evidence for this child in the period',
  formStaysInPeriod: 'period_id: a form with answers stays in its period',
  ownRecording: 'answers: attach a recording you uploaded',
  maxPointsRequired: 'Give the highest mark of the scale',
  levelsRequired: 'Add the levels of the scale',
  levelCodesUnique: 'Each level needs its own code',
  scaleOfSchool: 'Choose a grade scale of the school',
  areaOfClass: "Choose a learning area of the class's curriculum",
  scaleHasGrades: 'The task has grades on its scale: clear them before changing it',
  childOfReflection: 'Choose the child whose reflection it is',
  unitOfClass: 'Choose a unit of the class',
  schoolFiles: 'media: attach files uploaded to this school',
  commentAreas: "comments: only the class's learning areas",
  signOffAreas: "sign_off: only the class's learning areas",
  draftAreas: "area_ids: only the class's learning areas",
  sharedStaysLocked: 'Report cards shared with families cannot be unlocked',
} as const;

// ---------------------------------------------------------------- periods

export const assessmentPeriodSchema = z.object({
  _id: idSchema,
  name: z.string(),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
  locked: z.boolean(),
  locked_at: z.string().nullable(),
  locked_by: z.string().nullable(),
  /** The period that holds today. */
  current: z.boolean(),
  abilities: abilitiesSchema('can_edit', 'can_lock'),
});
export type AssessmentPeriod = z.infer<typeof assessmentPeriodSchema>;
export const assessmentPeriodRequestSchema = z.object({
  name: requiredText(80),
  start_date: ddmmyyyySchema,
  end_date: ddmmyyyySchema,
});
export const periodQuerySchema = z.object({ period_id: idSchema.optional() });

// ---------------------------------------------------------------- gradebook

export const SCALE_KINDS = ['points', 'letters', 'levels'] as const;
export type ScaleKind = (typeof SCALE_KINDS)[number];
export const scaleLevelSchema = z.object({
  /** What is stored as the grade ("B", "expected"). */
  code: z.string().trim().min(1).max(20),
  label: z.string().trim().min(1).max(60),
  /** Its value from 0 to 100, for averages across scales. */
  value: z.number().min(0).max(100),
});
export const gradeScaleSchema = z.object({
  _id: idSchema,
  name: z.string(),
  kind: z.enum(SCALE_KINDS),
  /** points: the highest mark. */
  max_points: z.number().nullable(),
  /** letters and levels, in order from lowest to highest. */
  levels: z.array(scaleLevelSchema),
  archived: z.boolean(),
  abilities: abilitiesSchema('can_edit'),
});
export type GradeScale = z.infer<typeof gradeScaleSchema>;
export const gradeScaleRequestSchema = z.object({
  name: requiredText(80),
  kind: z.enum(SCALE_KINDS),
  max_points: z.number().positive().max(1000).nullish(),
  levels: z.array(scaleLevelSchema).max(20).default([]),
});

export const gradeCategorySchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  name: z.string(),
  /** Percent of the final mark; null: the category is not weighted. */
  weight: z.number().nullable(),
});
export type GradeCategory = z.infer<typeof gradeCategorySchema>;
export const gradeCategoryRequestSchema = z.object({
  class_id: idSchema,
  name: requiredText(80),
  weight: z.number().min(0).max(100).nullish(),
});

export const TASK_KINDS = ['formative', 'summative'] as const;
export const TASK_STATUSES = ['pending', 'completed', 'shared'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const assessmentTaskSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  period_id: idSchema,
  title: z.string(),
  subject: z.string(),
  kind: z.enum(TASK_KINDS),
  category_id: idSchema.nullable(),
  scale_id: idSchema,
  learning_area_id: idSchema.nullable(),
  due_date: ddmmyyyySchema,
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  graded_count: z.number().int(),
  abilities: abilitiesSchema('can_edit', 'can_delete', 'can_grade'),
});
export type AssessmentTask = z.infer<typeof assessmentTaskSchema>;
export const assessmentTaskRequestSchema = z.object({
  class_id: idSchema,
  title: requiredText(200),
  subject: requiredText(80),
  kind: z.enum(TASK_KINDS).default('formative'),
  category_id: idSchema.nullish(),
  scale_id: idSchema,
  learning_area_id: idSchema.nullish(),
  due_date: ddmmyyyySchema,
  description: z.string().max(2000).default(''),
  status: z.enum(TASK_STATUSES).default('pending'),
});
export const assessmentTaskChangeSchema = assessmentTaskRequestSchema.omit({ class_id: true }).partial();

export const EVIDENCE_KINDS = ['observation', 'story', 'media'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const evidenceRefSchema = z.object({ kind: z.enum(EVIDENCE_KINDS), id: idSchema });
export type EvidenceRef = z.infer<typeof evidenceRefSchema>;
/** Evidence as shown: what it is, its day and a line of it. */
export const evidenceSchema = evidenceRefSchema.extend({
  date: ddmmyyyySchema,
  title: z.string(),
  excerpt: z.string(),
  thumbnail: z.string().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;
/** A child's evidence of a period (or of from..to), with the learning areas each piece is tagged with. */
export const childEvidenceQuerySchema = z.object({
  period_id: idSchema.optional(),
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
});
export const childEvidenceSchema = z.array(evidenceSchema.extend({ area_ids: z.array(idSchema) }));

export const gradeSchema = z.object({
  task_id: idSchema,
  student_id: idSchema,
  /** points as a decimal string ("7.5"), a letter or a level's code. */
  value: z.string(),
  comment: z.string(),
  evidence: z.array(evidenceRefSchema),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type Grade = z.infer<typeof gradeSchema>;
export const gradeEntrySchema = z.object({
  student_id: idSchema,
  /** null or "": the cell is cleared. */
  value: z.string().trim().max(20).nullable(),
  comment: z.string().max(1000).optional(),
  evidence: z.array(evidenceRefSchema).max(20).optional(),
});
export const gradesRequestSchema = z.object({ grades: z.array(gradeEntrySchema).min(1).max(200) });
export const gradesSavedSchema = z.object({ grades: z.array(gradeSchema), task: assessmentTaskSchema });

export const gradebookQuerySchema = z.object({
  period_id: idSchema.optional(),
  subject: z.string().max(80).optional(),
});
export const gradebookSchema = z.object({
  class: z.object({ _id: idSchema, name: z.string() }),
  period: assessmentPeriodSchema,
  periods: z.array(assessmentPeriodSchema),
  subjects: z.array(z.string()),
  students: z.array(z.object({ _id: idSchema, name: z.string(), profile_image: z.string().nullable() })),
  tasks: z.array(assessmentTaskSchema),
  categories: z.array(gradeCategorySchema),
  scales: z.array(gradeScaleSchema),
  grades: z.array(gradeSchema),
  /** Per child: the weighted average (0-100) of the graded tasks shown, null when none is graded. */
  averages: z.array(z.object({ student_id: idSchema, average: z.number().nullable() })),
  abilities: abilitiesSchema('can_add_task', 'can_manage_categories'),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

// ---------------------------------------------------------------- HPC (NEP 2020, foundational stage)

/** The stage's scale (PARAKH's foundational HPC): Stream, Mountain, Sky. */
export const HPC_LEVELS = ['beginner', 'progressing', 'proficient'] as const;
export type HpcLevel = (typeof HPC_LEVELS)[number];
export const HPC_LEVEL_VALUE: Record<HpcLevel, number> = { beginner: 1, progressing: 2, proficient: 3 };

/**
 * The card's domains and descriptors (the curricular goals of NCF-FS grouped as the HPC groups them).
 * `areas` are the EYFS learning-area codes whose evidence speaks to a descriptor; `words` find it in
 * an observation's text. The English text is here; catalogs carry Arabic and Hebrew by key.
 */
export const HPC_DOMAINS = [
  {
    key: 'physical',
    name: 'Physical development',
    descriptors: [
      {
        key: 'gross_motor',
        text: 'Moves with balance, coordination and control (running, jumping, climbing)',
        areas: ['PD'],
        words: ['run', 'jump', 'climb', 'balance', 'hop', 'throw', 'catch', 'ball', 'bike', 'skip'],
      },
      {
        key: 'fine_motor',
        text: 'Uses hands and fingers with control (holding, cutting, threading, drawing)',
        areas: ['PD'],
        words: ['cut', 'scissors', 'thread', 'bead', 'pencil', 'grip', 'button', 'pour', 'playdough', 'lego'],
      },
      {
        key: 'health_habits',
        text: 'Keeps healthy and safe habits (washing hands, eating, resting)',
        areas: ['PD', 'PSED'],
        words: ['wash', 'hands', 'eat', 'healthy', 'safe', 'toilet', 'rest', 'teeth', 'fruit'],
      },
    ],
  },
  {
    key: 'socio_emotional',
    name: 'Socio-emotional and ethical development',
    descriptors: [
      {
        key: 'self_awareness',
        text: 'Knows and expresses own feelings and needs',
        areas: ['PSED'],
        words: ['feel', 'feeling', 'happy', 'sad', 'angry', 'upset', 'calm', 'proud', 'worried'],
      },
      {
        key: 'relationships',
        text: 'Plays and works with others, takes turns and shares',
        areas: ['PSED'],
        words: ['friend', 'share', 'turn', 'together', 'play', 'team', 'help', 'group'],
      },
      {
        key: 'care_respect',
        text: 'Shows care and respect for others and the environment',
        areas: ['PSED', 'UW'],
        words: ['kind', 'care', 'respect', 'comfort', 'sorry', 'plant', 'tidy', 'gentle'],
      },
    ],
  },
  {
    key: 'cognitive',
    name: 'Cognitive development',
    descriptors: [
      {
        key: 'inquiry',
        text: 'Observes, asks questions and explores the world around',
        areas: ['UW', 'COEL-PE'],
        words: ['why', 'question', 'explore', 'notice', 'observe', 'investigate', 'discover', 'insect', 'science'],
      },
      {
        key: 'numeracy',
        text: 'Counts, compares quantities and recognises shapes and patterns',
        areas: ['M'],
        words: ['count', 'number', 'shape', 'pattern', 'more', 'less', 'sort', 'measure', 'add', 'circle'],
      },
      {
        key: 'problem_solving',
        text: 'Tries different ways to solve a problem and explains their thinking',
        areas: ['COEL-CT', 'COEL-AL', 'M'],
        words: ['solve', 'problem', 'puzzle', 'try', 'figure', 'plan', 'build', 'idea'],
      },
    ],
  },
  {
    key: 'language',
    name: 'Language and literacy development',
    descriptors: [
      {
        key: 'listening_speaking',
        text: 'Listens and speaks with understanding',
        areas: ['CL'],
        words: ['said', 'talk', 'told', 'listen', 'speak', 'explain', 'conversation', 'story', 'describe'],
      },
      {
        key: 'reading',
        text: 'Recognises letters and sounds and reads pictures and simple words',
        areas: ['L'],
        words: ['read', 'book', 'letter', 'sound', 'phonics', 'word', 'name'],
      },
      {
        key: 'writing',
        text: 'Makes marks and writes letters and words to express meaning',
        areas: ['L'],
        words: ['write', 'wrote', 'mark', 'letters', 'scribble', 'label', 'drew'],
      },
    ],
  },
  {
    key: 'aesthetic',
    name: 'Aesthetic and cultural development',
    descriptors: [
      {
        key: 'creative_expression',
        text: 'Expresses ideas through art, music, movement and drama',
        areas: ['EAD'],
        words: ['paint', 'draw', 'sing', 'song', 'dance', 'music', 'art', 'role play', 'pretend', 'model'],
      },
      {
        key: 'appreciation',
        text: 'Enjoys and responds to stories, songs, art and culture',
        areas: ['EAD', 'CL'],
        words: ['enjoy', 'festival', 'rhyme', 'celebrate', 'culture', 'performance'],
      },
    ],
  },
  {
    key: 'learning_habits',
    name: 'Positive learning habits',
    descriptors: [
      {
        key: 'attention',
        text: 'Stays with a task and completes it',
        areas: ['COEL-AL'],
        words: ['focus', 'concentrate', 'finish', 'complete', 'persist', 'keep trying', 'long time'],
      },
      {
        key: 'curiosity',
        text: 'Shows curiosity and enjoys learning new things',
        areas: ['COEL-PE'],
        words: ['curious', 'excited', 'new', 'eager', 'interest', 'wonder'],
      },
      {
        key: 'independence',
        text: 'Takes care of own things and tries tasks independently',
        areas: ['PSED', 'COEL-AL'],
        words: ['independent', 'by herself', 'by himself', 'on their own', 'own', 'dress', 'coat', 'shoes'],
      },
    ],
  },
] as const;
export type HpcDomainKey = (typeof HPC_DOMAINS)[number]['key'];
export type HpcDescriptorKey = (typeof HPC_DOMAINS)[number]['descriptors'][number]['key'];
export const HPC_DESCRIPTOR_KEYS: readonly HpcDescriptorKey[] = HPC_DOMAINS.flatMap((d) => d.descriptors.map((x) => x.key));

/** The child's self-assessment: a picture per statement (a smiling, a straight and a sad face). */
export const HPC_SELF_PROMPTS = [
  'enjoy_school',
  'play_with_friends',
  'try_new_things',
  'help_others',
  'draw_and_write',
  'count_things',
] as const;
export type HpcSelfPrompt = (typeof HPC_SELF_PROMPTS)[number];
export const SELF_ANSWERS = ['yes', 'sometimes', 'not_yet'] as const;
export type SelfAnswer = (typeof SELF_ANSWERS)[number];

export const hpcRatingSchema = z.object({
  level: z.enum(HPC_LEVELS),
  evidence: z.array(evidenceRefSchema),
  /** Proposed from the evidence and confirmed by the teacher (rather than chosen by hand). */
  from_evidence: z.boolean(),
});
export type HpcRating = z.infer<typeof hpcRatingSchema>;
export const hpcSuggestionSchema = z.object({
  descriptor: z.string(),
  level: z.enum(HPC_LEVELS),
  evidence: z.array(evidenceSchema),
  /** Why, in English (for readers of the API); the web app says it from the parts below. */
  reason: z.string(),
  /** The descriptor's words found in the evidence. */
  words: z.array(z.string()),
  /** Learning-area codes that alone point to this descriptor. */
  areas: z.array(z.string()),
  /** The words of help or independence that set the level (none: progressing). */
  cues: z.array(z.string()),
});
export type HpcSuggestion = z.infer<typeof hpcSuggestionSchema>;
export const HPC_STATUSES = ['not_started', 'in_progress', 'complete'] as const;
export type HpcStatus = (typeof HPC_STATUSES)[number];
export const feedbackSummarySchema = z.object({
  form_id: idSchema,
  kind: z.enum(['parent', 'peer', 'self']),
  title: z.string(),
  respondent: z.string(),
  submitted_at: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string(), media_link: z.string().nullable() })),
});
export const hpcCardSchema = z.object({
  student: z.object({
    _id: idSchema,
    name: z.string(),
    profile_image: z.string().nullable(),
    class_id: idSchema,
    class_name: z.string(),
  }),
  period: assessmentPeriodSchema,
  status: z.enum(HPC_STATUSES),
  ratings: z.record(z.string(), hpcRatingSchema),
  self: z.record(z.string(), z.enum(SELF_ANSWERS)),
  narrative: z.string(),
  /** Descriptors not yet rated that the period's evidence speaks to. */
  suggestions: z.array(hpcSuggestionSchema),
  /** Evidence named by ratings, resolved for display. */
  evidence: z.array(evidenceSchema),
  feedback: z.array(feedbackSummarySchema),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  abilities: abilitiesSchema('can_edit'),
});
export type HpcCard = z.infer<typeof hpcCardSchema>;
export const hpcCardQuerySchema = z.object({ period_id: idSchema.optional() });
export const hpcCardChangeSchema = z.object({
  period_id: idSchema,
  /** Descriptor → rating; a null rating clears it. Only the keys sent change. */
  ratings: z
    .record(
      z.string(),
      hpcRatingSchema
        .extend({ evidence: z.array(evidenceRefSchema).max(20).default([]), from_evidence: z.boolean().default(false) })
        .nullable(),
    )
    .optional(),
  self: z.record(z.string(), z.enum(SELF_ANSWERS).nullable()).optional(),
  narrative: z.string().max(5000).optional(),
});
export const hpcStudentRowSchema = z.object({
  _id: idSchema,
  name: z.string(),
  profile_image: z.string().nullable(),
  status: z.enum(HPC_STATUSES),
  rated: z.number().int(),
  total: z.number().int(),
  has_self: z.boolean(),
  has_narrative: z.boolean(),
  feedback_count: z.number().int(),
  suggestions: z.number().int(),
});
export const hpcStudentListSchema = z.object({
  class: z.object({ _id: idSchema, name: z.string() }),
  period: assessmentPeriodSchema,
  periods: z.array(assessmentPeriodSchema),
  students: z.array(hpcStudentRowSchema),
  complete: z.number().int(),
});
export const hpcClassSummarySchema = z.object({
  class: z.object({ _id: idSchema, name: z.string() }),
  period: assessmentPeriodSchema,
  periods: z.array(assessmentPeriodSchema),
  /** Per descriptor: how many children at each level, and how many not rated. */
  descriptors: z.array(
    z.object({
      domain: z.string(),
      descriptor: z.string(),
      beginner: z.number().int(),
      progressing: z.number().int(),
      proficient: z.number().int(),
      not_rated: z.number().int(),
    }),
  ),
  /** Per child and domain: the average level (1-3) of the rated descriptors. */
  students: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      domains: z.record(z.string(), z.number().nullable()),
      status: z.enum(HPC_STATUSES),
    }),
  ),
});
export const hpcProgressSchema = z.object({
  student: z.object({ _id: idSchema, name: z.string(), profile_image: z.string().nullable() }),
  /** One entry per period with a card, oldest first. */
  periods: z.array(
    z.object({
      period: assessmentPeriodSchema,
      status: z.enum(HPC_STATUSES),
      domains: z.record(z.string(), z.number().nullable()),
      ratings: z.record(z.string(), z.enum(HPC_LEVELS)),
      narrative: z.string(),
    }),
  ),
});
export const classPeriodQuerySchema = z.object({ class_id: idSchema, period_id: idSchema.optional() });

// ---------------------------------------------------------------- feedback

export const FEEDBACK_KINDS = ['parent', 'peer', 'self'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
/** text: written; picture: a choice of faces; scale: 1 to 5 stars; voice: a recorded answer. */
export const ANSWER_KINDS = ['text', 'picture', 'scale', 'voice'] as const;
export const FORM_STATUSES = ['draft', 'open', 'closed'] as const;
export const feedbackQuestionSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
  text: requiredText(300),
  answer: z.enum(ANSWER_KINDS),
  required: z.boolean(),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;
/** A question as sent: `required` may be left out (an answer always says it). */
const feedbackQuestionRequestSchema = feedbackQuestionSchema.extend({ required: z.boolean().default(false) });
export const feedbackFormSchema = z.object({
  _id: idSchema,
  kind: z.enum(FEEDBACK_KINDS),
  period_id: idSchema,
  period_name: z.string(),
  title: z.string(),
  questions: z.array(feedbackQuestionSchema),
  class_ids: z.array(idSchema),
  status: z.enum(FORM_STATUSES),
  responses: z.number().int(),
  /** Children the form asks about (in its classes). */
  expected: z.number().int(),
  abilities: abilitiesSchema('can_edit', 'can_delete', 'can_collect'),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;
export const feedbackFormRequestSchema = z.object({
  kind: z.enum(FEEDBACK_KINDS),
  period_id: idSchema,
  title: requiredText(200),
  questions: z.array(feedbackQuestionRequestSchema).min(1).max(30),
  class_ids: z.array(idSchema).min(1).max(50),
  status: z.enum(FORM_STATUSES).default('draft'),
});
export const feedbackFormChangeSchema = feedbackFormRequestSchema.omit({ kind: true }).partial();
export const feedbackListQuerySchema = z.object({ kind: z.enum(FEEDBACK_KINDS).optional(), period_id: idSchema.optional() });
export const feedbackAnswerSchema = z.object({
  text: z.string().max(2000).optional(),
  /** picture: yes/sometimes/not_yet; scale: "1".."5". */
  choice: z.string().max(20).optional(),
  media_link: z.string().max(2000).optional(),
});
export const feedbackResponseRequestSchema = z.object({
  student_id: idSchema,
  answers: z.record(z.string(), feedbackAnswerSchema),
});
export const feedbackResponseSchema = z.object({
  _id: idSchema,
  form_id: idSchema,
  student_id: idSchema,
  student_name: z.string(),
  respondent: z.string(),
  answers: z.record(z.string(), feedbackAnswerSchema),
  submitted_at: z.string(),
});
export const feedbackFormDetailSchema = z.object({
  form: feedbackFormSchema,
  /** The form's children with their response, if any. */
  students: z.array(
    z.object({ _id: idSchema, name: z.string(), class_id: idSchema, response: feedbackResponseSchema.nullable() }),
  ),
});
/** A family's open forms: one per form and child. */
export const familyFeedbackSchema = z.array(
  z.object({
    form: feedbackFormSchema.omit({ responses: true, expected: true, abilities: true }),
    student: z.object({ _id: idSchema, name: z.string() }),
    response: feedbackResponseSchema.nullable(),
  }),
);

// ---------------------------------------------------------------- reflections

export const REFLECTION_AUTHORS = ['teacher', 'child'] as const;
export const reflectionSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  class_name: z.string(),
  author_kind: z.enum(REFLECTION_AUTHORS),
  student_id: idSchema.nullable(),
  student_name: z.string().nullable(),
  unit_id: idSchema.nullable(),
  unit_title: z.string().nullable(),
  period_id: idSchema.nullable(),
  date: ddmmyyyySchema,
  body: z.string(),
  media: z.array(z.object({ media_link: z.string(), kind: z.string() })),
  created_by: z.string(),
  created_at: z.string(),
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type Reflection = z.infer<typeof reflectionSchema>;
export const reflectionRequestSchema = z.object({
  class_id: idSchema,
  author_kind: z.enum(REFLECTION_AUTHORS),
  /** Required for a child's reflection; a teacher's may be about one child or the class. */
  student_id: idSchema.nullish(),
  unit_id: idSchema.nullish(),
  period_id: idSchema.nullish(),
  date: ddmmyyyySchema,
  body: requiredText(5000),
  media: z
    .array(z.object({ media_link: z.string().max(2000), kind: z.string().max(20) }))
    .max(10)
    .default([]),
});
export const reflectionChangeSchema = reflectionRequestSchema.omit({ class_id: true }).partial();
export const reflectionQuerySchema = z.object({
  class_id: idSchema.optional(),
  student_id: idSchema.optional(),
  unit_id: idSchema.optional(),
  period_id: idSchema.optional(),
  author_kind: z.enum(REFLECTION_AUTHORS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  cursor: cursorSchema.optional(),
});
export const reflectionPageSchema = pageOf(reflectionSchema);

// ---------------------------------------------------------------- the child's record

export const RECORD_KINDS = ['observation', 'story', 'media', 'grade', 'hpc', 'reflection', 'report'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const recordItemSchema = z.object({
  kind: z.enum(RECORD_KINDS),
  id: idSchema,
  date: ddmmyyyySchema,
  title: z.string(),
  body: z.string(),
  thumbnails: z.array(z.string()),
  /** Where the item opens in the app. */
  link: z.string().nullable(),
});
export type RecordItem = z.infer<typeof recordItemSchema>;
export const studentRecordQuerySchema = z.object({
  from: ddmmyyyySchema.optional(),
  to: ddmmyyyySchema.optional(),
  /** Comma-separated kinds; all when absent. */
  kinds: z.string().max(200).optional(),
  /** Items dated before this day (DD-MM-YYYY): the next page of the timeline. */
  before: ddmmyyyySchema.optional(),
});
export const studentRecordSchema = z.object({
  student: z.object({
    _id: idSchema,
    name: z.string(),
    profile_image: z.string().nullable(),
    class_id: idSchema.nullable(),
    class_name: z.string().nullable(),
  }),
  attendance: z.object({
    present: z.number().int(),
    absent: z.number().int(),
    late: z.number().int(),
    excused: z.number().int(),
    days: z.number().int(),
  }),
  /** The carelog's counts in the range, null where the carelog is off. */
  carelog: z
    .object({
      meals: z.number().int(),
      naps: z.number().int(),
      nappies: z.number().int(),
      medicines: z.number().int(),
      incidents: z.number().int(),
    })
    .nullable(),
  counts: z.record(z.string(), z.number().int()),
  items: z.array(recordItemSchema),
  /** The `before` of the next page, null at the end. */
  next_before: ddmmyyyySchema.nullable(),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

// ---------------------------------------------------------------- report cards

export const REPORT_SECTION_KINDS = ['attendance', 'comments', 'grades', 'hpc', 'text', 'signatures'] as const;
export const reportSectionSchema = z.object({
  kind: z.enum(REPORT_SECTION_KINDS),
  title: z.string().trim().max(120),
  /** text sections: the words printed. */
  text: z.string().max(3000),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;
/** A section as sent: its title and text may be left out (an answer always holds both). */
const reportSectionRequestSchema = reportSectionSchema.extend({
  title: z.string().trim().max(120).default(''),
  text: z.string().max(3000).default(''),
});
export const reportTemplateSchema = z.object({
  _id: idSchema,
  name: z.string(),
  sections: z.array(reportSectionSchema),
  show_logo: z.boolean(),
  head_name: z.string(),
  archived: z.boolean(),
  abilities: abilitiesSchema('can_edit'),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;
export const reportTemplateRequestSchema = z.object({
  name: requiredText(120),
  sections: z.array(reportSectionRequestSchema).min(1).max(20),
  show_logo: z.boolean().default(true),
  head_name: z.string().trim().max(120).default(''),
});

export const REPORT_SET_STATUSES = ['draft', 'locked', 'shared'] as const;
export type ReportSetStatus = (typeof REPORT_SET_STATUSES)[number];
export const REPORT_LANGUAGES = EXPORT_LANGUAGES;
export const commentSentenceSchema = z.object({
  text: z.string(),
  evidence: z.array(evidenceRefSchema),
  /** A sentence said from a grade: the graded task (its evidence is the grade itself). */
  task_id: idSchema.optional(),
});
export const reportCommentSchema = z.object({
  area_id: idSchema,
  area_name: z.string(),
  text: z.string(),
  /** Cue's draft: every sentence with the evidence it came from (empty when typed by hand). */
  sentences: z.array(commentSentenceSchema),
  drafted: z.boolean(),
  signed_off_by: z.string().nullable(),
  signed_off_at: z.string().nullable(),
});
export type ReportComment = z.infer<typeof reportCommentSchema>;
export const reportEntryRowSchema = z.object({
  _id: idSchema,
  student_id: idSchema,
  student_name: z.string(),
  comments_written: z.number().int(),
  comments_signed: z.number().int(),
  areas: z.number().int(),
  pdf_ready: z.boolean(),
});
export const reportSetSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  class_name: z.string(),
  period_id: idSchema,
  period_name: z.string(),
  template_id: idSchema,
  template_name: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  status: z.enum(REPORT_SET_STATUSES),
  /** The latest PDF job of the set (progress while it is prepared). */
  export_id: idSchema.nullable(),
  locked_at: z.string().nullable(),
  shared_at: z.string().nullable(),
  entries: z.array(reportEntryRowSchema),
  abilities: abilitiesSchema('can_edit', 'can_lock', 'can_unlock', 'can_share'),
});
export type ReportSet = z.infer<typeof reportSetSchema>;
export const reportSetListSchema = z.array(reportSetSchema.omit({ entries: true }).extend({ children: z.number().int() }));
export const reportSetQuerySchema = z.object({ class_id: idSchema.optional(), period_id: idSchema.optional() });
export const reportSetRequestSchema = z.object({
  class_id: idSchema,
  period_id: idSchema,
  template_id: idSchema,
  language: z.enum(REPORT_LANGUAGES).default('en'),
});
export const reportEntrySchema = z.object({
  _id: idSchema,
  set_id: idSchema,
  status: z.enum(REPORT_SET_STATUSES),
  student: z.object({ _id: idSchema, name: z.string(), profile_image: z.string().nullable() }),
  comments: z.array(reportCommentSchema),
  /** The period's evidence of the child per area, for the comment editor. */
  evidence: z.array(evidenceSchema.extend({ area_ids: z.array(idSchema) })),
  teacher_note: z.string(),
  /** The curriculum statements the child's observations of the period were tagged with, by area. */
  statements: z.array(
    z.object({
      area: statementRefSchema.shape.area,
      framework: statementRefSchema.shape.framework,
      statements: z.array(statementRefSchema.extend({ observations: z.number().int(), last_date: ddmmyyyySchema })),
    }),
  ),
  /** A signed link to the child's PDF once the set is locked and prepared. */
  pdf_link: z.string().nullable(),
  abilities: abilitiesSchema('can_edit', 'can_sign_off'),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;
export const reportEntryChangeSchema = z.object({
  comments: z
    .array(
      z.object({ area_id: idSchema, text: z.string().max(3000), sentences: z.array(commentSentenceSchema).max(30).optional() }),
    )
    .max(30)
    .optional(),
  /** Areas whose comment the caller signs off (true) or takes the sign-off back from (false). */
  sign_off: z.record(z.string(), z.boolean()).optional(),
  teacher_note: z.string().max(3000).optional(),
});
export const reportDraftRequestSchema = z.object({ area_ids: z.array(idSchema).max(30).optional() });
export const REPORT_CHECKS = [
  'missing_comment',
  'comment_without_evidence',
  'area_without_evidence',
  'copied_comment',
  'not_signed_off',
] as const;
export type ReportCheckKind = (typeof REPORT_CHECKS)[number];
export const reportCheckSchema = z.object({
  ok: z.boolean(),
  findings: z.array(
    z.object({
      kind: z.enum(REPORT_CHECKS),
      entry_id: idSchema,
      student_id: idSchema,
      student_name: z.string(),
      area_id: idSchema.nullable(),
      area_name: z.string().nullable(),
      /** copied_comment: the other children with the same words. */
      others: z.array(z.string()),
    }),
  ),
});
export type ReportCheck = z.infer<typeof reportCheckSchema>;
export const reportLockRequestSchema = z.object({ language: z.enum(REPORT_LANGUAGES).optional() });
export const familyReportSchema = z.object({
  _id: idSchema,
  student_id: idSchema,
  student_name: z.string(),
  class_name: z.string(),
  period_name: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  shared_at: z.string(),
  /** A signed link to the PDF, valid for a few minutes. */
  file_link: z.string(),
});
export const familyReportListSchema = z.array(familyReportSchema);
/** Sent to a family's own room when a report card of their child is shared: the app reads the list again. */
export const REPORT_SHARED_EVENT = 'report-shared';
export const reportSharedEventSchema = z.object({ set_id: idSchema });
export type ReportSharedEvent = z.infer<typeof reportSharedEventSchema>;
