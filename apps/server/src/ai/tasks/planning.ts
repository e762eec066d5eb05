import {
  addDays,
  ddmmyyyyFromIso,
  type PlanningFramework,
  type UnitFields,
  type UnitKind,
  WEEKDAY_NAMES,
  weekStart,
} from '@cue/contract';
import * as chrono from 'chrono-node';
import type { RosterChild } from '../engine/names.js';

/*
 * Cue's planning tasks read as plain functions: what units a teacher's sentence asks for (topics,
 * weeks, first day, unit or project), the starter draft of each in the class's framework, and the
 * suggestions for a weekly plan (or a unit) from the class's recorded observations. The runner gives
 * them what the services answered; nothing here reads or writes the database.
 */

/** EYFS areas and the words of a topic or activity that point to each. */
export const AREA_WORDS: [string, RegExp][] = [
  ['Communication and Language', /\b(talk|speak|listen|story|stories|songs?|rhymes?|vocabulary|discussion|circle time)\b/i],
  [
    'Personal, Social and Emotional Development',
    /\b(share|sharing|turn|feelings?|friends?|kind|together|emotions?|family|families|me)\b/i,
  ],
  ['Physical Development', /\b(run|jump|climb|balance|throw|catch|dance|cut|scissors|pencil|outdoor|movement|body|healthy)\b/i],
  ['Literacy', /\b(read|reading|write|writing|letters?|phonics|books?|mark[- ]making)\b/i],
  ['Mathematics', /\b(count|counting|numbers?|shapes?|sort|sorting|pattern|measure|more|fewer|size)\b/i],
  [
    'Understanding the World',
    /\b(nature|plants?|seeds?|animals?|weather|seasons?|community|people|technology|explore|minibeasts?|insects?|bugs?|leaves|trees?|growing|grow|water|transport|vehicles?|space|sea|ocean|food|farm|autumn|winter|spring|summer)\b/i,
  ],
  [
    'Expressive Arts and Design',
    /\b(paint|painting|draw|drawing|music|instruments?|build|model|role[- ]play|craft|colou?rs?)\b/i,
  ],
];
/** PYP transdisciplinary themes and the words of a topic that point to each. */
const THEME_WORDS: [string, RegExp][] = [
  ['Who we are', /\b(me|myself|body|bodies|feelings?|family|families|friends?|healthy|senses)\b/i],
  ['Where we are in place and time', /\b(homes?|houses?|transport|journeys?|maps?|history|past|places?|travel)\b/i],
  ['How we express ourselves', /\b(art|music|stories|story|dance|colou?rs?|celebrations?|festivals?|paint)\b/i],
  [
    'How the world works',
    /\b(leaves|plants?|seeds?|growing|grow|water|weather|seasons?|light|space|materials?|magnets?|why|how)\b/i,
  ],
  ['How we organize ourselves', /\b(community|jobs?|shops?|helpers?|rules|school)\b/i],
  ['Sharing the planet', /\b(animals?|minibeasts?|insects?|bugs?|sea|ocean|environment|recycling|trees?|farm)\b/i],
];

export const areasIn = (text: string): string[] => AREA_WORDS.filter(([, re]) => re.test(text)).map(([name]) => name);

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const WEEKS = /\b(\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]*weeks?\b/i;
export const DEFAULT_WEEKS = 4;
export const MAX_WEEKS = 12;

export interface UnitRequest {
  topic: string;
  title: string;
  kind: UnitKind;
  weeks: number;
  /** First day, ISO. */
  start: string;
  /** Last day (the Friday of its last week), ISO. */
  end: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a topic stops: the class, the length, the first day. */
const TOPIC_END = String.raw`(?=\s+(?:for|over|in|during|across|lasting)\s+(?:\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[\s-]*weeks?\b|\s+(?:starting|start|from|beginning|begins?|next|this|for\s+(?:the|my|our)\s+class|tomorrow)\b|\s+on\s+(?:monday|tuesday|wednesday|thursday|friday)\b|[.;!?]|$)`;

/**
 * The first day a sentence names ("starting next Monday", "from 5 January", "next week"), read with
 * chrono as the language engine reads days, else the next Monday. A week is its Monday; a weekend day
 * is the Monday after it; a length ("3 weeks") is no day.
 */
export function startOf(command: string, todayIso: string): string {
  const [y, m, d] = todayIso.split('-').map(Number);
  const ref = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12, 0));
  for (const r of chrono.parse(command, { instant: ref, timezone: 0 }, { forwardDate: true })) {
    const week = /\bweeks?\b/i.test(r.text);
    if (week && !/\b(next|this|coming|following)\s+week\b/i.test(r.text)) continue;
    if (/^(for|in|within|over)\b/i.test(r.text)) continue;
    if (/^(?:sat|sun|mon|tue|tues|wed|thu|thur|thurs|fri|may|march|second|sec|now|today)$/i.test(r.text)) continue;
    let iso = r.start.date().toISOString().slice(0, 10);
    if (week) iso = weekStart(iso);
    const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
    if (day === 6 || day === 0) iso = addDays(weekStart(iso), 7);
    if (iso < todayIso) continue;
    return iso;
  }
  return addDays(weekStart(todayIso), 7);
}

