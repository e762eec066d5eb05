import sharp from 'sharp';
import { demoId } from '../../src/seed/demo.js';
import { type PagedContext, type PagedList, requests } from './support.js';

const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');

/** Observations, stories, reflections, media and the children's list and record. */
export function learningLists(ctx: PagedContext): PagedList[] {
  const { expectOk } = requests(ctx);
  /** DD-MM-YYYY of `daysAgo` days before the test clock's day. */
  const day = (daysAgo: number) =>
    new Date(ctx.t().clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
  /** How many items the list has now. */
  const total = async (url: string, as: PagedList['as']) =>
    (await expectOk('GET', `${url}${url.includes('?') ? '&' : '?'}page_size=1`, as)).total as number;
  /** The first item of the list now (a write on its day, written later, comes before it). */
  const first = async (url: string, as: PagedList['as']) =>
    (await expectOk('GET', `${url}${url.includes('?') ? '&' : '?'}page_size=1`, as)).items[0] as Record<string, string>;

  const observe = (date: string, note: string) =>
    expectOk('POST', '/api/observations/', 'tara', {
      class_id: nurseryA,
      observation_entries: [{ student_id: aarav, date, general_note: note }],
    });
  const story = (storyDate: string, title: string) =>
    expectOk('POST', '/api/stories/', 'tara', {
      class_id: nurseryA,
      title,
      body: `<p>${title}</p>`,
      story_date: storyDate,
      student_ids: [aarav],
      action: 'publish',
    });
  const reflect = (date: string, body: string) =>
    expectOk('POST', '/api/reflections/', 'tara', { class_id: nurseryA, author_kind: 'teacher', date, body });

  // The gallery: photos of Nursery A, seen by their families where Aarav is tagged, made ready.
  const boundary = '----cue-paged';
  const upload = async (caption: string) => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer();
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="privacy"\r\n\r\ntagged\r\n--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const res = await ctx.t().request({
      method: 'POST',
      url: `/api/class_media/${nurseryA}`,
      headers: { authorization: `Bearer ${ctx.tokens.tara}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
    const id = res.json().result._id as string;
    await expectOk('POST', '/api/multiple_peoples_tag/', 'tara', { media_ids: [id], student_ids: [aarav] });
    for (let i = 0; i < 10; i++) if ((await ctx.t().services.jobs.runDue()) === 0) break;
  };
  const gallery = async (url: string, as: PagedList['as']) => {
    for (let i = await total(url, as); i < 5; i++) await upload(`Paged photo ${i}`);
  };
  const classMedia = `/api/class_media/${nurseryA}`;
  const childMedia = `/api/search_child_media/${aarav}`;

  return [
    {
      route: 'observationList',
      url: () => '/api/observations/',
      as: 'tara',
      seed: async () => {
        for (let i = await total('/api/observations/', 'tara'); i < 5; i++) await observe(day(2), `Paged observation ${i}`);
      },
      write: async () => {
        await observe((await first('/api/observations/', 'tara')).date ?? day(0), 'Observation written between two pages');
      },
    },
    {
      route: 'storyList',
      url: () => '/api/stories/',
      as: 'tara',
      seed: async () => {
        for (let i = await total('/api/stories/', 'tara'); i < 5; i++) await story(day(2), `Paged story ${i}`);
      },
      write: async () => {
        await story((await first('/api/stories/', 'tara')).story_date ?? day(1), 'Story written between two pages');
      },
    },
    {
      route: 'reflectionList',
      url: () => `/api/reflections/?class_id=${nurseryA}`,
      as: 'tara',
      seed: async () => {
        for (let i = await total(`/api/reflections/?class_id=${nurseryA}`, 'tara'); i < 5; i++)
          await reflect(day(2), `Paged reflection ${i}`);
      },
      write: async () => {
        await reflect(
          (await first(`/api/reflections/?class_id=${nurseryA}`, 'tara')).date ?? day(1),
          'Reflection written between two pages',
        );
      },
    },
    {
      route: 'classMediaList',
      url: () => classMedia,
      as: 'tara',
      seed: () => gallery(classMedia, 'tara'),
      write: () => upload('Photo uploaded between two pages'),
    },
    {
      route: 'childMedia',
      url: () => childMedia,
      as: 'rohan',
      seed: () => gallery(childMedia, 'rohan'),
      write: () => upload('Photo of Aarav uploaded between two pages'),
    },
    {
      route: 'studentList',
      url: () => '/api/student/',
      as: 'anita',
      // The demo school has 22 children; a child named Aaa comes first by name.
      write: async () => {
        await expectOk('POST', '/api/student/', 'anita', { first_name: 'Aaa', last_name: 'Paged', class_id: nurseryA });
      },
    },
  ];
}
