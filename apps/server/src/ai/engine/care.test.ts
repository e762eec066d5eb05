import { describe, expect, it } from 'vitest';
import { readCare } from './care.js';
import { respond } from './engine.js';
import { reply } from './replies.js';

// Nursery A of the demo school, with Mia and Leo of the sentences (Zara is in no class here).
const NAMES = [
  'Aarav Sharma',
  'Diya Patel',
  'Vihaan Gupta',
  'Ananya Iyer',
  'Kabir Khan',
  'Meera Nair',
  'Reyansh Verma',
  'Saanvi Reddy',
  'Omar Haddad',
  'Layla Mansour',
  'Noa Levi',
  'Ethan Brooks',
  'Mia Clarke',
  'Leo Martin',
];
const roster = NAMES.map((n) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: firstName.toLowerCase().padEnd(24, '0'), firstName, lastName };
});
const id = (first: string) => first.toLowerCase().padEnd(24, '0');
const firstOf = (sid: string) => roster.find((c) => c.id === sid)?.firstName ?? sid;
// Thursday 12-11-2026, 3:00 PM in the school's time zone.
const ctx = { roster, now: new Date(Date.UTC(2026, 10, 12, 15, 0)) };
const TODAY = '12-11-2026';

/** The entries as "Child kind time {details}" lines, in the reader's order. */
const lines = (text: string) =>
  (readCare(text, ctx)?.entries ?? []).map((e) => `${firstOf(e.student_id)} ${e.kind} ${e.time} ${JSON.stringify(e.details)}`);
const entries = (text: string) => readCare(text, ctx)?.entries ?? [];
const others = (except: string[]) => NAMES.map((n) => n.split(' ')[0] as string).filter((n) => !except.includes(n));

