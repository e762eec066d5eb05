import { demoId } from '../../src/seed/demo.js';
import { type PagedContext, type PagedList, requests } from './support.js';

const nurseryA = demoId('class:nurseryA');

/** Announcements (a parent's) and homework (a teacher's). */
export function communicationLists(ctx: PagedContext): PagedList[] {
  const { expectOk } = requests(ctx);
  const announce = (title: string) =>
    expectOk('POST', '/api/communication/announcements/', 'anita', {
      title,
      summary: `<p>${title}</p>`,
      share_with: 'Classes',
      classes_ids: [nurseryA],
    });
  const homework = (title: string) =>
    expectOk('POST', '/api/communication/homeworks/', 'tara', { title, classes_ids: [nurseryA], due_date: '30-11-2026' });
  return [
    {
      route: 'announcementList',
      url: () => '/api/communication/announcements/',
      as: 'rohan',
      seed: async () => {
        for (let i = 0; i < 5; i++) await announce(`Paged ${i}`);
      },
      write: () => announce('Written between two pages'),
    },
    {
      route: 'homeworkList',
      url: () => '/api/communication/homeworks/',
      as: 'tara',
      seed: async () => {
        for (let i = 0; i < 5; i++) await homework(`Paged homework ${i}`);
      },
      write: () => homework('Homework written between two pages'),
    },
  ];
}
