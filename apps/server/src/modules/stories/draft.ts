import { ddmmyyyyFromIso, pagePath, type StorySource } from '@cue/contract';
import { escapeHtml } from '../../platform/email.js';

/*
 * Cue's first draft of a story or a journal entry, written from evidence only: every sentence is one
 * source (an observation shared with families, a photo, an activity of the class's calendar) said in a
 * fixed frame, so the draft states nothing that is not in its sources. Judgement ("what it shows about
 * their learning", "what next") is left to the teacher.
 */

export interface DraftObservation {
  id: string;
  studentId: string;
  studentName: string;
  title: string;
  note: string;
  areaIds: string[];
}
export interface DraftPhoto {
  id: string;
  caption: string;
  kind: 'image' | 'video';
  tagged: string[];
}
export interface DraftActivity {
  id: string;
  title: string;
  description: string;
}
export interface Draft {
  title: string;
  body: string;
  sources: StorySource[];
  areaIds: string[];
  mediaIds: string[];
}

/** One line of text: whitespace folded, trailing punctuation kept once. */
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const sentence = (text: string) => {
  const t = clean(text);
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
};
const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** What an observation says, with the child it is about named when the note does not name them itself. */
function observationSentence(o: DraftObservation): string {
  const note = sentence(o.note);
  const first = o.studentName.split(' ')[0] ?? o.studentName;
  return note.toLowerCase().includes(first.toLowerCase()) ? note : `${o.studentName}: ${note}`;
}

function photoSentence(p: DraftPhoto): string {
  const what = p.kind === 'video' ? 'A video' : 'A photo';
  if (p.caption.trim()) return sentence(p.caption);
  return p.tagged.length ? `${what} of ${listOf(p.tagged)}.` : `${what} of the day.`;
}

function assemble(title: string, lines: StorySource[], areaIds: string[], mediaIds: string[]): Draft {
  const body = lines.map((l) => `<p>${escapeHtml(l.sentence)}</p>`).join('');
  return { title, body, sources: lines, areaIds: [...new Set(areaIds)], mediaIds: [...new Set(mediaIds)] };
}

/** A story about these children from the day's observations of them and the photos they are tagged in. */
export function draftStory(input: {
  date: string;
  children: { id: string; name: string }[];
  observations: DraftObservation[];
  photos: DraftPhoto[];
}): Draft | null {
  const wanted = new Set(input.children.map((c) => c.id));
  const observations = input.observations.filter((o) => wanted.has(o.studentId) && clean(o.note) !== '');
  if (observations.length === 0 && input.photos.length === 0) return null;
  const lines: StorySource[] = [
    ...observations.map((o) => ({
      sentence: observationSentence(o),
      kind: 'observation' as const,
      id: o.id,
      link: pagePath.childObservations(o.studentId),
    })),
    ...input.photos.map((p) => ({
      sentence: photoSentence(p),
      kind: 'media' as const,
      id: p.id,
      link: pagePath.galleryItem(p.id),
    })),
  ];
  const names = input.children.map((c) => c.name.split(' ')[0] ?? c.name);
  return assemble(
    `${listOf(names)}, ${ddmmyyyyFromIso(input.date)}`,
    lines,
    observations.flatMap((o) => o.areaIds),
    input.photos.map((p) => p.id),
  );
}

/** The class's journal of a day from its calendar activities and the photos shared with the whole class. */
export function draftJournal(input: {
  date: string;
  className: string;
  activities: DraftActivity[];
  photos: DraftPhoto[];
}): Draft | null {
  if (input.activities.length === 0 && input.photos.length === 0) return null;
  const lines: StorySource[] = [
    ...input.activities.map((a) => ({
      sentence: sentence(a.description.trim() ? `${a.title}: ${a.description}` : a.title),
      kind: 'activity' as const,
      id: a.id,
      link: '/housekeeping/calendar',
    })),
    ...input.photos.map((p) => ({
      sentence: photoSentence(p),
      kind: 'media' as const,
      id: p.id,
      link: pagePath.galleryItem(p.id),
    })),
  ];
  return assemble(
    `${input.className}, ${ddmmyyyyFromIso(input.date)}`,
    lines,
    [],
    input.photos.map((p) => p.id),
  );
}
