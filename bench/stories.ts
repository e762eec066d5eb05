/**
 * The stories module's figures (issue 20):
 *  1. The library's full-text search over 20,000 stories of a school: GET /api/stories/?search=<word>,
 *     page 1 (20 stories), as the admin (every class), p50 and p99 (target p99 < 100 ms on PostgreSQL),
 *     with common and rare words; the same with a class filter, and as a teacher of every class.
 *  2. The insights of that school (20 classes, a year of stories): GET /api/story_insights/ over the
 *     last 365 days, 20 calls one after another after a warm-up (target < 1 s), and of one class.
 * The school is the demo's Sunrise with 18 more classes of 20 children, a parent per two children,
 * ~1,000 stories per class over the last 365 days, tags, learning areas, views, comments and reactions,
 * written straight into the database while the server is stopped.
 * Run: `node --import tsx bench/stories.ts` (embedded database) or
 * `scripts/with-postgres.sh node --import tsx bench/stories.ts` (PostgreSQL, the figure that counts).
 * Options: --stories 20000 --duration 10 --word-duration 4 --connections 10 --insights 20 --seed-only 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Scope } from '../apps/server/src/platform/auth/scope.js';
import { type Db, openDatabase } from '../apps/server/src/platform/db/client.js';
import * as schema from '../apps/server/src/platform/db/schema.js';
import {
  classes,
  classStaff,
  classStudents,
  learningAreas,
  memberships,
  parentChildren,
  parents,
  stories,
  storyAreas,
  storyChildren,
  storyComments,
  storyReactions,
  storyTagLinks,
  storyTags,
  storyViews,
  students,
  users,
} from '../apps/server/src/platform/db/schema.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { DEMO, demoId, FRAMEWORK_IDS } from '../apps/server/src/seed/demo.js';
import { arg, machine, type RunningServer, saveResults, signIn, startServer } from './lib.js';

const STORIES = arg('stories', 20_000);
const DURATION = arg('duration', 10);
const WORD_DURATION = arg('word-duration', 4);
const CONNECTIONS = arg('connections', 10);
const INSIGHT_CALLS = arg('insights', 20);
const PORT = arg('port', 3392);
const NEW_CLASSES = 18;
const CHILDREN_PER_CLASS = 20;
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const tara = demoId('user:9000000003');
const admin = demoId('user:9000000002');
const postgres = process.env.DATABASE_URL;
const DAY = 86_400_000;

// ------------------------------------------------------------------ deterministic randomness

let seed = 20_2026;
/** mulberry32: the same school every run, so the search words keep their frequencies. */
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
/** Zipf-like pick: the first words of a list are common, the last ones rare (what makes search selective). */
const zipf = <T>(list: readonly T[], s = 1.1): T => {
  const weights = zipfWeights.get(list.length) ?? makeWeights(list.length, s);
  const r = rand() * (weights.at(-1) as number);
  let lo = 0;
  let hi = weights.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((weights[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] as T;
};
const zipfWeights = new Map<number, number[]>();
const makeWeights = (n: number, s: number) => {
  const w: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / (i + 1) ** s;
    w.push(total);
  }
  zipfWeights.set(n, w);
  return w;
};

// ------------------------------------------------------------------ an early-years vocabulary

const words = (s: string) => s.split(/\s+/).filter(Boolean);

const NOUNS = `blocks sand water paint tower puzzle book story song ball bucket spade leaves stones shells
 crayons playdough clay boat car train track bridge house den tent rope ladder slide swing bike scooter
 dinosaur dragon teddy doll puppet kitchen cake biscuit apple banana carrot potato seeds flowers plants
 worms snail ladybird butterfly caterpillar spider bird feather egg nest pinecone acorn conkers sticks
 mud puddle rain sunshine shadow rainbow cloud wind snow ice bubbles balloon kite drum shaker tambourine
 xylophone guitar bells rhythm pattern shape circle triangle square rectangle number counting letters
 name map treasure pirate castle crown cape mask costume shop money till basket bag box tube tape glue
 scissors paper card ribbon string beads buttons magnets mirror torch magnifier binoculars compass
 camera tablet computer robot pulley wheel ramp marble funnel jug sieve scoop spoon cup bowl plate
 dough pizza sandwich soup porridge picnic blanket cushion hammock tunnel tyre crate plank log stump
 bark moss mushroom hedgehog squirrel fox owl badger frog tadpole pond fish duck hen rabbit guinea
 tortoise kaleidoscope prism lantern compost wormery greenhouse sunflower pumpkin beanstalk windmill
 volcano rocket planet moon stars astronaut spaceship submarine lighthouse igloo penguin polar walrus`;
const VERBS = `built made painted mixed poured filled emptied counted sorted matched stacked balanced
 climbed jumped ran hopped skipped balanced crawled rolled threw caught kicked carried pushed pulled
 dug planted watered picked collected found hid searched explored noticed watched listened sang danced
 clapped drummed shook tapped drew wrote traced cut stuck folded threaded measured compared weighed
 shared took waited helped asked explained described predicted tested tried repeated invented
 designed imagined pretended cooked served washed tidied cleared fixed joined connected floated sank
 melted froze squeezed stretched twisted moulded decorated printed photographed recorded retold`;
const ADJECTIVES = `big small tall long short heavy light wet dry soft hard smooth rough bumpy sticky
 shiny bright dark red blue green yellow orange purple pink round flat hollow deep shallow warm cold
 muddy sandy wobbly careful gentle quiet noisy busy happy proud curious brave patient thoughtful
 surprised excited determined creative imaginative independent confident`;
const PLACES = `garden sandpit classroom carpet mud-kitchen forest library hall playground allotment
 construction-area home-corner reading-nook water-tray art-table outdoor-stage woodland meadow beach park
 pond-area greenhouse workshop music-room story-tent`;
const LEARNING = `counting measuring comparing sorting sharing turn-taking listening speaking questioning
 describing predicting problem-solving persevering cooperating negotiating balancing coordinating
 mark-making early-writing phonics rhyming storytelling role-play imagining designing investigating
 experimenting observing recording estimating patterning sequencing classifying reasoning empathy
 resilience independence concentration curiosity kindness leadership friendship self-regulation
 fine-motor gross-motor spatial-awareness vocabulary comprehension`;
/** Words a few stories mention (0.05% each): what a precise search looks for. */
const RARE = words(`zebra yak quokka narwhal platypus axolotl chameleon flamingo armadillo meerkat
 origami mosaic weaving pottery marionette harmonica ukulele didgeridoo bagpipes accordion
 stethoscope periscope sundial hourglass barometer thermometer abacus chessboard dominoes jigsaw
 eclipse comet meteor tornado avalanche glacier geyser stalactite fossil amber`);
const QUOTES = [
  'Look, it is bigger than me',
  'I did it all by myself',
  'Can we do it again',
  'It is sinking because it is heavy',
  'My turn next, then your turn',
  'I need more sand for the castle',
  'This is a magic potion',
  'The worm is tickling my hand',
  'We need a bridge for the cars',
  'I counted ten stones',
  'The shadow is following me',
  'It is raining on the flowers so they can drink',
];
const nouns = words(NOUNS);
const verbs = words(VERBS);
const adjectives = words(ADJECTIVES);
const places = words(PLACES).map((p) => p.replace(/-/g, ' '));
const learning = words(LEARNING).map((p) => p.replace(/-/g, ' '));
const FIRST = words(`Ava Leo Mia Noah Isla Oscar Ella Theo Amelia Arthur Lily Freddie Grace Alfie Ivy
 Jack Rosie Henry Evie Harry Aisha Ibrahim Fatima Yusra Hamza Maryam Zain Sara Ali Hana Chen Mei Wei Lin
 Kenji Yuki Sofia Mateo Lucia Diego Elena Marco Anya Ivan Nadia Kofi Ama Tunde Zola Ravi Asha Dev Nia
 Tomas Greta Hugo Clara Emil Ingrid`);
const LAST = words(`Smith Jones Taylor Brown Wilson Evans Thomas Roberts Walker Wright Khan Ahmed Hussain
 Ali Begum Chen Wang Li Zhang Tanaka Sato Garcia Lopez Martinez Silva Costa Novak Ivanova Mensah Okafor
 Adeyemi Kumar Singh Patel Shah Larsen Berg Muller Schmidt Rossi`);
const TAGS = [
  'Outdoor learning',
  'Messy play',
  'Maths in play',
  'Early writing',
  'Music and movement',
  'Forest school',
  'Friendship',
  'Wow moment',
  'Home link',
  'Science',
  'Story time',
  'Building',
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const article = (w: string) => (/^[aeiou]/.test(w) ? 'an' : 'a');

function storyText(names: string[]): { title: string; bodyText: string; body: string; whatNext: string } {
  const who = () => pick(names);
  const np = () => {
    const adj = zipf(adjectives);
    return `${article(adj)} ${adj} ${zipf(nouns)}`;
  };
  const sentences = [
    () => `${who()} ${zipf(verbs)} ${np()} in the ${zipf(places)}.`,
    () => `${who()} ${zipf(verbs)} the ${zipf(nouns)} and ${zipf(verbs)} the ${zipf(nouns)} with ${np()}.`,
    () => `Together the children ${zipf(verbs)} ${np()}, then ${zipf(verbs)} it to the ${zipf(places)}.`,
    () => `${who()} said, "${pick(QUOTES)}."`,
    () => `${who()} was ${zipf(adjectives)} and ${zipf(adjectives)} while ${zipf(learning)} with the ${zipf(nouns)}.`,
    () => `We noticed ${who()} ${zipf(learning)} and ${zipf(learning)} for a long time.`,
    () => `This shows growing ${zipf(learning)} and ${zipf(learning)}.`,
  ];
  const count = 5 + int(6);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(pick(sentences)());
  if (rand() < 0.02) {
    const rare = pick(RARE);
    parts.push(`${who()} talked about ${article(rare)} ${rare} from home.`);
  }
  const title = cap(`${zipf(verbs)} ${np()} in the ${zipf(places)}`);
  const whatNext = `Next we will offer ${np()} and ${np()} in the ${zipf(places)} to build on ${zipf(learning)}.`;
  return { title, bodyText: parts.join(' '), body: parts.map((p) => `<p>${p}</p>`).join(''), whatNext };
}

// ------------------------------------------------------------------ the school

interface Seeded {
  classIds: string[];
  stories: number;
  published: number;
  children: number;
  parents: number;
  storyChildren: number;
  tagLinks: number;
  areaLinks: number;
  views: number;
  comments: number;
  reactions: number;
  /** How many stories contain each word (title, text or "what next"), for choosing search words. */
  documentFrequency: Map<string, number>;
  secondsToSeed: number;
}

async function insertAll<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) await db.insert(table).values(rows.slice(i, i + batch) as never);
}

