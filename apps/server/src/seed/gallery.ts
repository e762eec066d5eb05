import sharp from 'sharp';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * A few pictures of Nursery A's last days in the demo gallery (with the demo's history, `npm start`):
 * drawn scenes rather than photos of people, uploaded through the gallery's own service as its teacher,
 * so they are processed like any upload.
 */

const SCENES: {
  name: string;
  caption: string;
  daysAgo: number;
  privacy: 'class' | 'tagged' | 'staff';
  sky: string;
  ground: string;
  shapes: string;
}[] = [
  {
    name: 'garden.jpg',
    caption: 'Planting sunflower seeds in the garden',
    daysAgo: 0,
    privacy: 'class',
    sky: '#8ecae6',
    ground: '#6a994e',
    shapes:
      '<circle cx="640" cy="140" r="70" fill="#ffb703"/><rect x="180" y="330" width="16" height="150" fill="#386641"/><circle cx="188" cy="320" r="40" fill="#ffd60a"/><circle cx="188" cy="320" r="16" fill="#7f5539"/>',
  },
  {
    name: 'blocks.jpg',
    caption: 'A tower of ten blocks',
    daysAgo: 1,
    privacy: 'class',
    sky: '#ffe5ec',
    ground: '#d4a373',
    shapes:
      '<rect x="330" y="380" width="120" height="60" fill="#e63946"/><rect x="340" y="320" width="100" height="60" fill="#457b9d"/><rect x="350" y="260" width="80" height="60" fill="#f4a261"/><rect x="360" y="200" width="60" height="60" fill="#2a9d8f"/>',
  },
  {
    name: 'painting.jpg',
    caption: 'Painting with our hands',
    daysAgo: 1,
    privacy: 'class',
    sky: '#fefae0',
    ground: '#ccd5ae',
    shapes:
      '<circle cx="250" cy="250" r="80" fill="#ef476f" opacity="0.8"/><circle cx="360" cy="280" r="90" fill="#06d6a0" opacity="0.7"/><circle cx="480" cy="230" r="70" fill="#118ab2" opacity="0.8"/>',
  },
  {
    name: 'story-time.jpg',
    caption: 'Story time under the tree',
    daysAgo: 2,
    privacy: 'class',
    sky: '#bde0fe',
    ground: '#90a955',
    shapes:
      '<rect x="560" y="200" width="40" height="220" fill="#7f5539"/><circle cx="580" cy="170" r="110" fill="#4f772d"/><rect x="220" y="360" width="140" height="90" fill="#fb8500"/>',
  },
  {
    name: 'water-play.jpg',
    caption: 'Water play: what floats?',
    daysAgo: 3,
    privacy: 'class',
    sky: '#caf0f8',
    ground: '#48cae4',
    shapes:
      '<ellipse cx="400" cy="400" rx="260" ry="60" fill="#0077b6"/><rect x="300" y="360" width="70" height="30" fill="#ffb703"/><circle cx="480" cy="380" r="22" fill="#e63946"/>',
  },
  {
    name: 'snack.jpg',
    caption: 'Fruit for snack',
    daysAgo: 3,
    privacy: 'staff',
    sky: '#fff1e6',
    ground: '#ddbea9',
    shapes:
      '<circle cx="330" cy="330" r="50" fill="#d00000"/><circle cx="440" cy="340" r="45" fill="#ffba08"/><ellipse cx="540" cy="345" rx="60" ry="30" fill="#80b918"/>',
  },
];

function scene(s: (typeof SCENES)[number]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${s.sky}"/><rect y="420" width="800" height="180" fill="${s.ground}"/>${s.shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Uploads the demo's pictures to Nursery A's gallery when it has none. Returns how many. */
export async function seedDemoGalleryIfEmpty(services: Services, now: Date): Promise<number> {
  const scope = services.scopes.of({
    userId: demoId('user:9000000003'),
    kind: 'staff',
    schoolId: demoId('school:sunrise'),
    sessionId: 'seed:gallery',
    isTemp: false,
  });
  const nurseryA = demoId('class:nurseryA');
  const present = await services.media.list(scope, nurseryA, {}, 1).catch(() => null);
  if (!present || present.total > 0) return 0;
  for (const s of SCENES) {
    const day = new Date(now.getTime() - s.daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
    await services.media.upload(scope, nurseryA, {
      bytes: await scene(s),
      mimetype: 'image/jpeg',
      filename: s.name,
      owner: { uploadedBy: scope.userId, schoolId: scope.schoolId ?? null },
      fields: { caption: s.caption, privacy: s.privacy, taken_on: day },
    });
  }
  return SCENES.length;
}
