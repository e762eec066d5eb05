import { ddmmyyyyFromIso, type StoryRequest } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's stories (with its history, `npm start`): the school's story tags, two published learning
 * stories of Nursery A with pictures of its gallery, a draft, today's class journal, and a family's
 * comment and reaction — written through the stories service as the school's admin, teacher and parent.
 */

const TAGS = ['Being curious', 'Keeping on trying', 'Working together', 'Making things', 'Talking and listening'];

const dayOf = (now: Date, daysAgo: number) =>
  ddmmyyyyFromIso(new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10));

/** Seeds the demo's stories when the school has no story tag yet. Returns how many stories were written. */
export async function seedDemoStoriesIfEmpty(services: Services, now: Date): Promise<number> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const as = (userId: string, kind: 'staff' | 'parent' = 'staff') =>
    services.scopes.of({ userId, kind, schoolId: kind === 'staff' ? sunrise : null, sessionId: 'seed:stories', isTemp: false });
  const admin = as(demoId('user:9000000002'));
  const tara = as(demoId('user:9000000003'));
  const rohan = as(demoId('user:9000000004'), 'parent');
  if ((await services.stories.tags(admin, true)).length > 0) return 0;
  const tags: { _id: string; name: string }[] = [];
  for (const name of TAGS) tags.push(await services.stories.createTag(admin, name));
  const tagId = (name: string) => tags.find((t) => t.name === name)?._id ?? '';

  const areas = await services.observations.areasOfClass(tara, nurseryA);
  const areaId = (name: string) => areas.filter((a) => a.name === name).map((a) => a.id);
  const gallery = (await services.media.list(tara, nurseryA, {}, 1)).items;
  const item = (caption: string) => gallery.filter((i) => i.caption === caption).map((i) => i._id);
  const child = (name: string) => demoId(`student:${name}`);

  const write = (body: Partial<StoryRequest> & Pick<StoryRequest, 'title' | 'story_date'>) =>
    services.stories.create(tara, {
      kind: 'story',
      class_id: nurseryA,
      body: '',
      what_next: '',
      student_ids: [],
      media_ids: [],
      tag_ids: [],
      area_ids: [],
      action: 'publish',
      ...body,
    });
  const tower = await write({
    title: 'The tallest tower yet',
    story_date: dayOf(now, 1),
    body: '<p>Aarav and Vihaan built a tower of <strong>ten blocks</strong>. When it wobbled, Vihaan held the bottom while Aarav added the last block, and they counted them together.</p>',
    what_next: 'Offer longer planks and a tape measure: how tall can a tower be before it falls?',
    student_ids: [child('Aarav Sharma'), child('Vihaan Gupta')],
    media_ids: item('A tower of ten blocks'),
    tag_ids: [tagId('Keeping on trying'), tagId('Working together')],
    area_ids: [...areaId('Mathematics'), ...areaId('Personal, Social and Emotional Development')],
  });
  await write({
    title: 'Colours that mix',
    story_date: dayOf(now, 1),
    body: '<p>Diya pressed her red hand over a blue print and said “It made purple!” She tried yellow next to see what it would make.</p>',
    what_next: 'Put out the three primary colours and a mixing tray.',
    student_ids: [child('Diya Patel')],
    media_ids: item('Painting with our hands'),
    tag_ids: [tagId('Being curious'), tagId('Making things')],
    area_ids: areaId('Expressive Arts and Design'),
  });
  await write({
    title: 'Kabir’s song',
    story_date: dayOf(now, 0),
    body: '<p>Kabir sang the whole of “Twinkle, twinkle” at circle time.</p>',
    student_ids: [child('Kabir Khan')],
    tag_ids: [tagId('Talking and listening')],
    action: 'draft',
  });
  await write({
    kind: 'journal',
    title: 'Sunflowers in the garden',
    story_date: dayOf(now, 0),
    body: '<p>Today we planted sunflower seeds in the garden and watered them. Each child chose a pot and gave their seed a name.</p>',
    what_next: 'Please send an empty yoghurt pot for next week’s planting.',
    media_ids: item('Planting sunflower seeds in the garden'),
  });
  await services.stories.addComment(rohan, tower.story._id, 'Aarav told us all about it at dinner!');
  await services.stories.react(rohan, tower.story._id, 'heart');
  return 4;
}
