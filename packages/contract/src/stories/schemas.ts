import { z } from 'zod';
import { statementRefSchema } from '../academic/curriculum.js';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema, pageOf } from '../common.js';
import { mediaItemSchema } from '../media/schemas.js';

/*
 * Learning stories, the class journal, story tags and story insights (issue 20; features `story` and
 * `journal`). A story is written by a class's staff about one or more of its children, with photos and
 * videos of the class gallery, learning tags and areas; it is a draft until published (or sent for
 * approval where the school asks for it), and a published story reaches the families of its children
 * only. A journal entry is one per class and day, published to every family of the class. A family
 * story is a parent's photo and note from home, which the class's staff accept into the child's record.
 * Days on the wire are the spec's DD-MM-YYYY, instants ISO; field names are ours (the spec names none).
 */

export const STORY_MESSAGES = {
  saved: 'Story saved as draft',
  published: 'Story published',
  submitted: 'Story sent for approval',
  approved: 'Story approved and published',
  returned: 'Story returned to its author',
  deleted: 'Story deleted',
  journalSaved: 'Journal saved as draft',
  journalPublished: 'Journal published',
  commentAdded: 'Comment added',
  commentDeleted: 'Comment deleted',
  reacted: 'Saved',
  familySent: 'Thank you! Your story was sent to the class',
  accepted: "Added to the child's record",
  declined: 'Family story declined',
  drafted: 'Draft ready: check it, then publish',
  tagCreated: 'Tag created',
  tagSaved: 'Tag saved',
  tagsMerged: 'Tags merged',
  tagsOrdered: 'Order saved',
  settingsSaved: 'Settings saved',
  titleRequired: 'Give the story a title',
  childrenRequired: 'Choose at least one child',
  journalBodyRequired: 'Write what the class did before publishing',
  tagExists: 'A tag with this name already exists',
  mergeIntoItself: 'Choose another tag to merge into',
  notEditable: 'This story can no longer be changed here',
  notPending: 'This story is not waiting for approval',
  notSubmitted: 'This family story was already decided',
  nothingToDraft: 'There are no observations or photos of these children on that day to write from',
  mediaOfClass: 'Photos and videos must come from the class gallery',
} as const;

export const STORY_KINDS = ['story', 'journal', 'family'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];
/**
 * draft → pending (sent for approval) → published; a published story edited stays published and keeps
 * its earlier versions. A family story is submitted, then accepted or declined.
 */
