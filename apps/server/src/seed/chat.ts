import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's chat (with its history, `npm start`): Aarav's family talking with Nursery A's staff, and
 * Nursery A's class channel with a note from the teacher — written through the chat service as the
 * school's teacher and parent, so a new visitor opens a chat that has already been used.
 */

/** Seeds the demo's conversations when Nursery A has none yet. Returns how many messages were written. */
export async function seedDemoChatIfEmpty(services: Services): Promise<number> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const as = (userId: string, kind: 'staff' | 'parent' = 'staff') =>
    services.scopes.of({ userId, kind, schoolId: kind === 'staff' ? sunrise : null, sessionId: 'seed:chat', isTemp: false });
  const tara = as(demoId('user:9000000003'));
  const rohan = as(demoId('user:9000000004'), 'parent');
  if ((await services.chat.list(tara, {})).length > 0) return 0;
  let written = 0;
  const say = async (scope: ReturnType<typeof as>, id: string, body: string, n: number) => {
    await services.chat.send(scope, id, { client_id: `seed-chat-${id}-${n}`, body, attachment_ids: [], urgent: false });
    written++;
  };
  const family = (await services.chat.open(rohan, { kind: 'family', student_id: demoId('student:Aarav Sharma') })).conversation
    ._id;
  await say(rohan, family, 'Good morning! Aarav slept badly last night, he may be tired today.', 1);
  await say(tara, family, 'Thank you for letting us know. We will keep the afternoon quiet for him.', 2);
  await say(rohan, family, 'Thank you! Grandma will pick him up at 3 today.', 3);
  const channel = (await services.chat.open(tara, { kind: 'channel', class_id: nurseryA, mode: 'announcement' })).conversation
    ._id;
  await say(tara, channel, 'Welcome to the Nursery A channel. We share reminders and news of the class here.', 1);
  await say(tara, channel, 'Tomorrow we go on a nature walk: please send wellies and a raincoat.', 2);
  return written;
}
