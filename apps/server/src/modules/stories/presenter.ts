import {
  ddmmyyyyFromIso,
  type MediaItem,
  STORY_REACTIONS,
  type StatementRef,
  type Story,
  type StoryComment,
  type StoryReaction,
  type StoryTag,
  type StoryVersion,
} from '@cue/contract';
import { toCsv } from '../../platform/csv.js';
import type { StoryExtras, StoryRow, TagRow } from './repo.js';

const fullName = (p: { firstName: string | null; lastName: string | null } | undefined) =>
  p ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() : '';

export type StoryAbilities = Story['abilities'];

const isReaction = (value: string | undefined): value is StoryReaction =>
  value !== undefined && (STORY_REACTIONS as readonly string[]).includes(value);

export function presentStory(
  row: StoryRow,
  x: StoryExtras,
  media: ReadonlyMap<string, MediaItem>,
  abilities: StoryAbilities,
  family: boolean,
  statements: StatementRef[] = [],
): Story {
  const author = x.people.get(row.authorId);
  const approver = row.approvedBy ? x.people.get(row.approvedBy) : undefined;
  return {
    _id: row.id,
    kind: row.kind as Story['kind'],
    status: row.status as Story['status'],
    class: { _id: row.classId, name: x.classNames.get(row.classId) ?? '' },
    title: row.title,
    body: row.body,
    what_next: row.whatNext,
    story_date: ddmmyyyyFromIso(row.storyDate),
    children: (x.children.get(row.id) ?? []).map((c) => ({ _id: c.id, name: fullName(c) })),
    media: (x.media.get(row.id) ?? []).flatMap((id) => {
      const item = media.get(id);
      return item ? [item] : [];
    }),
    tags: (x.tags.get(row.id) ?? []).map((t) => ({ _id: t.id, name: t.name })),
    areas: (x.areas.get(row.id) ?? []).map((a) => ({ _id: a.id, name: a.name, curriculum: a.curriculum })),
    statements,
    author: { _id: row.authorId, name: fullName(author), kind: row.authorKind === 'parent' ? 'parent' : 'staff' },
    approved_by: row.approvedBy ? { _id: row.approvedBy, name: fullName(approver) } : null,
    // A reviewer's note and Cue's sources are for the class's staff.
    return_note: family ? null : row.returnNote,
    sources: family ? [] : row.sources,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    views: x.views.get(row.id) ?? 0,
    comments: x.comments.get(row.id) ?? 0,
    reactions: x.reactions.get(row.id) ?? {},
    my_reaction: ((r) => (isReaction(r) ? r : null))(x.mine.get(row.id)),
    abilities,
  };
}

export function presentComment(
  row: {
    id: string;
    storyId: string;
    body: string;
    authorId: string;
    authorKind: string;
    firstName: string | null;
    lastName: string | null;
    createdAt: Date;
  },
  canDelete: boolean,
): StoryComment {
  return {
    _id: row.id,
    story_id: row.storyId,
    body: row.body,
    author: { _id: row.authorId, name: fullName(row), kind: row.authorKind === 'parent' ? 'parent' : 'staff' },
    created_at: row.createdAt.toISOString(),
    abilities: { can_delete: canDelete },
  };
}

export function presentVersion(row: {
  version: number;
  title: string;
  body: string;
  whatNext: string;
  editedBy: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}): StoryVersion {
  return {
    version: row.version,
    title: row.title,
    body: row.body,
    what_next: row.whatNext,
    edited_by: { _id: row.editedBy, name: fullName(row) },
    created_at: row.createdAt.toISOString(),
  };
}

export function presentTag(row: Pick<TagRow, 'id' | 'name' | 'position' | 'archivedAt'> & { stories: number }): StoryTag {
  return { _id: row.id, name: row.name, position: row.position, archived: row.archivedAt !== null, stories: row.stories };
}

/** The insights' CSV: one row per child (what a coordinator opens in a spreadsheet). */
export function insightsCsv(
  children: {
    name: string;
    class_name: string;
    stories: number;
    last_story_date: string | null;
    views: number;
    comments: number;
  }[],
): string {
  return toCsv([
    ['Child', 'Class', 'Stories', 'Last story', 'Family views', 'Family comments'],
    ...children.map((c) => [
      c.name,
      c.class_name,
      String(c.stories),
      c.last_story_date ?? '',
      String(c.views),
      String(c.comments),
    ]),
  ]);
}