export const STORY_STATUSES = ['draft', 'pending', 'published', 'submitted', 'accepted', 'declined'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
export const STORY_REACTIONS = ['heart', 'clap', 'smile', 'star'] as const;
export type StoryReaction = (typeof STORY_REACTIONS)[number];
export const STORY_TITLE_MAX = 200;
export const STORY_BODY_MAX = 50_000;
export const STORY_NEXT_MAX = 5_000;
export const STORY_COMMENT_MAX = 2_000;
export const STORY_TAG_NAME_MAX = 60;
export const STORY_PAGE_SIZE = 20;

const personRef = z.object({ _id: idSchema, name: z.string() });
export const storyTagRefSchema = z.object({ _id: idSchema, name: z.string() });
export const storyAreaRefSchema = z.object({ _id: idSchema, name: z.string(), curriculum: z.string() });

/** One sentence of a draft Cue wrote, and the observation or photo it states. */
export const storySourceSchema = z.object({
  sentence: z.string(),
  kind: z.enum(['observation', 'media', 'activity']),
  id: idSchema,
  /** Where the source is seen (a web page path). */
  link: z.string(),
});
export type StorySource = z.infer<typeof storySourceSchema>;

export const storySchema = z.object({
  _id: idSchema,
  kind: z.enum(STORY_KINDS),
  status: z.enum(STORY_STATUSES),
  class: z.object({ _id: idSchema, name: z.string() }),
  title: z.string(),
  /** Rich text (HTML, sanitised by the server). */
  body: z.string(),
  /** "What next" for the child (plain text). */
  what_next: z.string(),
  story_date: ddmmyyyySchema,
  children: z.array(personRef),
  media: z.array(mediaItemSchema),
  tags: z.array(storyTagRefSchema),
  areas: z.array(storyAreaRefSchema),
  /** Tagged statements by framework, area code and statement code (archived ones keep their wording). */
  statements: z.array(statementRefSchema),
  /** The staff member who wrote it, or the parent who sent a family story. */
  author: personRef.extend({ kind: z.enum(['staff', 'parent']) }),
  approved_by: personRef.nullable(),
  /** Why a reviewer sent it back (a draft again). */
  return_note: z.string().nullable(),
  /** A draft Cue wrote: each sentence with its source. Empty for stories written by hand. */
  sources: z.array(storySourceSchema),
  /** 1 until a published story is edited. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  views: z.number().int(),
  comments: z.number().int(),
  reactions: z.record(z.string(), z.number().int()),
  /** The caller's own reaction (families and staff alike). */
  my_reaction: z.enum(STORY_REACTIONS).nullable(),
  abilities: abilitiesSchema('can_edit', 'can_delete', 'can_publish', 'can_approve', 'can_comment', 'can_react', 'can_decide'),
});
export type Story = z.infer<typeof storySchema>;
export const storyPageSchema = pageOf(storySchema);
export type StoryPage = z.infer<typeof storyPageSchema>;

/**
 * Save a story or a journal entry. `action`: `draft` keeps it a draft; `publish` publishes it, or sends it
 * for approval when the school asks for approval and the caller may not approve.
 */
export const storyRequestSchema = z.object({
  /** A journal entry is the class's one of that day (its children: the whole class). */
  kind: z.enum(['story', 'journal']).default('story'),
  class_id: idSchema,
  title: z.string().trim().max(STORY_TITLE_MAX, `The title can be ${STORY_TITLE_MAX} characters at most`).default(''),
  body: z.string().max(STORY_BODY_MAX).default(''),
  what_next: z.string().trim().max(STORY_NEXT_MAX).default(''),
  story_date: ddmmyyyySchema,
  student_ids: z.array(idSchema).max(100).default([]),
  media_ids: z.array(idSchema).max(40).default([]),
  tag_ids: z.array(idSchema).max(30).default([]),
  area_ids: z.array(idSchema).max(30).default([]),
  /** Statements of the class's frameworks (absent on a save: unchanged). */
  statement_ids: z.array(idSchema).max(50).optional(),
  /** Sources of a Cue draft, kept while the teacher edits (the server keeps only those of the draft it wrote). */
  sources: z.array(storySourceSchema).max(200).optional(),
  action: z.enum(['draft', 'publish']).default('draft'),
});
export type StoryRequest = z.infer<typeof storyRequestSchema>;

export const storyListQuerySchema = z.object({
  kind: z.enum(STORY_KINDS).optional(),
  class_id: idSchema.optional(),
  student_id: idSchema.optional(),
  tag_id: idSchema.optional(),
  area_id: idSchema.optional(),
  author_id: idSchema.optional(),
  status: z.enum(STORY_STATUSES).optional(),
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
  /** Words of the title, text and "what next" (full-text). */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(STORY_PAGE_SIZE),
  cursor: cursorSchema.optional(),
});
export type StoryListQuery = z.infer<typeof storyListQuerySchema>;

export const storyReturnSchema = z.object({ note: z.string().trim().min(1).max(2_000) });
export const storyVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  what_next: z.string(),
  edited_by: personRef,
  created_at: z.string(),
});
export type StoryVersion = z.infer<typeof storyVersionSchema>;

export const storyCommentSchema = z.object({
  _id: idSchema,
  story_id: idSchema,
  body: z.string(),
  author: personRef.extend({ kind: z.enum(['staff', 'parent']) }),
  created_at: z.string(),
  abilities: abilitiesSchema('can_delete'),
});
export type StoryComment = z.infer<typeof storyCommentSchema>;
export const storyCommentRequestSchema = z.object({ body: z.string().trim().min(1).max(STORY_COMMENT_MAX) });
export const storyReactionRequestSchema = z.object({ reaction: z.enum(STORY_REACTIONS).nullable() });

/** Who among the families of a story's children opened it, and how often. */
export const storyViewsSchema = z.object({
  viewers: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      child: personRef,
      views: z.number().int(),
      last_viewed_at: z.string().nullable(),
    }),
  ),
});
export type StoryViews = z.infer<typeof storyViewsSchema>;