/**
 * The units a teacher's sentence asks for: "plan a 3-week unit about minibeasts for Nursery A starting
 * next Monday", "create units on transport and on water", "make a project about why leaves fall".
 * Several topics (only where units are asked in the plural) give several units.
 */
export function readUnitsCommand(command: string, todayIso: string, className = ''): UnitRequest[] {
  const text = command.replace(/[’‘]/g, "'").trim();
  const kind: UnitKind = /\bprojects?\b/i.test(text) && !/\bunits?\b/i.test(text) ? 'project' : 'unit';
  const plural = /\b(?:units|projects|topics)\b/i.test(text);
  const weeksWord = WEEKS.exec(text)?.[1]?.toLowerCase() ?? '';
  const weeks = Math.min(Math.max(NUMBER_WORDS[weeksWord] ?? (Number(weeksWord) || DEFAULT_WEEKS), 1), MAX_WEEKS);
  const start = startOf(text, todayIso);
  const end = addDays(weekStart(start), 7 * weeks - 3);
  // The class's name is no part of a topic ("... about minibeasts for Nursery A").
  const withoutClass = className
    ? text.replace(new RegExp(String.raw`\s+(?:for|in|with)\s+(?:the\s+)?${escapeRe(className)}\b`, 'gi'), '')
    : text;
  let raw =
    new RegExp(String.raw`\b(?:about|on|around|exploring|called|named|titled)\s+(.+?)${TOPIC_END}`, 'i').exec(
      withoutClass,
    )?.[1] ??
    new RegExp(String.raw`\b(?:units?|projects?|topics?)\s+(?:for|of)\s+(.+?)${TOPIC_END}`, 'i').exec(withoutClass)?.[1] ??
    '';
  if (!raw) {
    raw = withoutClass
      .replace(/^\s*(?:please\s+)?(?:can\s+you\s+|could\s+you\s+)?/i, '')
      .replace(/\b(?:create|plan|make|draft|write|build|start|prepare|new|an?|the|my|our|some|units?|projects?|topics?)\b/gi, ' ')
      .replace(WEEKS, ' ')
      .replace(new RegExp(`${TOPIC_END.slice(3, -1)}.*$`, 'i'), '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  const cleaned = (s: string) =>
    s
      .replace(/^(?:a|an|the|our|my)\s+(?=\S)/i, '')
      .replace(/["'“”]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const topics = (plural ? raw.split(/\s*(?:,|;|\band\b|\bplus\b|&)\s*(?:(?:about|on|around)\s+)?/i) : [raw])
    .map(cleaned)
    .filter((s) => s.length > 1);
  const unique = [...new Map(topics.map((s) => [s.toLowerCase(), s])).values()].slice(0, 6);
  return unique.map((topic) => ({ topic, title: capitalise(topic), kind, weeks, start, end }));
}

/** A class's learning area, as the planner and the observations name it. */
export interface AreaRef {
  id: string;
  name: string;
}

/** The starter draft of a unit: its framework's fields written from the topic, and its areas. */
export function unitDraft(
  request: Pick<UnitRequest, 'topic' | 'kind'>,
  framework: PlanningFramework,
  classAreas: AreaRef[],
  command = '',
): { fields: UnitFields; area_ids: string[] } {
  const topic = request.topic.toLowerCase();
  const words = `${request.topic} ${command}`;
  const byName = new Map(classAreas.map((a) => [a.name.toLowerCase(), a.id]));
  const ids = (names: string[]) => [
    ...new Set(names.map((n) => byName.get(n.toLowerCase())).filter((x): x is string => Boolean(x))),
  ];
  if (request.kind === 'project') {
    const asked = /^(why|how|what|where|when|who|which|can|do|does|is|are)\b/i.test(request.topic);
    const names = framework === 'pyp' ? themesIn(words) : areasIn(words);
    return {
      fields: {
        driving_question: asked ? `${capitalise(request.topic)}?` : `What can we find out about ${topic}?`,
        children_ideas: [],
        provocations: `Set out objects, photos and books about ${topic} and listen to what the children wonder.`,
        investigations: [
          `Collect the children's questions about ${topic}`,
          `Look for answers together: outside, in books and by asking people who know`,
          `Try out the children's ideas and record what happens`,
        ],
        documentation: `Photos, children's drawings and their words about ${topic}, shown where families can see them.`,
        next_steps: `Follow the questions that hold the children's interest into the next week's plan.`,
      },
      area_ids: ids(names.length ? names : framework === 'pyp' ? ['How the world works'] : ['Understanding the World']),
    };
  }
  if (framework === 'pyp') {
    const themes = themesIn(words);
    return {
      fields: {
        central_idea: `Exploring ${topic} helps us understand how the world around us works and changes.`,
        lines_of_inquiry: [
          `What ${topic} are and what we notice about them`,
          `How ${topic} change and connect with our lives`,
          `How we can care for and share what we learn about ${topic}`,
        ],
        provocations: `Bring real objects, pictures and a story about ${topic} into the room and record the children's questions.`,
        learning_experiences: [
          `Explore ${topic} through play and investigation`,
          `Share discoveries about ${topic} in a class book`,
        ],
      },
      area_ids: ids(themes.length ? themes : ['How the world works']),
    };
  }
  const names = areasIn(words);
  return {
    fields: {
      intentions: [
        `Children explore ${topic} through play, talk and hands-on investigation`,
        `Children learn and use new words about ${topic}`,
        `Children share what they notice and wonder about ${topic}`,
      ],
      activities: [
        `Introduce ${topic} at circle time with a book, photos or real objects`,
        `Small-world and role-play area set up around ${topic}`,
        `Creative table: draw, paint or build ${topic}`,
        `Outdoor exploration linked to ${topic}`,
        `Count, sort and compare things linked to ${topic}`,
      ],
      next_steps: `Note which children are drawn to ${topic} and follow their questions in the next week's plan.`,
    },
    area_ids: ids(names.length ? names : ['Understanding the World', 'Communication and Language']),
  };
}

const themesIn = (text: string) => THEME_WORDS.filter(([, re]) => re.test(text)).map(([name]) => name);

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(?:the|a|an|and|of|our|unit|project)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A library unit whose title is the topic ("Growing things", "Under the sea"), preferring the class's framework and the fewest other words. */
export function libraryMatch<T extends { title: string; framework: PlanningFramework; kind: UnitKind }>(
  topic: string,
  kind: UnitKind,
  framework: PlanningFramework,
  units: T[],
): T | null {
  const want = normal(topic);
  if (want.length < 3) return null;
  const matches = units.filter((u) => {
    const title = normal(u.title);
    if (u.kind !== kind || title.length < 3) return false;
    if (u.framework !== framework && u.framework !== 'general') return false;
    // The same words either way round ("why leaves fall" and "Why do leaves fall?").
    const a = new Set(title.split(' '));
    const b = new Set(want.split(' '));
    return [...b].every((w) => a.has(w)) || [...a].every((w) => b.has(w));
  });
  const extra = (u: T) => Math.abs(normal(u.title).length - want.length);
  matches.sort((x, y) => Number(y.framework === framework) - Number(x.framework === framework) || extra(x) - extra(y));
  return matches[0] ?? null;
}

/** A unit of the class named in a command ("analyse the Growing things unit"), the longest title found. */
export function unitNamedIn<T extends { title: string }>(command: string, units: T[]): T | null {
  const text = ` ${normal(command)} `;
  return (
    units
      .filter((u) => normal(u.title).length >= 3 && text.includes(` ${normal(u.title)} `))
      .sort((a, b) => b.title.length - a.title.length)[0] ?? null
  );
}

// ---------------------------------------------------------------- plan analysis

export interface PlannedActivity {
  title: string;
  /** ISO day; null for a unit's activity with no day yet. */
  date: string | null;
  /** hh:mm A. */
  start: string | null;
  areas: AreaRef[];
}

export interface SeenObservation {
  studentId: string;
  studentName: string;
  /** ISO day. */
  date: string;
  note: string;
  areas: AreaRef[];
}

export interface PlanAnalysis {
  lines: string[];
  /** Children whose observations a line cites (or who are to be observed), in the order cited. */
  children: { id: string; name: string }[];
}

/** A few words of an observation, to quote. */
export function quote(note: string, max = 60): string {
  const flat = note.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

const cite = (o: SeenObservation) => `${ddmmyyyyFromIso(o.date)} (${o.studentName}: "${quote(o.note)}")`;
const weekday = (iso: string) => capitalise(WEEKDAY_NAMES[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? '');
const when = (a: PlannedActivity) => (a.date ? ` (${[weekday(a.date), a.start].filter(Boolean).join(' ')})` : '');
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** Observations that count as recent. */
export const RECENT_WEEKS = 6;
/** How many "observe this child" lines a plan's suggestions hold, at most. */
const MAX_CHILD_LINES = 8;
/** How many children one line names before "and N more". */
const MAX_NAMES = 6;
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const during = (a: PlannedActivity | null) => (a ? ` during '${a.title}'${when(a)}` : '');

/**
 * Concrete suggestions for a plan from the class's recent observations (newest first): planned areas
 * with little recent evidence, children with no recent observation in a planned area (to observe during
 * the activity), areas the children show interest in that the plan leaves out, and activities with no
 * area. Each line citing an observation names the child, its day and a few of its words.
 */
export function analysePlan(
  activities: PlannedActivity[],
  plannedAreas: AreaRef[],
  observations: SeenObservation[],
  roster: (RosterChild & { name: string })[],
  classAreas: AreaRef[],
  sinceIso: string,
): PlanAnalysis {
  const lines: string[] = [];
  const cited = new Map<string, string>();
  const recent = observations.filter((o) => o.date >= sinceIso).sort((a, b) => (a.date < b.date ? 1 : -1));
  const all = [...observations].sort((a, b) => (a.date < b.date ? 1 : -1));
  const inArea = (list: SeenObservation[], areaId: string) => list.filter((o) => o.areas.some((a) => a.id === areaId));
  const since = ddmmyyyyFromIso(sinceIso);

  // The areas planned, with how often and the first activity of each.
  const planned = new Map<string, { area: AreaRef; count: number; first: PlannedActivity | null }>();
  for (const area of plannedAreas) planned.set(area.id, { area, count: 0, first: null });
  for (const a of activities)
    for (const area of a.areas) {
      const entry = planned.get(area.id) ?? { area, count: 0, first: null };
      entry.count += 1;
      entry.first ??= a;
      planned.set(area.id, entry);
    }

  // 1. Planned areas with little recent evidence.
  const few = Math.max(2, Math.ceil(roster.length / 3));
  for (const { area, count } of planned.values()) {
    const seen = inArea(recent, area.id);
    if (seen.length >= few) continue;
    const last = inArea(all, area.id)[0];
    const plannedSaid = count ? `${area.name} is planned ${times(count)}` : `${area.name} is one of the plan's areas`;
    if (last) cited.set(last.studentId, last.studentName);
    lines.push(
      last
        ? `${plannedSaid}, but there ${seen.length === 1 ? 'is 1 observation' : `are ${seen.length} observations`} in it since ${since}; the last was on ${cite(last)}.`
        : `${plannedSaid}, but no observation in ${area.name} is recorded yet: plan who you will observe.`,
    );
  }

  // 2. Children with no recent observation in a planned area: observe them during its activity. Those
  // observed in it before are named one by one with their last observation (the longest since first);
  // those never observed in it share one line per area.
  const stale: {
    child: RosterChild & { name: string };
    area: AreaRef;
    activity: PlannedActivity | null;
    last: SeenObservation;
  }[] = [];
  for (const { area, first } of planned.values()) {
    const seenIds = new Set(inArea(recent, area.id).map((o) => o.studentId));
    const never: string[] = [];
    for (const child of roster) {
      if (seenIds.has(child.id)) continue;
      const last = inArea(all, area.id).find((o) => o.studentId === child.id);
      if (last) stale.push({ child, area, activity: first, last });
      else never.push(child.name);
    }
    if (never.length === 0) continue;
    const names =
      never.length > MAX_NAMES ? `${never.slice(0, MAX_NAMES).join(', ')} and ${never.length - MAX_NAMES} more` : listed(never);
    lines.push(
      `Observe ${names}${during(first)}: no ${area.name} observation${never.length === 1 ? '' : ' of any of them'} recorded yet.`,
    );
  }
  stale.sort((a, b) => a.last.date.localeCompare(b.last.date));
  for (const g of stale.slice(0, MAX_CHILD_LINES)) {
    cited.set(g.child.id, g.child.name);
    lines.push(`Observe ${g.child.name}${during(g.activity)}: no ${g.area.name} observation since ${cite(g.last)}.`);
  }
  const rest = stale.length - MAX_CHILD_LINES;
  if (rest > 0)
    lines.push(
      `${rest} more ${rest === 1 ? 'time' : 'times'} a child has no recent observation in a planned area: the planning insights list them all.`,
    );

  // 3. Areas left out of the plan that recent observations show the children are drawn to.
  for (const area of classAreas) {
    if (planned.has(area.id)) continue;
    const seen = inArea(recent, area.id);
    if (seen.length < 2) continue;
    const last = seen[0] as SeenObservation;
    cited.set(last.studentId, last.studentName);
    lines.push(
      `${area.name} is not planned, but ${seen.length} observations since ${since} show interest in it (latest ${cite(last)}): add an activity that follows it.`,
    );
  }

  // 4. Activities without an area are not counted by insights.
  for (const a of activities.filter((x) => x.areas.length === 0))
    lines.push(`'${a.title}'${when(a)} has no learning area: tag one so that it counts as planned and can be evidenced.`);

  if (lines.length === 0)
    lines.push(`Every planned area has recent observations of every child since ${since}: keep following their interests.`);
  return { lines, children: [...cited].map(([id, name]) => ({ id, name })) };
}
