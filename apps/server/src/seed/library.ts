import { addDays, ddmmyyyyFromIso, type LibraryItemRequest } from '@cue/contract';
import { and, count, eq } from 'drizzle-orm';
import { libraryItems, libraryLoans } from '../platform/db/schema.js';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's library (with its history, `npm start`): Sunrise's loan rules by age group, some thirty
 * real picture books (a few in Arabic and Hebrew) with one to three copies numbered from the school's
 * sequence, Aarav's book due in a few days, Diya's book three days overdue and Vihaan waiting for it —
 * written through the services as Anita, Sunrise's admin.
 */

type Book = Pick<LibraryItemRequest, 'title' | 'authors' | 'language' | 'age_min' | 'age_max' | 'tags'> & {
  isbn: string | null;
  publisher: string | null;
  published_year: number | null;
  copies: number;
  kind?: 'book' | 'picture_book';
};

const pb = (
  title: string,
  authors: string[],
  isbn: string | null,
  publisher: string | null,
  year: number | null,
  copies: number,
  tags: string[],
  language = 'en',
  ages: [number, number] = [2, 6],
): Book => ({
  title,
  authors,
  isbn,
  publisher,
  published_year: year,
  copies,
  tags,
  language,
  age_min: ages[0],
  age_max: ages[1],
  kind: 'picture_book',
});

export const DEMO_BOOKS: Book[] = [
  pb('The Very Hungry Caterpillar', ['Eric Carle'], '9780399226908', 'Philomel Books', 1987, 3, ['animals', 'counting']),
  pb('Where the Wild Things Are', ['Maurice Sendak'], '9780060254926', 'HarperCollins', 1963, 1, ['imagination']),
  pb('The Gruffalo', ['Julia Donaldson', 'Axel Scheffler'], '9780333710937', 'Macmillan', 1999, 2, ['animals', 'rhyme']),
  pb(
    'Goodnight Moon',
    ['Margaret Wise Brown', 'Clement Hurd'],
    '9780064430173',
    'HarperCollins',
    1991,
    2,
    ['bedtime'],
    'en',
    [1, 4],
  ),
  pb(
    'Brown Bear, Brown Bear, What Do You See?',
    ['Bill Martin Jr.', 'Eric Carle'],
    '9780805047905',
    'Henry Holt',
    1996,
    2,
    ['animals', 'colours'],
    'en',
    [1, 4],
  ),
  pb('The Cat in the Hat', ['Dr. Seuss'], '9780394800011', 'Random House', 1957, 1, ['rhyme'], 'en', [3, 7]),
  pb('Green Eggs and Ham', ['Dr. Seuss'], '9780394800165', 'Random House', 1960, 2, ['rhyme', 'food'], 'en', [3, 7]),
  pb('Guess How Much I Love You', ['Sam McBratney', 'Anita Jeram'], '9780763642648', 'Candlewick Press', 2008, 1, [
    'family',
    'bedtime',
  ]),
  pb('The Snowy Day', ['Ezra Jack Keats'], '9780670654000', 'Viking', 1962, 1, ['seasons']),
  pb('Corduroy', ['Don Freeman'], '9780670241330', 'Viking', 1968, 1, ['friendship']),
  pb(
    'Chicka Chicka Boom Boom',
    ['Bill Martin Jr.', 'John Archambault', 'Lois Ehlert'],
    '9781442450707',
    'Beach Lane Books',
    2012,
    2,
    ['alphabet', 'rhyme'],
  ),
  pb('Room on the Broom', ['Julia Donaldson', 'Axel Scheffler'], '9780333903377', 'Macmillan', 2001, 2, ['rhyme', 'friendship']),
  pb('The Tiger Who Came to Tea', ['Judith Kerr'], '9780007215997', 'HarperCollins', 2006, 1, ['animals', 'food']),
  pb('Owl Babies', ['Martin Waddell', 'Patrick Benson'], '9781564021014', 'Candlewick Press', 1992, 1, ['animals', 'family']),
  pb('Dear Zoo', ['Rod Campbell'], '9781416947370', 'Little Simon', 2007, 2, ['animals', 'lift-the-flap'], 'en', [1, 4]),
  pb('Pete the Cat: I Love My White Shoes', ['Eric Litwin', 'James Dean'], '9780061906220', 'HarperCollins', 2010, 1, [
    'colours',
    'music',
  ]),
  pb("Don't Let the Pigeon Drive the Bus!", ['Mo Willems'], '9780786819881', 'Hyperion', 2003, 1, ['humour']),
  pb('The Giving Tree', ['Shel Silverstein'], '9780060256654', 'HarperCollins', 1964, 1, ['nature', 'kindness'], 'en', [3, 8]),
  pb('Harold and the Purple Crayon', ['Crockett Johnson'], '9780064430227', 'HarperCollins', 1998, 1, ['imagination', 'drawing']),
  pb('Make Way for Ducklings', ['Robert McCloskey'], '9780670451494', 'Viking', 1941, 1, ['animals', 'city']),
  pb('Curious George', ['H. A. Rey'], '9780395150238', 'Houghton Mifflin', 1973, 2, ['animals', 'humour']),
  pb('The Rainbow Fish', ['Marcus Pfister'], '9781558580091', 'NorthSouth Books', 1992, 2, ['sea', 'sharing']),
  pb('Llama Llama Red Pajama', ['Anna Dewdney'], '9780670059836', 'Viking', 2005, 1, ['bedtime', 'rhyme']),
  pb(
    'Click, Clack, Moo: Cows That Type',
    ['Doreen Cronin', 'Betsy Lewin'],
    '9780689832130',
    'Simon & Schuster',
    2000,
    1,
    ['farm', 'humour'],
    'en',
    [3, 7],
  ),
  pb("Where's Spot?", ['Eric Hill'], '9780399207587', 'Putnam', 1980, 2, ['animals', 'lift-the-flap'], 'en', [1, 4]),
  // Arabic and Hebrew titles of the school's families: classics without an ISBN on the school's copies.
  pb('كليلة ودمنة', ['ابن المقفع'], null, null, null, 1, ['fables'], 'ar', [4, 8]),
  pb('الدودة الجائعة جداً', ['إريك كارل'], null, null, null, 1, ['animals', 'counting'], 'ar'),
  pb('איה פלוטו', ['לאה גולדברג'], null, null, null, 1, ['animals', 'rhyme'], 'he'),
  pb('דירה להשכיר', ['לאה גולדברג'], null, null, null, 1, ['animals', 'rhyme'], 'he', [3, 7]),
  pb('מעשה בחמישה בלונים', ['מרים רות'], null, null, null, 1, ['colours'], 'he'),
];