describe('care read from a sentence', () => {
  it('the issue: "Aarav and Mia napped 12:10 to 1:30" is a nap for each, 12:10 PM to 01:30 PM', () => {
    expect(lines('Aarav and Mia napped 12:10 to 1:30')).toEqual([
      'Aarav nap 12:10 PM {"end":"01:30 PM"}',
      'Mia nap 12:10 PM {"end":"01:30 PM"}',
    ]);
    expect(entries('Aarav and Mia napped 12:10 to 1:30').every((e) => e.date === TODAY)).toBe(true);
  });

  it('the issue: everyone had all their lunch except Kabir who had some', () => {
    const got = entries('everyone had all their lunch except Kabir who had some');
    expect(got).toHaveLength(14);
    for (const e of got) expect(e).toMatchObject({ kind: 'meal', date: TODAY, details: { meal: 'lunch' } });
    expect(got.find((e) => e.student_id === id('Kabir'))?.details.amount).toBe('some');
    expect(got.filter((e) => e.details.amount === 'all').map((e) => firstOf(e.student_id))).toEqual(others(['Kabir']));
  });

  it('everyone had lunch except Kabir: Kabir is left out (nothing is known of his lunch)', () => {
    const got = entries('everyone had lunch except Kabir');
    expect(got.map((e) => firstOf(e.student_id))).toEqual(others(['Kabir']));
    expect(got[0]?.details).toEqual({ meal: 'lunch' });
  });

  it('"everyone present except Kabir" is no care at all (it is attendance)', () => {
    expect(readCare('everyone present except Kabir', ctx)).toBeNull();
    expect(readCare('Mark everyone present today except Kabir and Noa', ctx)).toBeNull();
  });

  it('a child of no class is reported, nothing drafted: "Zara had a wet nappy at 10"', () => {
    const r = readCare('Zara had a wet nappy at 10', ctx);
    expect(r?.entries).toEqual([]);
    expect(r?.notFound).toEqual(['Zara']);
  });

  it('a wet nappy at 10 is 10:00 AM', () => {
    expect(lines('Leo had a wet nappy at 10')).toEqual(['Leo nappy 10:00 AM {"state":"wet"}']);
  });

  it('the issue: "Leo drank 150 ml at 9:30" is a bottle of 150 ml', () => {
    expect(lines('Leo drank 150 ml at 9:30')).toEqual(['Leo bottle 09:30 AM {"ml":150}']);
  });

  it('the issue: "sun cream on everyone at 11" is sun cream for every child at 11:00 AM', () => {
    const got = entries('sun cream on everyone at 11');
    expect(got).toHaveLength(14);
    for (const e of got) expect(e).toMatchObject({ kind: 'suncream', time: '11:00 AM', details: {} });
  });

  it('two events of one child share the child; each keeps its own time', () => {
    expect(lines('Leo drank 150 ml at 9:30 and had a wet nappy at 10')).toEqual([
      'Leo bottle 09:30 AM {"ml":150}',
      'Leo nappy 10:00 AM {"state":"wet"}',
    ]);
  });

  it('two children with their own care in one sentence, one time said for both', () => {
    expect(lines('Mia had a dirty nappy and Leo had a wet nappy at 10:15')).toEqual([
      'Mia nappy 10:15 AM {"state":"dirty"}',
      'Leo nappy 10:15 AM {"state":"wet"}',
    ]);
  });

  it('the exception before the care: everyone except Kabir and Noa napped from 12:30 to 2:15', () => {
    const got = entries('Everyone except Kabir and Noa napped from 12:30 to 2:15');
    expect(got.map((e) => firstOf(e.student_id))).toEqual(others(['Kabir', 'Noa']));
    expect(got[0]).toMatchObject({ kind: 'nap', time: '12:30 PM', details: { end: '02:15 PM' } });
  });

  it('an exception with its own times: apart from Kabir who slept 1 to 2', () => {
    const got = entries('Everyone napped 12:30 to 2 apart from Kabir who slept 1 to 2');
    expect(got).toHaveLength(14);
    expect(got.find((e) => e.student_id === id('Kabir'))).toMatchObject({ time: '01:00 PM', details: { end: '02:00 PM' } });
    expect(got.find((e) => e.student_id === id('Mia'))).toMatchObject({ time: '12:30 PM', details: { end: '02:00 PM' } });
  });

  it('an exception that ate nothing, two children: most of their tea except Omar and Diya who ate nothing', () => {
    const got = entries('everybody had most of their tea except Omar and Diya who ate nothing');
    expect(got.filter((e) => e.details.amount === 'none').map((e) => firstOf(e.student_id))).toEqual(['Diya', 'Omar']);
    expect(got.filter((e) => e.details.amount === 'most')).toHaveLength(12);
    expect(got[0]?.details.meal).toBe('tea');
  });

  it('"but Kabir had none" after everyone is his own amount', () => {
    const kabir = entries('everyone had lunch but Kabir had none').find((e) => e.student_id === id('Kabir'));
    expect(kabir?.details).toEqual({ meal: 'lunch', amount: 'none' });
  });

  it('a nap across noon: 11:30 to 1 ends at 01:00 PM', () => {
    expect(lines('Kabir slept from 11:30 to 1')).toEqual(['Kabir nap 11:30 AM {"end":"01:00 PM"}']);
  });

  it('asleep now: the nap is open (no end) from the time said', () => {
    expect(lines('Mia fell asleep at 12:40')).toEqual(['Mia nap 12:40 PM {"end":null}']);
    expect(lines('Noa is asleep')).toEqual(['Noa nap 03:00 PM {"end":null}']);
  });

  it('"slept for an hour", said now, ended now', () => {
    expect(lines('Diya slept for an hour')).toEqual(['Diya nap 02:00 PM {"end":"03:00 PM"}']);
    expect(lines('Diya napped for 45 minutes from 1')).toEqual(['Diya nap 01:00 PM {"end":"01:45 PM"}']);
  });

  it('yesterday is the day before', () => {
    expect(entries('Yesterday Leo napped 1 to 2:30')[0]).toMatchObject({ date: '11-11-2026', time: '01:00 PM' });
  });

  it('amounts: half, nothing, did not eat, only a little', () => {
    expect(lines('Mia ate half her breakfast at 8:30')).toEqual(['Mia meal 08:30 AM {"meal":"breakfast","amount":"some"}']);
    expect(lines("Kabir didn't eat his lunch")).toEqual(['Kabir meal 03:00 PM {"meal":"lunch","amount":"none"}']);
    expect(lines('Noa ate nothing at lunch')[0]).toContain('"amount":"none"');
    expect(lines('Aarav only had a little of his tea')[0]).toContain('"amount":"some"');
  });

  it('what was eaten: "Mia had pasta for lunch"', () => {
    expect(lines('Mia had pasta for lunch at 12')).toEqual(['Mia meal 12:00 PM {"meal":"lunch","food":"pasta"}']);
  });

  it('a snack is the morning one before noon and the afternoon one after', () => {
    expect(entries('Everyone had snack at 10')[0]?.details.meal).toBe('snack_am');
    expect(entries('Everyone had a snack at 2:30')[0]?.details.meal).toBe('snack_pm');
  });

  it('bottles in ml and in ounces', () => {
    expect(lines('Leo had a 180ml bottle at 2')).toEqual(['Leo bottle 02:00 PM {"ml":180}']);
    expect(lines('Mia drank 5 oz at 11')).toEqual(['Mia bottle 11:00 AM {"ml":150}']);
    expect(lines('Leo had his bottle')).toEqual(['Leo bottle 03:00 PM {}']);
  });

  it('nappies: changed, then its state; dry', () => {
    expect(lines("Changed Leo's nappy at 2, it was dirty")).toEqual(['Leo nappy 02:00 PM {"state":"dirty"}']);
    expect(lines('Mia had a dry nappy at 9')).toEqual(['Mia nappy 09:00 AM {"state":"dry"}']);
  });

  it('potty and toilet', () => {
    expect(lines('Meera used the potty at 11:15')).toEqual(['Meera toilet 11:15 AM {"potty":true}']);
    expect(lines('Omar had a wee in the potty at 10')).toEqual(['Omar toilet 10:00 AM {"potty":true,"state":"wet"}']);
    expect(lines('Noa had a poo on the toilet at 2')).toEqual(['Noa toilet 02:00 PM {"potty":false,"state":"dirty"}']);
  });

  it('sun cream with where it went', () => {
    const got = entries('All the children had sun cream on their face and arms at 11:30');
    expect(got).toHaveLength(14);
    expect(got[0]).toMatchObject({ time: '11:30 AM', details: { area: 'face and arms' } });
  });

  it('mood only when a mood is said', () => {
    expect(lines('Aarav was in a happy mood')).toEqual(['Aarav mood 03:00 PM {"mood":"happy"}']);
    expect(lines("Meera's mood was unsettled after drop-off")).toEqual(['Meera mood 03:00 PM {"mood":"unsettled"}']);
  });

  it('sentences that look like care but are not', () => {
    // An observation: how a child did it is a deed.
    expect(readCare('Kabir and Saanvi used the toilet independently today!', ctx)?.entries ?? []).toEqual([]);
    expect(readCare('Arjun used a spoon to eat his lunch', ctx)?.entries ?? []).toEqual([]);
    expect(readCare('Omar Haddad finished his lunch first today and then helped Noa', ctx)).toBeNull();
    // Illness is an absence, tiredness a passing state, a rash no nappy change, a slide no nap.
    expect(readCare('Aarav is poorly today', ctx)).toBeNull();
    expect(readCare('both of them were tired', ctx)).toBeNull();
    expect(readCare("Leo's nappy rash is better", ctx)?.entries ?? []).toEqual([]);
    expect(readCare('Kabir went down the slide', ctx)).toBeNull();
    expect(readCare('Aarav slept badly last night', ctx)?.entries ?? []).toEqual([]);
    // An announcement about sun cream names no child.
    expect(readCare('Dear parents, please send sun cream and a hat every day', ctx)?.entries ?? []).toEqual([]);
    // A question is not a log.
    expect(readCare('Did Leo have his lunch?', ctx)).toBeNull();
  });

  it('the sentences without care are left for the other readers', () => {
    expect(readCare('Everyone had snack at 10. Aarav built a tall tower', ctx)?.rest).toBe('Aarav built a tall tower');
  });
});