/** A parent's story from home: a photo (multipart field `file`) and a note about one of their children. */
export const familyStoryFieldsSchema = z.object({
  student_id: idSchema,
  title: z.string().trim().max(STORY_TITLE_MAX).default(''),
  note: z.string().trim().min(1).max(5_000),
  story_date: ddmmyyyySchema.optional(),
});

/** Cue's first draft from the evidence of a day: the day's observations and photos of these children. */
export const storyDraftRequestSchema = z.object({
  class_id: idSchema,
  date: ddmmyyyySchema,
  student_ids: z.array(idSchema).min(1).max(100),
});
export const journalDraftRequestSchema = z.object({ class_id: idSchema, date: ddmmyyyySchema });

export const journalQuerySchema = z.object({ class_id: idSchema, date: ddmmyyyySchema });
/** The class's entry of that day (null when none was written). */
export const journalDaySchema = z.object({ entry: storySchema.nullable() });
export type JournalDay = z.infer<typeof journalDaySchema>;

export const storyTagSchema = z.object({
  _id: idSchema,
  name: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
  /** Stories carrying it. */
  stories: z.number().int(),
});
export type StoryTag = z.infer<typeof storyTagSchema>;
export const storyTagListQuerySchema = z.object({ include_archived: z.enum(['true', 'false']).default('false') });
export const storyTagCreateSchema = z.object({ name: z.string().trim().min(1).max(STORY_TAG_NAME_MAX) });
export const storyTagEditSchema = z.object({
  name: z.string().trim().min(1).max(STORY_TAG_NAME_MAX).optional(),
  archived: z.boolean().optional(),
});
export const storyTagMergeSchema = z.object({ into_id: idSchema });
export const storyTagOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(500) });

export const storySettingsSchema = z.object({
  /** Stories go to a reviewer (holders of daily_communication.story_approval) before families see them. */
  approval_required: z.boolean(),
  abilities: abilitiesSchema('can_edit'),
});
export type StorySettings = z.infer<typeof storySettingsSchema>;
export const storySettingsRequestSchema = z.object({ approval_required: z.boolean() });

export const storyInsightsQuerySchema = z.object({
  class_id: idSchema.optional(),
  student_id: idSchema.optional(),
  /** Default: the start of the current term (September, January or May). */
  from_date: ddmmyyyySchema.optional(),
  /** Default: today. */
  to_date: ddmmyyyySchema.optional(),
});
export type StoryInsightsQuery = z.infer<typeof storyInsightsQuerySchema>;

export const storyInsightsSchema = z.object({
  from_date: ddmmyyyySchema,
  to_date: ddmmyyyySchema,
  totals: z.object({
    stories: z.number().int(),
    published: z.number().int(),
    drafts: z.number().int(),
    pending: z.number().int(),
    children: z.number().int(),
    children_without_story: z.number().int(),
    views: z.number().int(),
    comments: z.number().int(),
    reactions: z.number().int(),
    family_stories: z.number().int(),
  }),
  /** Published stories per week (the Monday that starts it, DD-MM-YYYY). */
  weeks: z.array(z.object({ week: ddmmyyyySchema, stories: z.number().int() })),
  /** Every learning area of the classes' curricula, with how many published stories touch it (0: none this period). */
  areas: z.array(storyAreaRefSchema.extend({ stories: z.number().int() })),
  children: z.array(
    personRef.extend({
      class_name: z.string(),
      stories: z.number().int(),
      last_story_date: ddmmyyyySchema.nullable(),
      views: z.number().int(),
      comments: z.number().int(),
    }),
  ),
  /** Family members of the children, with what they opened and wrote; `views` 0 is a family that never opened one. */
  families: z.array(
    personRef.extend({
      child: personRef,
      stories: z.number().int(),
      views: z.number().int(),
      comments: z.number().int(),
      last_viewed_at: z.string().nullable(),
    }),
  ),
  teachers: z.array(personRef.extend({ stories: z.number().int(), published: z.number().int(), comments: z.number().int() })),
});
export type StoryInsights = z.infer<typeof storyInsightsSchema>;

export const STORY_PUBLISHED_EVENT = 'story-published';
/** What a family's open app hears when a story (or journal entry) of its children is published. */
export const storyPublishedEventSchema = z.object({
  id: idSchema,
  kind: z.enum(STORY_KINDS),
  title: z.string(),
  class_id: idSchema,
});
export type StoryPublishedEvent = z.infer<typeof storyPublishedEventSchema>;
