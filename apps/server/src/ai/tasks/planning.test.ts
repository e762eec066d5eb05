import { describe, expect, it } from 'vitest';
import {
  type AreaRef,
  analysePlan,
  libraryMatch,
  type PlannedActivity,
  quote,
  readUnitsCommand,
  type SeenObservation,
  startOf,
  unitDraft,
  unitNamedIn,
} from './planning.js';
import { classify } from './runners.js';

// Tuesday 24-11-2026; the next Monday is 30-11-2026.
const today = '2026-11-24';
const id = (c: string) => c.repeat(24);
const EYFS: AreaRef[] = [
  'Communication and Language',
  'Personal, Social and Emotional Development',
  'Physical Development',
  'Literacy',
  'Mathematics',
  'Understanding the World',
  'Expressive Arts and Design',
].map((name, i) => ({ id: id(String(i)), name }));
const area = (name: string) => EYFS.find((a) => a.name === name) as AreaRef;
const roster = [
  { id: id('a'), firstName: 'Aarav', lastName: 'Sharma', name: 'Aarav Sharma' },
  { id: id('b'), firstName: 'Diya', lastName: 'Menon', name: 'Diya Menon' },
  { id: id('c'), firstName: 'Meera', lastName: 'Nair', name: 'Meera Nair' },
];
const ctx = { roster, now: new Date(`${today}T10:00:00Z`) };

describe('classify', () => {
  it.each([
    ['plan a 3-week unit about minibeasts for Nursery A starting next Monday', 'cue-units'],
    ['create units on transport and on water', 'cue-units'],
    ['make a project about why leaves fall', 'cue-units'],
    ["analyse this week's plan", 'cue-lesson-analysis'],
    ['review my weekly plan', 'cue-lesson-analysis'],
    ["suggestions for next week's plan", 'cue-lesson-analysis'],
    ['Analyse my lesson: 20 minutes counting shells', 'cue-lesson-analysis'],
    ['Analyse the Growing things unit', 'cue-lesson-analysis'],
    ['Aarav is absent today', 'cue-attendance'],
    ['Tell parents that we will make a project about leaves next week', 'cue-announcement'],
    ['Who was absent this week?', 'cue-ask'],
  ])('"%s" → %s', (command, task) => {
    expect(classify(command, ctx)).toBe(task);
  });

  it('leaves a week that is no plan to the other tasks', () => {
    expect(classify('Check who was absent this week', ctx)).not.toBe('cue-lesson-analysis');
    expect(classify("Review this week's attendance", ctx)).not.toBe('cue-lesson-analysis');
  });
});

describe('readUnitsCommand', () => {
  it('reads the topic, the weeks and the first day, leaving out the class', () => {
    expect(
      readUnitsCommand('plan a 3-week unit about minibeasts for Nursery A starting next Monday', today, 'Nursery A'),
    ).toEqual([{ topic: 'minibeasts', title: 'Minibeasts', kind: 'unit', weeks: 3, start: '2026-11-30', end: '2026-12-18' }]);
  });

  it('makes one unit per topic when units are asked in the plural, four weeks from the next Monday by default', () => {
    const units = readUnitsCommand('create units on transport and on water', today);
    expect(units.map((u) => u.title)).toEqual(['Transport', 'Water']);
    expect(units.every((u) => u.weeks === 4 && u.start === '2026-11-30' && u.end === '2026-12-25')).toBe(true);
    expect(
      readUnitsCommand('Create units about minibeasts, the sea and farm animals for 2 weeks', today).map((u) => u.topic),
    ).toEqual(['minibeasts', 'sea', 'farm animals']);
    // One unit: "and" is part of its topic.
    expect(readUnitsCommand('Plan a unit about sand and water', today).map((u) => u.topic)).toEqual(['sand and water']);
  });

  it('reads a project and its question', () => {
    const [p] = readUnitsCommand('make a project about why leaves fall', today);
    expect(p).toMatchObject({ kind: 'project', title: 'Why leaves fall' });
    expect(unitDraft(p as never, 'eyfs', EYFS).fields.driving_question).toBe('Why leaves fall?');
  });

  it('reads the first day as the language engine reads days', () => {
    expect(startOf('plan a unit about snow next week', today)).toBe('2026-11-30');
    expect(startOf('plan a unit about snow from 5 January', today)).toBe('2027-01-05');
    expect(startOf('plan a unit about snow starting Thursday', today)).toBe('2026-11-26');
    // A length is no day; a weekend day is the Monday after it.
    expect(startOf('plan a 6 week unit about snow', today)).toBe('2026-11-30');
    expect(startOf('plan a unit about snow starting Saturday', today)).toBe('2026-11-30');
    expect(readUnitsCommand('plan a unit about snow from 5 January for two weeks', today)[0]).toMatchObject({
      topic: 'snow',
      weeks: 2,
      start: '2027-01-05',
      end: '2027-01-15',
    });
  });
});

