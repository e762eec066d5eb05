import { libraryCopies, libraryImports, libraryItems, libraryLoans, libraryReservations } from '../../src/platform/db/schema.js';
import { newId } from '../../src/platform/ids.js';
import { demoId } from '../../src/seed/demo.js';
import type { TestApp } from '../harness.js';

export interface SunriseLibrary {
  library_item: string;
  /** The copy on loan to Aarav (barcode SUNLIB00001). */
  library_copy: string;
  /** A copy on the shelf (barcode SUNLIB00002). */
  library_copy_free: string;
  library_loan: string;
  library_reservation: string;
  library_import: string;
}

/** An ISO day `days` after the server clock's today. */
const isoDay = (t: TestApp, days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Library objects of Sunrise for suites that check other callers cannot reach them, written straight
 * into the tables (as the routes would keep them): an item whose title names the school (so a list
 * that leaks it is seen), two copies, an open loan of the first to Aarav (lent by Tara, his teacher),
 * Aarav's reservation of the item, and a CSV import waiting in preview.
 */
export async function sunriseLibrary(t: TestApp): Promise<SunriseLibrary> {
  const db = t.database.db;
  const school = demoId('school:sunrise');
  const aarav = demoId('student:Aarav Sharma');
  const tara = demoId('user:9000000003');
  const anita = demoId('user:9000000002');
  const ids = {
    library_item: newId(),
    library_copy: newId(),
    library_copy_free: newId(),
    library_loan: newId(),
    library_reservation: newId(),
    library_import: newId(),
  };
  const title = 'Sunrise garden stories';
  await db.insert(libraryItems).values({
    id: ids.library_item,
    schoolId: school,
    title,
    authors: ['Asha Rao'],
    isbn13: '9780306406157',
    publisher: 'Sunrise Press',
    language: 'en',
    ageMin: 2,
    ageMax: 5,
    tags: ['garden'],
    searchText: `${title} asha rao 9780306406157 garden`.toLowerCase(),
    createdBy: anita,
  });
  await db.insert(libraryCopies).values([
    { id: ids.library_copy, schoolId: school, itemId: ids.library_item, barcode: 'SUNLIB00001', status: 'on_loan' },
    { id: ids.library_copy_free, schoolId: school, itemId: ids.library_item, barcode: 'SUNLIB00002', status: 'available' },
  ]);
  await db.insert(libraryLoans).values({
    id: ids.library_loan,
    schoolId: school,
    copyId: ids.library_copy,
    itemId: ids.library_item,
    studentId: aarav,
    checkedOutAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
    checkedOutBy: tara,
    dueOn: isoDay(t, 11),
    status: 'open',
  });
  await db.insert(libraryReservations).values({
    id: ids.library_reservation,
    schoolId: school,
    itemId: ids.library_item,
    studentId: aarav,
    status: 'waiting',
    createdBy: tara,
  });
  await db.insert(libraryImports).values({
    id: ids.library_import,
    schoolId: school,
    format: 'csv',
    filename: 'sunrise-catalogue.csv',
    status: 'preview',
    total: 1,
    // As the preview keeps a checked record: an item of its own with one copy numbered from the sequence.
    records: [
      {
        row: 1,
        title: 'Sunrise rhymes',
        subtitle: null,
        authors: ['Asha Rao'],
        isbn13: null,
        publisher: null,
        year: null,
        language: 'en',
        ageMin: null,
        ageMax: null,
        tags: [],
        kind: 'book',
        description: null,
        barcodes: [],
        numbered: 1,
        existingId: null,
      },
    ],
    createdBy: anita,
  });
  return ids;
}