async function fill(dataDir: string): Promise<Seeded> {
  const started = performance.now();
  const database = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  const { db } = database;
  const now = Date.now();
  const teacherRole = demoId('role:sunrise:teacher');

  // 18 more classes on the EYFS curriculum, each with its own teacher and 20 children.
  const classRows = Array.from({ length: NEW_CLASSES }, (_, i) => ({
    id: newId(),
    schoolId: sunrise,
    name: `${['Nursery', 'Pre-school', 'Reception'][i % 3]} ${String.fromCharCode(67 + Math.floor(i / 3))}`,
    ageRange: ['2y 0m - 3y 0m', '3y 0m - 4y 0m', '4y 0m - 5y 0m'][i % 3] as string,
    academicYearStart: '2026-06-01',
    academicYearEnd: '2027-05-31',
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    curriculum: 'EYFS',
    classCurriculumId: FRAMEWORK_IDS.eyfs,
  }));
  await insertAll(db, classes, classRows);
  const teachers = classRows.map((_, i) => ({
    id: newId(),
    firstName: pick(FIRST),
    lastName: pick(LAST),
    phone: `96${String(i).padStart(8, '0')}`,
  }));
  await insertAll(db, users, teachers);
  await insertAll(
    db,
    memberships,
    teachers.map((t) => ({ id: newId(), userId: t.id, schoolId: sunrise, roleId: teacherRole })),
  );
  // Tara teaches every class, so one teacher's library spans the whole school.
  await insertAll(db, classStaff, [
    ...classRows.map((c, i) => ({ classId: c.id, userId: (teachers[i] as { id: string }).id })),
    ...classRows.map((c) => ({ classId: c.id, userId: tara })),
    { classId: demoId('class:kindergartenB'), userId: tara },
  ]);
  const newChildren = classRows.flatMap((c) =>
    Array.from({ length: CHILDREN_PER_CLASS }, () => ({
      id: newId(),
      schoolId: sunrise,
      firstName: pick(FIRST),
      lastName: pick(LAST),
      classId: c.id,
    })),
  );
  await insertAll(
    db,
    students,
    newChildren.map(({ classId: _c, ...s }) => s),
  );
  await insertAll(
    db,
    classStudents,
    newChildren.map((s) => ({ classId: s.classId, studentId: s.id })),
  );
  // Every class with its roster; a parent user per two children who have none (siblings in one class).
  const allClasses = [nurseryA, demoId('class:kindergartenB'), ...classRows.map((c) => c.id)];
  const roster = new Map<string, { id: string; firstName: string }[]>();
  for (const r of await db
    .select({ classId: classStudents.classId, id: students.id, firstName: students.firstName })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .orderBy(students.id)) {
    if (!allClasses.includes(r.classId)) continue;
    roster.set(r.classId, [...(roster.get(r.classId) ?? []), { id: r.id, firstName: r.firstName }]);
  }
  const hasParent = new Set((await db.select({ id: parentChildren.studentId }).from(parentChildren)).map((r) => r.id));
  const parentRows: (typeof parents.$inferInsert)[] = [];
  const links: (typeof parentChildren.$inferInsert)[] = [];
  const parentUsers: (typeof users.$inferInsert)[] = [];
  for (const kids of roster.values()) {
    const orphans = kids.filter((k) => !hasParent.has(k.id));
    for (let i = 0; i < orphans.length; i += 2) {
      const userId = newId();
      const parentId = newId();
      const phone = `95${String(parentUsers.length).padStart(8, '0')}`;
      parentUsers.push({ id: userId, firstName: pick(FIRST), lastName: pick(LAST), phone });
      parentRows.push({ id: parentId, userId, primaryPhone: phone, currentChildId: (orphans[i] as { id: string }).id });
      for (const c of orphans.slice(i, i + 2)) links.push({ parentId, studentId: c.id });
    }
  }
  await insertAll(db, users, parentUsers);
  await insertAll(db, parents, parentRows);
  await insertAll(db, parentChildren, links);
  const familyOf = new Map<string, string[]>();
  for (const r of await db
    .select({ studentId: parentChildren.studentId, userId: parents.userId })
    .from(parentChildren)
    .innerJoin(parents, eq(parents.id, parentChildren.parentId))) {
    familyOf.set(r.studentId, [...(familyOf.get(r.studentId) ?? []), r.userId]);
  }
  const classTeacher = new Map<string, string[]>([
    [nurseryA, [tara]],
    [demoId('class:kindergartenB'), [demoId('user:9000000005'), tara]],
    ...classRows.map((c, i) => [c.id, [(teachers[i] as { id: string }).id, tara]] as [string, string[]]),
  ]);
  const areaIds = (
    await db.select({ id: learningAreas.id }).from(learningAreas).where(eq(learningAreas.curriculumId, FRAMEWORK_IDS.eyfs))
  ).map((a) => a.id);
  if (areaIds.length === 0) throw new Error('no EYFS learning areas (migration 0007_frameworks)');
  const tagRows = TAGS.map((name, position) => ({ id: newId(), schoolId: sunrise, name, position }));
  await insertAll(db, storyTags, tagRows);

  // ~1,000 stories per class over the last 365 days.
  const storyRows = [];
  const childRows: { storyId: string; studentId: string }[] = [];
  const tagLinkRows: { storyId: string; tagId: string }[] = [];
  const areaRows: { storyId: string; areaId: string }[] = [];
  const viewRows: (typeof storyViews.$inferInsert)[] = [];
  const commentRows: (typeof storyComments.$inferInsert)[] = [];
  const reactionRows: (typeof storyReactions.$inferInsert)[] = [];
  const documentFrequency = new Map<string, number>();
  const journalDays = new Set<string>();
  let published = 0;
  // A fifth of the families never open a story (what the insights' engagement list is for).
  const silent = new Set([...familyOf.values()].flat().filter(() => rand() < 0.2));
  for (let n = 0; n < STORIES; n++) {
    const classId = allClasses[n % allClasses.length] as string;
    const kids = roster.get(classId) ?? [];
    const day = new Date(now - int(365) * DAY);
    const iso = day.toISOString().slice(0, 10);
    let kind = 'story';
    const r = rand();
    if (r < 0.05 && !journalDays.has(`${classId}:${iso}`)) {
      kind = 'journal';
      journalDays.add(`${classId}:${iso}`);
    } else if (r < 0.08) kind = 'family';
    const named =
      kind === 'journal' ? [] : [...new Set(Array.from({ length: kind === 'family' ? 1 : 1 + int(3) }, () => pick(kids)))];
    // A family story is sent by a parent of its child.
    const sender = kind === 'family' ? familyOf.get(named[0]?.id ?? '')?.[0] : undefined;
    if (kind === 'family' && !sender) kind = 'story';
    const s = rand();
    const status =
      kind === 'family' ? (s < 0.7 ? 'accepted' : 'submitted') : s < 0.8 ? 'published' : s < 0.92 ? 'draft' : 'pending';
    const shown = status === 'published' || status === 'accepted';
    if (shown) published++;
    const text = storyText(named.length ? named.map((k) => k.firstName) : ['The class']);
    const id = newId();
    const createdAt = new Date(day.getTime() + (9 + int(6)) * 3_600_000);
    const author = sender ?? pick(classTeacher.get(classId) ?? [tara]);
    storyRows.push({
      id,
      schoolId: sunrise,
      classId,
      kind,
      status,
      ...text,
      storyDate: iso,
      authorId: author,
      authorKind: kind === 'family' ? 'parent' : 'staff',
      approvedBy: status === 'published' && rand() < 0.3 ? admin : null,
      publishedAt: shown ? new Date(createdAt.getTime() + 3_600_000) : null,
      createdAt,
      updatedAt: createdAt,
    });
    for (const w of new Set(`${text.title} ${text.bodyText} ${text.whatNext}`.toLowerCase().split(/[^a-z]+/)))
      if (w) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
    for (const k of named) childRows.push({ storyId: id, studentId: k.id });
    if (kind === 'story' && rand() < 0.3) {
      tagLinkRows.push({ storyId: id, tagId: zipf(tagRows).id });
      areaRows.push({ storyId: id, areaId: pick(areaIds) });
    }
    if (!shown) continue;
    // Families' views (a few thousand rows), comments and reactions, and teachers' answers.
    const families = [...new Set(named.flatMap((k) => familyOf.get(k.id) ?? []))].filter((f) => !silent.has(f));
    for (const userId of families) {
      if (rand() < 0.3) {
        const at = new Date(createdAt.getTime() + (1 + int(48)) * 3_600_000);
        viewRows.push({ storyId: id, userId, views: 1 + int(4), firstViewedAt: at, lastViewedAt: at });
        if (rand() < 0.5)
          reactionRows.push({ storyId: id, userId, reaction: pick(['heart', 'clap', 'smile', 'wow']), createdAt: at });
        if (rand() < 0.5) {
          commentRows.push({
            id: newId(),
            schoolId: sunrise,
            storyId: id,
            authorId: userId,
            authorKind: 'parent',
            body: `${pick(['Lovely', 'Wonderful', 'So proud', 'Thank you', 'Amazing'])}! ${pick(QUOTES)}.`,
            createdAt: at,
          });
          if (rand() < 0.4)
            commentRows.push({
              id: newId(),
              schoolId: sunrise,
              storyId: id,
              authorId: author,
              authorKind: 'staff',
              body: 'Thank you for sharing, we will try it again tomorrow.',
              createdAt: new Date(at.getTime() + 3_600_000),
            });
        }
      }
    }
  }
  await insertAll(db, stories, storyRows, 400);
  await insertAll(db, storyChildren, childRows, 2000);
  await insertAll(db, storyTagLinks, tagLinkRows, 2000);
  await insertAll(db, storyAreas, areaRows, 2000);
  await insertAll(db, storyViews, viewRows, 1000);
  await insertAll(db, storyComments, commentRows, 1000);
  await insertAll(db, storyReactions, reactionRows, 1000);
  // As autovacuum leaves a school that grew over a year: the planner's statistics, the visibility map,
  // and the search index's pending list merged into the index (a bulk load leaves thousands of stories
  // there, which every search would then read one by one).
  if (postgres) await db.execute(sql`vacuum analyze`);
  else await database.analyze();
  await database.close();
  return {
    classIds: allClasses,
    stories: storyRows.length,
    published,
    children: [...roster.values()].reduce((n, r) => n + r.length, 0),
    parents: parentUsers.length,
    storyChildren: childRows.length,
    tagLinks: tagLinkRows.length,
    areaLinks: areaRows.length,
    views: viewRows.length,
    comments: commentRows.length,
    reactions: reactionRows.length,
    documentFrequency,
    secondsToSeed: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** Search words at several frequencies, from almost every story to none. */
function searchWords(df: Map<string, number>, total: number): { word: string; stories: number; share: string }[] {
  const vocab = new Set([...nouns, ...verbs, ...adjectives, ...RARE]);
  const candidates = [...df].filter(([w]) => vocab.has(w)).sort((a, b) => b[1] - a[1]);
  const near = (share: number) =>
    candidates.reduce((best, c) => (Math.abs(c[1] / total - share) < Math.abs(best[1] / total - share) ? c : best));
  const chosen = new Map<string, number>();
  for (const share of [0.6, 0.25, 0.08, 0.02, 0.005, 0.0005]) {
    const [w, n] = near(share);
    chosen.set(w, n);
  }
  chosen.set('zeppelin', df.get('zeppelin') ?? 0);
  return [...chosen].map(([word, stories]) => ({ word, stories, share: `${((stories / total) * 100).toFixed(2)}%` }));
}

// ------------------------------------------------------------------ measuring

/** CPU time (ms) a process has used, and with `children`, the time of the children it has reaped. */
const CLOCK_TICK_MS = 10;
function cpuOf(pid: number, children = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return ((f[11] ?? 0) + (f[12] ?? 0) + (children ? (f[13] ?? 0) + (f[14] ?? 0) : 0)) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}
const parentOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

/**
 * What the requests cost in CPU, apart from waiting: the server process, and on PostgreSQL every
 * process of its server (the backends, live or ended). The machine is shared, so latencies carry
 * others' load; CPU per request does not, or far less.
 */
const cpu = {
  server: 0,
  postmaster: 0,
  sample(): { server: number; db: number } {
    let db = 0;
    if (this.postmaster) {
      db = cpuOf(this.postmaster, true);
      for (const entry of fs.readdirSync('/proc')) {
        const pid = Number(entry);
        if (!pid) continue;
        try {
          if (parentOf(pid) === this.postmaster) db += cpuOf(pid);
        } catch {}
      }
    }
    return { server: cpuOf(this.server), db };
  },
};

async function findPostmaster(): Promise<number> {
  if (!postgres) return 0;
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  // Read while the backend lives: its parent is the server's postmaster.
  const postmaster = parentOf(rows[0]?.pid as number);
  await client.end();
  return postmaster;
}

interface Figure {
  name: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  serverCpuMsPerRequest: number;
  dbCpuMsPerRequest: number | null;
}

/** autocannon over a rotating list of paths (each connection walks the list in turn). */
async function loadPaths(
  name: string,
  base: string,
  token: string,
  paths: string[],
  duration: number,
  connections = CONNECTIONS,
): Promise<Figure> {
  const before = cpu.sample();
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const figure = {
    name,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpuMsPerRequest: 0,
    dbCpuMsPerRequest: null as number | null,
  };
  const after = cpu.sample();
  const per = (ms: number) => Math.round((ms / Math.max(1, result.requests.total)) * 100) / 100;
  figure.serverCpuMsPerRequest = per(after.server - before.server);
  figure.dbCpuMsPerRequest = postgres ? per(after.db - before.db) : null;
  if (figure.non2xx || figure.errors) throw new Error(`${name}: ${figure.non2xx} non-2xx, ${figure.errors} errors`);
  return figure;
}

const ddmmyyyy = (d: Date) => {
  const iso = d.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
};

async function get<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function timeInsights(name: string, url: string, token: string) {
  await get(url, token); // warm-up: plans, caches, the JIT
  const times: number[] = [];
  const before = cpu.sample();
  let totals: Record<string, number> = {};
  let sizes = {};
  for (let i = 0; i < INSIGHT_CALLS; i++) {
    const started = performance.now();
    const body = await get<{
      totals: Record<string, number>;
      weeks: unknown[];
      areas: unknown[];
      children: unknown[];
      families: unknown[];
      teachers: unknown[];
    }>(url, token);
    times.push(performance.now() - started);
    totals = body.totals;
    sizes = {
      weeks: body.weeks.length,
      areas: body.areas.length,
      children: body.children.length,
      families: body.families.length,
      teachers: body.teachers.length,
    };
  }
  const after = cpu.sample();
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    calls: INSIGHT_CALLS,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) as number),
    minMs: round(times[0] as number),
    serverCpuMsPerCall: round((after.server - before.server) / INSIGHT_CALLS),
    dbCpuMsPerCall: postgres ? round((after.db - before.db) / INSIGHT_CALLS) : null,
    totals,
    sizes,
  };
}