describe('unitDraft', () => {
  it("fills the EYFS planner's fields and areas from the topic", () => {
    const d = unitDraft({ topic: 'minibeasts', kind: 'unit' }, 'eyfs', EYFS);
    expect(d.fields.intentions?.[0]).toContain('minibeasts');
    expect(d.fields.activities?.length).toBe(5);
    expect(d.fields.next_steps).toContain('minibeasts');
    expect(d.area_ids).toEqual([area('Understanding the World').id]);
    expect(unitDraft({ topic: 'counting songs', kind: 'unit' }, 'eyfs', EYFS).area_ids).toEqual([
      area('Communication and Language').id,
      area('Mathematics').id,
    ]);
  });

  it('writes a central idea and lines of inquiry for PYP, with its themes', () => {
    const themes = [
      { id: id('t'), name: 'How the world works' },
      { id: id('s'), name: 'Sharing the planet' },
    ];
    const d = unitDraft({ topic: 'minibeasts', kind: 'unit' }, 'pyp', themes);
    expect(d.fields.central_idea).toContain('minibeasts');
    expect(d.fields.lines_of_inquiry?.length).toBe(3);
    expect(d.fields.intentions).toBeUndefined();
    expect(d.area_ids).toEqual([id('s')]);
  });
});

describe('library and unit names', () => {
  const library = [
    { title: 'Growing things', framework: 'eyfs' as const, kind: 'unit' as const, id: '1' },
    { title: 'Under the sea', framework: 'pyp' as const, kind: 'unit' as const, id: '2' },
    { title: 'Under the sea', framework: 'eyfs' as const, kind: 'unit' as const, id: '3' },
    { title: 'Why do leaves fall?', framework: 'eyfs' as const, kind: 'project' as const, id: '4' },
  ];
  it("matches a library unit by title in the class's framework", () => {
    expect(libraryMatch('growing things', 'unit', 'eyfs', library)?.id).toBe('1');
    expect(libraryMatch('under the sea', 'unit', 'eyfs', library)?.id).toBe('3');
    expect(libraryMatch('minibeasts', 'unit', 'eyfs', library)).toBeNull();
    expect(libraryMatch('growing things', 'project', 'eyfs', library)).toBeNull();
    expect(libraryMatch('growing things', 'unit', 'pyp', library)).toBeNull();
    expect(libraryMatch('why leaves fall', 'project', 'eyfs', library)?.id).toBe('4');
    expect(libraryMatch('the sea', 'unit', 'eyfs', library)?.id).toBe('3');
  });
  it('finds a unit of the class named in a command', () => {
    const units = [
      { id: 'u1', title: 'Growing things' },
      { id: 'u2', title: 'Water' },
    ];
    expect(unitNamedIn('Analyse the Growing things unit', units)?.id).toBe('u1');
    expect(unitNamedIn('review my unit on water', units)?.id).toBe('u2');
    expect(unitNamedIn("analyse this week's plan", units)).toBeNull();
  });
});

