import {
  isoFromDdmmyyyy,
  STORY_REACTIONS,
  type Story,
  type StoryReaction,
  type StoryRequest,
  type StorySource,
  type StoryStatus,
  type StoryViews,
} from '@cue/contract';

/**
 * The stories pages' logic that needs no React: the editor's values and the request they make, what the
 * publish button says, reactions in a fixed order, who has not opened a story.
 */

/** The badge colour of each status (a family story's states included). */
export const STATUS_COLORS: Record<StoryStatus, string> = {
  draft: 'gray',
  pending: 'orange',
  published: 'teal',
  submitted: 'grape',
  accepted: 'teal',
  declined: 'red',
};

/** The statuses a list can be filtered by, per kind (a family story has its own). */
export const STATUSES_OF_KIND = {
  story: ['draft', 'pending', 'published'],
  family: ['submitted', 'accepted', 'declined'],
} as const satisfies Record<'story' | 'family', readonly StoryStatus[]>;

/**
 * What the editor's main button does, as the server will decide it: publish, or send for approval when
 * the school asks for approval and the person holds no right to approve.
 */
export function publishMode(approvalRequired: boolean | undefined, mayApprove: boolean): 'publish' | 'sendForApproval' {
  return approvalRequired && !mayApprove ? 'sendForApproval' : 'publish';
}

export interface ReactionCount {
  reaction: StoryReaction;
  count: number;
  mine: boolean;
}

/** The four reactions in their fixed order, each with its count (0 when the server sent none) and whether it is the caller's. */
export function reactionCounts(story: Pick<Story, 'reactions' | 'my_reaction'>): ReactionCount[] {
  return STORY_REACTIONS.map((reaction) => ({
    reaction,
    count: story.reactions[reaction] ?? 0,
    mine: story.my_reaction === reaction,
  }));
}

/** A click on a reaction: the same one again clears it, another replaces it. */
export const nextReaction = (current: StoryReaction | null, clicked: StoryReaction): StoryReaction | null =>
  current === clicked ? null : clicked;

/** The family members who opened a story (most views first) and those who never did. */
export function splitViewers(viewers: StoryViews['viewers']) {
  const opened = viewers.filter((v) => v.views > 0).sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  const never = viewers.filter((v) => v.views === 0).sort((a, b) => a.name.localeCompare(b.name));
  return { opened, never };
}

/** The editor's values. Days are the date picker's ISO 'YYYY-MM-DD'; the wire has DD-MM-YYYY. */
export interface StoryFormValues {
  title: string;
  story_date: string | null;
  student_ids: string[];
  body: string;
  what_next: string;
  media_ids: string[];
  tag_ids: string[];
  area_ids: string[];
}

/** Today as the picker's ISO day, in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The picker's ISO day as the wire's DD-MM-YYYY ('' for none, which the contract refuses as a date). */
export const wireOf = (iso: string | null): string => (iso ? iso.split('-').reverse().join('-') : '');

export function formValuesOf(story: Story | undefined, today: string): StoryFormValues {
  if (!story)
    return { title: '', story_date: today, student_ids: [], body: '', what_next: '', media_ids: [], tag_ids: [], area_ids: [] };
  return {
    title: story.title,
    story_date: isoFromDdmmyyyy(story.story_date) ?? today,
    student_ids: story.children.map((c) => c._id),
    body: story.body,
    what_next: story.what_next,
    media_ids: story.media.map((m) => m._id),
    tag_ids: story.tags.map((t) => t._id),
    area_ids: story.areas.map((a) => a._id),
  };
}

/** The request the editor sends; a Cue draft keeps its sources while the teacher edits it. */
export function storyRequestOf(
  values: StoryFormValues,
  classId: string,
  action: 'draft' | 'publish',
  sources: readonly StorySource[] = [],
): StoryRequest {
  return {
    kind: 'story',
    class_id: classId,
    title: values.title.trim(),
    body: values.body,
    what_next: values.what_next.trim(),
    story_date: wireOf(values.story_date),
    student_ids: values.student_ids,
    media_ids: values.media_ids,
    tag_ids: values.tag_ids,
    area_ids: values.area_ids,
    ...(sources.length > 0 ? { sources: [...sources] } : {}),
    action,
  };
}

/** A list of ids with one added or removed (the picker's tick), its order kept. */
export function toggleId(ids: readonly string[], id: string, on: boolean): string[] {
  if (on) return ids.includes(id) ? [...ids] : [...ids, id];
  return ids.filter((x) => x !== id);
}

/** Stored rich text with a space after each block, so that its plain text keeps paragraphs apart. */
export const spacedBlocks = (html: string): string => html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '$& ');

/** Cuts plain text to `max` characters at a word when it can, with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