describe('care through the engine', () => {
  const careOf = (text: string, care?: boolean) => respond(text, { ...ctx, ...(care === undefined ? {} : { care }) }, []);

  it('"everyone had lunch except Kabir" is care, not attendance', () => {
    const r = careOf('everyone had lunch except Kabir');
    expect(r.calls.map((c) => c.name)).toEqual(['log_care']);
  });

  it('"everyone present except Kabir" is attendance, not care', () => {
    const r = careOf('everyone present except Kabir');
    expect(r.calls.map((c) => c.name)).toEqual(['mark_attendance']);
  });

  it('care and attendance in two sentences: both drafted', () => {
    const r = careOf('Everyone had all their lunch except Kabir who had some. Noa is absent today');
    expect(r.calls.map((c) => c.name).sort()).toEqual(['log_care', 'mark_attendance']);
  });

  it('one card for the message, an entry for each child', () => {
    const call = careOf('Aarav and Mia napped 12:10 to 1:30').calls[0];
    expect(call?.name).toBe('log_care');
    if (call?.name !== 'log_care') return;
    expect(call.args.care_entries.map((e) => e.student_id)).toEqual([id('Aarav'), id('Mia')]);
    expect(call.args).toMatchObject({ confirm_allergen: false, is_saved: false });
  });

  it('a child not in the class: nothing drafted, the name reported', () => {
    const r = careOf('Zara had a wet nappy at 10');
    expect(r.calls).toEqual([]);
    expect(r.notFound).toEqual(['Zara']);
  });

  it('where the school keeps no carelog: nothing drafted and the reply says so, in the teacher language', () => {
    const r = careOf('Leo drank 150 ml at 9:30', false);
    expect(r.calls).toEqual([]);
    expect(r.careOff).toBe(true);
    expect(reply('en', 'noCare')).toMatch(/cannot log care/);
    expect(reply('ar', 'noCare')).not.toBe(reply('en', 'noCare'));
    expect(reply('he', 'noCare')).not.toBe(reply('en', 'noCare'));
  });

  it('no carelog: the attendance of the same message is still drafted', () => {
    const r = careOf('Everyone had lunch at 12. Noa is absent today', false);
    expect(r.calls.map((c) => c.name)).toEqual(['mark_attendance']);
    expect(r.careOff).toBe(true);
  });
});