describe('analysePlan', () => {
  const maths = area('Mathematics');
  const world = area('Understanding the World');
  const physical = area('Physical Development');
  const activities: PlannedActivity[] = [
    { title: 'Counting shells', date: '2026-11-30', start: '09:30 AM', areas: [maths] },
    { title: 'Number hunt', date: '2026-12-01', start: '11:00 AM', areas: [maths] },
    { title: 'Shape snacks', date: '2026-12-02', start: '09:30 AM', areas: [maths] },
    { title: 'Seed planting', date: '2026-12-01', start: '10:00 AM', areas: [world] },
    { title: 'Circle time', date: '2026-11-30', start: '09:00 AM', areas: [] },
  ];
  const obs: SeenObservation[] = [
    {
      studentId: id('a'),
      studentName: 'Aarav Sharma',
      date: '2026-11-02',
      note: 'Aarav counted to 10 on the abacus',
      areas: [maths],
    },
    { studentId: id('a'), studentName: 'Aarav Sharma', date: '2026-11-20', note: 'Aarav watered the beans', areas: [world] },
    {
      studentId: id('c'),
      studentName: 'Meera Nair',
      date: '2026-11-19',
      note: 'Meera looked at roots with a magnifier',
      areas: [world],
    },
    {
      studentId: id('b'),
      studentName: 'Diya Menon',
      date: '2026-08-10',
      note: 'Diya sorted leaves by colour and size',
      areas: [world],
    },
    {
      studentId: id('c'),
      studentName: 'Meera Nair',
      date: '2026-11-23',
      note: 'Meera climbed to the top of the frame',
      areas: [physical],
    },
    {
      studentId: id('b'),
      studentName: 'Diya Menon',
      date: '2026-11-18',
      note: 'Diya balanced on the beam for a long time without holding on',
      areas: [physical],
    },
  ];
  const result = analysePlan(activities, [], obs, roster, EYFS, '2026-10-13');

  it('cites the last observation of an area planned often but seldom observed', () => {
    expect(result.lines).toContain(
      'Mathematics is planned 3 times, but there is 1 observation in it since 13-10-2026; the last was on 02-11-2026 (Aarav Sharma: "Aarav counted to 10 on the abacus").',
    );
  });

  it('names children to observe during an activity, with their last observation in the area', () => {
    expect(result.lines).toContain(
      'Observe Diya Menon during \'Seed planting\' (Tuesday 10:00 AM): no Understanding the World observation since 10-08-2026 (Diya Menon: "Diya sorted leaves by colour and size").',
    );
    expect(result.lines).toContain(
      "Observe Diya Menon and Meera Nair during 'Counting shells' (Monday 09:30 AM): no Mathematics observation of any of them recorded yet.",
    );
  });

  it('points out interests the plan leaves out and activities with no area', () => {
    expect(result.lines).toContain(
      'Physical Development is not planned, but 2 observations since 13-10-2026 show interest in it (latest 23-11-2026 (Meera Nair: "Meera climbed to the top of the frame")): add an activity that follows it.',
    );
    expect(result.lines).toContain(
      "'Circle time' (Monday 09:00 AM) has no learning area: tag one so that it counts as planned and can be evidenced.",
    );
    expect(result.children.map((c) => c.name).sort()).toEqual(['Aarav Sharma', 'Diya Menon', 'Meera Nair']);
  });

  it("says so when the plan's areas are evidenced for every child", () => {
    const all = roster.flatMap((c) =>
      [0, 1].map((n) => ({ studentId: c.id, studentName: c.name, date: `2026-11-1${n}`, note: 'counted', areas: [maths] })),
    );
    const ok = analysePlan([activities[0] as PlannedActivity], [], all, roster, [maths], '2026-10-13');
    expect(ok.lines).toEqual([
      'Every planned area has recent observations of every child since 13-10-2026: keep following their interests.',
    ]);
  });

  it('quotes a few words', () => {
    expect(quote('Diya balanced on the beam for a long time without holding on and then jumped off', 40)).toBe(
      'Diya balanced on the beam for a long…',
    );
  });
});