/** Seeds Sunrise's library when its catalogue is empty. Returns whether anything was written. */
export async function seedDemoLibraryIfEmpty(services: Services): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:library',
    isTemp: false,
  });
  const { library, loans } = services;
  const db = loans.db;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(libraryItems).where(eq(libraryItems.schoolId, sunrise));
  if (n > 0) return false;

  const settings = await library.settings(anita);
  await library.saveSettings(anita, {
    ...settings,
    rules: [
      { label: 'Nursery (2–3 years)', age_min: 2, age_max: 3, loan_days: 7, max_loans: 1, max_renewals: 1 },
      { label: '4–6 years', age_min: 4, age_max: 6, loan_days: 14, max_loans: 2, max_renewals: 1 },
    ],
  });
  const made = new Map<string, string>();
  for (const b of DEMO_BOOKS) {
    const item = await library.createItem(anita, {
      kind: b.kind ?? 'book',
      title: b.title,
      subtitle: null,
      authors: b.authors,
      isbn: b.isbn,
      publisher: b.publisher,
      published_year: b.published_year,
      language: b.language,
      age_min: b.age_min,
      age_max: b.age_max,
      tags: b.tags,
      description: null,
      copies: b.copies,
    });
    made.set(b.title, item.id);
  }
  const firstCopy = async (title: string) => {
    const id = made.get(title);
    if (!id) throw new Error(`demo library: ${title} not made`);
    const found = await library.itemWithCopies(anita, id);
    const copy = found.copy_list[0];
    if (!copy) throw new Error(`demo library: ${title} has no copy`);
    return copy.barcode;
  };
  const today = await library.today(anita);
  // Aarav's Gruffalo is due in four days.
  await loans.checkout(anita, {
    barcode: await firstCopy('The Gruffalo'),
    student_id: demoId('student:Aarav Sharma'),
    due_on: ddmmyyyyFromIso(addDays(today, 4)),
  });
  // Diya borrowed Where the Wild Things Are seventeen days ago: it was due three days ago.
  const diya = demoId('student:Diya Patel');
  const wild = await loans.checkout(anita, { barcode: await firstCopy('Where the Wild Things Are'), student_id: diya });
  await db
    .update(libraryLoans)
    .set({ dueOn: addDays(today, -3), checkedOutAt: new Date(Date.parse(`${addDays(today, -17)}T09:30:00Z`)) })
    .where(and(eq(libraryLoans.schoolId, sunrise), eq(libraryLoans.id, wild.id)));
  // Vihaan waits for it.
  const wildId = made.get('Where the Wild Things Are');
  if (wildId) await loans.reserve(anita, { item_id: wildId, student_id: demoId('student:Vihaan Gupta') });
  return true;
}
