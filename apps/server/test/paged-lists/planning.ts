import { demoId } from '../../src/seed/demo.js';
import { type PagedContext, type PagedList, requests } from './support.js';

const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');

/** The day `days` after the test clock's, as the wire's DD-MM-YYYY. */
const dayFrom = (ctx: PagedContext, days: number) =>
  new Date(ctx.t().clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

/** Planning units, the unit library, planning resources, the library's items and loans, and chat messages. */
export function planningLists(ctx: PagedContext): PagedList[] {
  const { expectOk } = requests(ctx);
  /** A unit of Nursery A starting `days` from the test's today, for two weeks. */
  const unit = (title: string, days: number) =>
    expectOk('POST', '/api/units/', 'tara', {
      title,
      class_ids: [nurseryA],
      start_date: dayFrom(ctx, days),
      end_date: dayFrom(ctx, days + 13),
    });
  const libraryUnit = (title: string) =>
    expectOk('POST', '/api/unit_library/', 'anita', { framework: 'eyfs', title, summary: 'Paged', weeks: 2 });
  const resource = (title: string) => expectOk('POST', '/api/planning_resources/', 'anita', { kind: 'book', title });
  const item = (title: string) => expectOk('POST', '/api/library/items/', 'anita', { title, copies: 0 });
  const lend = (barcode: string, student: string) =>
    expectOk('POST', '/api/library/loans/', 'anita', { barcode, student_id: student });
  const giveBack = (barcode: string) => expectOk('POST', '/api/library/returns', 'anita', { barcode });

  // One copy lent and returned five times (its loans, and the school's), and another copy lent between two pages.
  let copyId = '';
  let lent: Promise<void> | undefined;
  const lendFiveTimes = () => {
    lent ??= (async () => {
      const book = await item('Paged loans');
      const copies = (await expectOk('POST', `/api/library/items/${book.id}/copies`, 'anita', {
        barcodes: ['PAGED-LOAN-1', 'PAGED-LOAN-2', 'PAGED-LOAN-3'],
      })) as { id: string; barcode: string }[];
      copyId = copies.find((c) => c.barcode === 'PAGED-LOAN-1')?.id ?? '';
      for (let i = 0; i < 5; i++) {
        await lend('PAGED-LOAN-1', aarav);
        await giveBack('PAGED-LOAN-1');
      }
    })();
    return lent;
  };

  return [
    {
      route: 'unitList',
      url: () => `/api/units/?class_id=${nurseryA}`,
      as: 'tara',
      seed: async () => {
        for (let i = 0; i < 5; i++) await unit(`Paged unit ${i}`, 7);
      },
      // The latest start comes first.
      write: async () => void (await unit('Unit written between two pages', 800)),
    },
    {
      route: 'libraryList',
      url: () => '/api/unit_library/',
      as: 'anita',
      seed: async () => {
        for (let i = 0; i < 5; i++) await libraryUnit(`Paged library unit ${i}`);
      },
      // The organization's own come first, by title.
      write: async () => void (await libraryUnit('00 Library unit written between two pages')),
    },
    {
      route: 'resourceList',
      url: () => '/api/planning_resources/',
      as: 'anita',
      seed: async () => {
        for (let i = 0; i < 5; i++) await resource(`Paged resource ${i}`);
      },
      write: async () => void (await resource('00 Resource written between two pages')),
    },
    {
      route: 'libraryItemList',
      url: () => '/api/library/items/',
      as: 'anita',
      seed: async () => {
        for (let i = 0; i < 5; i++) await item(`Paged item ${i}`);
      },
      write: async () => void (await item('00 item written between two pages')),
    },
    {
      route: 'libraryLoanList',
      url: () => '/api/library/loans/?status=all',
      as: 'anita',
      seed: lendFiveTimes,
      // The newest loan comes first.
      write: async () => void (await lend('PAGED-LOAN-2', diya)),
    },
    {
      route: 'libraryCopyLoans',
      url: () => `/api/library/copies/${copyId}/loans`,
      as: 'anita',
      seed: lendFiveTimes,
      write: async () => void (await lend('PAGED-LOAN-1', aarav)),
    },
  ];
}