/**
 * EXPLAIN ANALYZE of the exact statements the library and the insights send (PostgreSQL only): the
 * repository's own functions run through a logging connection (timed, with drizzle's mapping of the
 * rows), each statement they sent then explained with its parameters.
 */
async function explainQueries(words: string[], classIds: string[]) {
  if (!postgres) return null;
  const repo = await import('../apps/server/src/modules/stories/repo.js');
  const database = await openDatabase({ kind: 'postgres', url: postgres, poolSize: 2 });
  const pool = database.pool as NonNullable<typeof database.pool>;
  const logged: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => logged.push({ sql: q, params }) } }) as unknown as Db;
  const scope = { kind: 'staff', schoolId: sunrise, userId: admin } as unknown as Scope;
  const out: {
    query: string;
    medianCallMs: number;
    statements: { executionMs: number; planningMs: number; sql: string; plan: string[] }[];
  }[] = [];
  const explain = async (query: string, call: () => Promise<unknown>) => {
    await call(); // warm
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      logged.length = 0;
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    const statements = [];
    // Replayed in order on one connection: a transaction and its settings apply to what it explains.
    const client = await pool.connect();
    for (const statement of [...logged]) {
      if (!/^\s*(select|with)\b/i.test(statement.sql)) {
        await client.query(statement.sql, statement.params);
        continue;
      }
      const { rows } = await client.query(`explain (analyze, buffers, format text) ${statement.sql}`, statement.params);
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN'] as string);
      const text = plan.join('\n');
      statements.push({
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0),
        planningMs: Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? 0),
        sql: statement.sql,
        plan,
      });
    }
    client.release();
    out.push({ query, medianCallMs: Math.round((times[2] as number) * 10) / 10, statements });
  };
  const listOf = (filter: Partial<Parameters<typeof repo.list>[2]>) => () =>
    repo.list(scope, db, { kinds: ['story', 'family', 'journal'], limit: 20, offset: 0, ...filter });
  for (const w of words) await explain(`list search=${w}`, listOf({ search: w }));
  await explain('list, no search', listOf({}));
  await explain('list, page 50', listOf({ offset: 49 * 20 }));
  await explain(`list class_id + search=${words[0]}`, listOf({ search: words[0], classId: nurseryA }));
  await explain(`list teacher's 20 classes + search=${words[1]}`, listOf({ search: words[1], classIds }));
  const period = {
    classIds,
    from: new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10),
    to: new Date().toISOString().slice(0, 10),
  };
  await explain('insights: insightStories (school, 365 days)', () => repo.insightStories(scope, db, period));
  await explain('insights: insightLinks (school, 365 days)', () => repo.insightLinks(scope, db, period));
  await explain('insights: classChildren', () => repo.classChildren(scope, db, classIds));
  await explain('insights: reactionCount', () => repo.reactionCount(scope, db, period));
  await database.close();
  return out;
}

// ------------------------------------------------------------------ the run

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-stories-bench-'));
  // The server creates the schema and the demo school, then stops while the year of stories is written
  // (the embedded database belongs to one process; on PostgreSQL it also starts with cold caches).
  let server: RunningServer = await startServer(PORT, { DATA_DIR: dataDir });
  await server.stop();
  const seeded = await fill(dataDir);
  const { documentFrequency, ...school } = seeded;
  console.log('school', school);
  const words = searchWords(documentFrequency, seeded.stories);
  console.log('search words', words);
  // --seed-only 1: leave the school in the database (to study its plans in psql) and stop here.
  if (arg('seed-only', 0)) return;
  server = await startServer(PORT, { DATA_DIR: dataDir });
  cpu.server = server.process.pid ?? 0;
  cpu.postmaster = await findPostmaster();
  const adminToken = await signIn(server.url, '9000000002');
  const teacherToken = await signIn(server.url, '9000000003');
  const searchPath = (w: string, extra = '') => `/api/stories/?search=${encodeURIComponent(w)}${extra}`;
  const wordList = words.map((w) => w.word);
  const twoWords = `${wordList[1]} ${wordList[3]}`;
  const rotating = [...wordList, twoWords, DEMO.classes.nurseryA.students[1].split(' ')[0] as string];

  // Sanity: a page holds 20 stories and its total counts every match, on a full page, the short last
  // page and a page past the end alike.
  type Page = { items: unknown[]; total: number };
  const all = await get<Page>(`${server.url}/api/stories/`, adminToken);
  if (all.total < seeded.stories || all.items.length !== 20) throw new Error(`library shows ${all.total} stories`);
  for (const w of words) {
    const pages = Math.ceil(w.stories / 20);
    for (const page of [1, pages, pages + 1].filter((p, i, list) => p > 0 && list.indexOf(p) === i)) {
      const got = await get<Page>(`${server.url}${searchPath(w.word)}&page=${page}`, adminToken);
      const expected = Math.max(0, Math.min(20, w.stories - (page - 1) * 20));
      if (got.total !== w.stories || got.items.length !== expected)
        throw new Error(`"${w.word}" page ${page}: ${got.items.length} of ${got.total}, expected ${expected} of ${w.stories}`);
    }
  }
  console.log(`library: ${all.total} stories; totals and pages of every search word check out`);

  await loadPaths(
    'warm-up',
    server.url,
    adminToken,
    rotating.map((w) => searchPath(w)),
    3,
  );
  const library = [];
  library.push(await loadPaths('page 1, no search (admin)', server.url, adminToken, ['/api/stories/'], DURATION));
  library.push(
    await loadPaths(
      'search, rotating words (admin)',
      server.url,
      adminToken,
      rotating.map((w) => searchPath(w)),
      DURATION,
    ),
  );
  library.push(
    await loadPaths(
      'search, rotating words (admin, 1 connection)',
      server.url,
      adminToken,
      rotating.map((w) => searchPath(w)),
      DURATION,
      1,
    ),
  );
  library.push(
    await loadPaths(
      'class_id + search, rotating (admin)',
      server.url,
      adminToken,
      rotating.map((w) => searchPath(w, `&class_id=${nurseryA}`)),
      DURATION,
    ),
  );
  library.push(
    await loadPaths(
      'search, rotating words (teacher of 20 classes)',
      server.url,
      teacherToken,
      rotating.map((w) => searchPath(w)),
      DURATION,
    ),
  );
  for (const w of [...words, { word: twoWords, stories: -1, share: '' }]) {
    library.push(
      await loadPaths(
        `search="${w.word}" (${w.stories >= 0 ? `${w.stories} stories, ${w.share}` : 'both words'})`,
        server.url,
        adminToken,
        [searchPath(w.word)],
        WORD_DURATION,
      ),
    );
  }
  console.table(library);

  const from = ddmmyyyy(new Date(Date.now() - 365 * DAY));
  const to = ddmmyyyy(new Date());
  const insights = [
    await timeInsights(
      'whole school (20 classes), 365 days (admin)',
      `${server.url}/api/story_insights/?from_date=${from}&to_date=${to}`,
      adminToken,
    ),
    await timeInsights(
      'one class (Nursery A), 365 days (admin)',
      `${server.url}/api/story_insights/?class_id=${nurseryA}&from_date=${from}&to_date=${to}`,
      adminToken,
    ),
    await timeInsights(
      'whole school, 365 days (teacher of 20 classes)',
      `${server.url}/api/story_insights/?from_date=${from}&to_date=${to}`,
      teacherToken,
    ),
  ];
  console.table(insights.map(({ totals: _t, sizes: _s, ...i }) => i));
  console.log('insights totals (whole school)', insights[0]?.totals, insights[0]?.sizes);
  await server.stop();

  const explained = await explainQueries(wordList, seeded.classIds);
  if (explained)
    console.table(
      explained.map(({ query, medianCallMs, statements }) => ({
        query,
        medianCallMs,
        sqlExecutionMs: statements.map((st) => st.executionMs).join(' + '),
      })),
    );

  const file = saveResults(`stories-${postgres ? 'pg' : 'pglite'}`, {
    machine: machine(),
    loadAverage: os.loadavg(),
    database: postgres ? 'postgres' : 'pglite',
    connections: CONNECTIONS,
    school,
    searchWords: words,
    library,
    insights,
    explained,
  });
  console.log(`saved ${file}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
