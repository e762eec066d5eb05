import { describe, expect, it } from 'vitest';
import { BITS, IntentModel, LABELS } from './classifier.js';
import { respond, type ToolCall, understand } from './engine.js';

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
];
const roster = NAMES.map((n) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: `${firstName.toLowerCase()}`.padEnd(24, '0'), firstName, lastName };
});
const id = (first: string) => first.toLowerCase().padEnd(24, '0');
// Sunday 22-11-2026, 10:15 in the school's time zone.
const ctx = { roster, now: new Date(Date.UTC(2026, 10, 22, 10, 15)) };
const run = (text: string) => understand(text, ctx, ['c'.repeat(24)]);
const attendanceOf = (calls: ToolCall[]) => {
  const call = calls.find((c) => c.name === 'mark_attendance');
  if (call?.name !== 'mark_attendance') return null;
  return {
    date: call.args.date,
    marks: Object.fromEntries(call.args.student_attendance_list.map((e) => [e.student_id, e.attendance_status])),
  };
};

describe('attendance', () => {
  it('everyone present except two: the whole class, two absent', () => {
    const a = attendanceOf(run('Mark everyone present except Kabir and Noa'));
    expect(Object.keys(a?.marks ?? {})).toHaveLength(12);
    expect(Object.values(a?.marks ?? {}).filter((s) => s === 'absent')).toHaveLength(2);
    expect(a?.marks[id('Kabir')]).toBe('absent');
    expect(a?.marks[id('Noa')]).toBe('absent');
    expect(a?.date).toBe('22-11-2026');
  });

  it('lists only the children the sentence speaks of', () => {
    const a = attendanceOf(run('Kabir is off sick and Meera came in late'));
    expect(a?.marks).toEqual({ [id('Kabir')]: 'absent', [id('Meera')]: 'late' });
  });

  it('reads dates and "both of them"', () => {
    const a = attendanceOf(run('Diya and Omar were absent yesterday'));
    expect(a).toEqual({ date: '21-11-2026', marks: { [id('Diya')]: 'absent', [id('Omar')]: 'absent' } });
    const b = attendanceOf(run('Saanvi and Ethan came. Both of them were late'));
    expect(b?.marks).toEqual({ [id('Saanvi')]: 'late', [id('Ethan')]: 'late' });
  });

  it('handles misspelt names and excused absences', () => {
    expect(attendanceOf(run('Kabeer is excused today'))?.marks).toEqual({ [id('Kabir')]: 'excused' });
  });
});

describe('observations and several intents', () => {
  it("keeps the teacher's words for a child's observation", () => {
    const calls = run('Meera stacked ten blocks today');
    expect(calls).toEqual([
      {
        name: 'create_observation',
        args: {
          observation_entries: [
            {
              student_id: id('Meera'),
              date: '22-11-2026',
              title: 'Observation',
              general_note: 'Meera stacked ten blocks.',
              type_of_anecdote: 'general',
            },
          ],
          is_saved: false,
        },
      },
    ]);
  });

  it('splits "everyone is here except Kabir, and Meera stacked ten blocks today" into two tool calls', () => {
    const calls = run('Everyone is here except Kabir, and Meera stacked ten blocks today');
    expect(calls.map((c) => c.name)).toEqual(['mark_attendance', 'create_observation']);
    expect(attendanceOf(calls)?.marks[id('Kabir')]).toBe('absent');
    expect(attendanceOf(calls)?.marks[id('Meera')]).toBe('present');
  });
});

describe('announcements', () => {
  it('drafts an announcement from "tell parents ..."', () => {
    const [call] = run('Tell parents sports day is on Friday');
    expect(call?.name).toBe('draft_announcement');
    if (call?.name !== 'draft_announcement') return;
    expect(call.args).toMatchObject({
      title: 'Sports day',
      summary: 'Sports day is on Friday.',
      share_with: 'Everyone',
      schedule_later: false,
      is_saved: false,
    });
  });
});

describe('no action', () => {
  it('does nothing for small talk, and only mentions children otherwise', () => {
    expect(run('Good morning!')).toEqual([]);
    expect(run('What a lovely sunny day')).toEqual([]);
    expect(run('I need to talk to Aarav')).toEqual([
      { name: 'mentioned_students', args: { students: [{ id: id('Aarav'), name: 'Aarav Sharma' }] } },
    ]);
  });
});

const names = (calls: ToolCall[], tool: ToolCall['name']) => {
  const call = calls.find((c) => c.name === tool);
  if (call?.name === 'create_observation') return call.args.observation_entries.map((e) => e.student_id);
  if (call?.name === 'mentioned_students') return call.args.students.map((s) => s.id);
  return [];
};
const announcement = (calls: ToolCall[]) => {
  const call = calls.find((c) => c.name === 'draft_announcement');
  return call?.name === 'draft_announcement' ? call.args : null;
};

describe('everyone and its exceptions', () => {
  it('reads each exception’s own status, and "on time" makes an exception late', () => {
    const a = attendanceOf(run('Whole class present today except Omar (sick) and Noa (late)'));
    expect(Object.keys(a?.marks ?? {})).toHaveLength(12);
    expect(a?.marks[id('Omar')]).toBe('absent');
    expect(a?.marks[id('Noa')]).toBe('late');
    expect(a?.marks[id('Aarav')]).toBe('present');
    expect(attendanceOf(run('Everybody was on time today apart from Aarav'))?.marks[id('Aarav')]).toBe('late');
  });

  it('takes what follows the exception as said of everyone ("everyone except Vihaan is here")', () => {
    const a = attendanceOf(run('Everyone except Vihaan is here'));
    expect(a?.marks[id('Vihaan')]).toBe('absent');
    expect(a?.marks[id('Diya')]).toBe('present');
  });

  it('"everyone else" after named children keeps theirs', () => {
    const a = attendanceOf(run("Kabir's off, Meera's off, everyone else is in"));
    expect(Object.keys(a?.marks ?? {})).toHaveLength(12);
    expect([a?.marks[id('Kabir')], a?.marks[id('Meera')], a?.marks[id('Noa')]]).toEqual(['absent', 'absent', 'present']);
  });

  it('"all three" after names is those children, not everyone', () => {
    const a = attendanceOf(run('Omar, Noa and Ethan are all off sick'));
    expect(a?.marks).toEqual({ [id('Omar')]: 'absent', [id('Noa')]: 'absent', [id('Ethan')]: 'absent' });
  });

  it('"everyone" without a status is no attendance', () => {
    expect(run('Everyone loved the story today').some((c) => c.name === 'mark_attendance')).toBe(false);
  });
});

describe('statuses said briefly', () => {
  it('reads "but Noa isn\'t", "and so is Ethan" and "is back"', () => {
    expect(attendanceOf(run("Layla is here but Noa isn't"))?.marks).toEqual({ [id('Layla')]: 'present', [id('Noa')]: 'absent' });
    expect(attendanceOf(run("Noa's off sick, and so is Ethan"))?.marks).toEqual({
      [id('Noa')]: 'absent',
      [id('Ethan')]: 'absent',
    });
    expect(attendanceOf(run('Kabir is back today after being off sick'))?.marks).toEqual({ [id('Kabir')]: 'present' });
  });

  it('keeps late when the child is later said to be here', () => {
    expect(attendanceOf(run('Please put Ananya down as late, she got here at 9:45'))?.marks).toEqual({ [id('Ananya')]: 'late' });
    expect(attendanceOf(run('Ananya is here now, she was just late'))?.marks).toEqual({ [id('Ananya')]: 'late' });
  });

  it('a past weekday is the last one, and a date said once holds for the sentence', () => {
    // Sunday 22-11-2026: "on Friday" is 20-11.
    expect(attendanceOf(run('Kabir was absent on Friday'))?.date).toBe('20-11-2026');
    const a = attendanceOf(run('Please mark Noa present, Ethan absent and Aarav late for yesterday'));
    expect(a).toEqual({ date: '21-11-2026', marks: { [id('Noa')]: 'present', [id('Ethan')]: 'absent', [id('Aarav')]: 'late' } });
  });
});

describe('observations', () => {
  it('observes the subject, not a child the sentence only speaks to or of', () => {
    expect(names(run('Omar shared his toys with Noa without being asked'), 'create_observation')).toEqual([id('Omar')]);
  });

  it('follows "he", "she" and "both of them" to the children just named', () => {
    const calls = run('Reyansh came in late. He then sorted the animals into farm and zoo');
    expect(attendanceOf(calls)?.marks).toEqual({ [id('Reyansh')]: 'late' });
    expect(names(calls, 'create_observation')).toEqual([id('Reyansh')]);
    const both = run('Kabir and Omar built a train track and both of them took turns pushing the train');
    expect(names(both, 'create_observation')).toEqual([id('Kabir'), id('Omar')]);
  });

  it('reads descriptions and progress, but not passing states or relatives', () => {
    expect(names(run('Omar was really kind to a younger child who was upset'), 'create_observation')).toEqual([id('Omar')]);
    expect(names(run("Noa's pincer grip is getting much stronger"), 'create_observation')).toEqual([id('Noa')]);
    expect(run('Vihaan and Reyansh came in late and both of them were tired').map((c) => c.name)).toEqual(['mark_attendance']);
    expect(run("Ethan's grandma is picking him up today").map((c) => c.name)).toEqual(['mentioned_students']);
  });

  it('two children, two notes in their own words', () => {
    const [call] = run('Layla drew a rainbow and Kabir wrote his name');
    expect(call?.name === 'create_observation' && call.args.observation_entries.map((e) => e.general_note)).toEqual([
      'Layla drew a rainbow.',
      'Kabir wrote his name.',
    ]);
  });
});

describe('announcements, scheduled or not', () => {
  it('a time right after the request schedules it; a time in the text does not', () => {
    expect(announcement(run('Tell parents at 3 pm tomorrow that the trip has been cancelled'))).toMatchObject({
      date: '23-11-2026',
      time: '03:00 PM',
      schedule_later: true,
      summary: 'The trip has been cancelled.',
    });
    expect(
      announcement(run('Write an announcement: Stay and play session next Friday at 2 pm, all parents welcome')),
    ).toMatchObject({
      date: '22-11-2026',
      schedule_later: false,
    });
    expect(announcement(run('Draft a notice for parents about head lice, and send it on Monday at 4 pm'))).toMatchObject({
      date: '23-11-2026',
      time: '04:00 PM',
      schedule_later: true,
      summary: 'Head lice.',
    });
  });

  it('splits an announcement from attendance in one sentence', () => {
    const calls = run('Mark Vihaan absent and let families know the nursery closes early on Friday');
    expect(calls.map((c) => c.name)).toEqual(['mark_attendance', 'draft_announcement']);
    expect(announcement(calls)?.summary).toBe('The nursery closes early on Friday.');
    expect(run('Remind me to check on Vihaan after lunch').map((c) => c.name)).toEqual(['mentioned_students']);
  });
});

describe('questions and strangers', () => {
  it('acts on nothing for a question, and never names a child of another class', () => {
    expect(run('Who was absent this week?')).toEqual([]);
    expect(run('Is Kabir in today?').map((c) => c.name)).toEqual(['mentioned_students']);
    expect(run('Zara was off sick today')).toEqual([]);
    expect(run('The blocks area needs tidying')).toEqual([]);
  });
});

describe('relatives', () => {
  it('what is said of a relative is not said of the child; what the relative reports is', () => {
    expect(run("Diya's brother is in Kindergarten B").map((c) => c.name)).toEqual(['mentioned_students']);
    expect(attendanceOf(run("Kabir's dad called to say he's off sick"))?.marks).toEqual({ [id('Kabir')]: 'absent' });
  });
});

describe('asking instead of guessing', () => {
  const twins = [...roster, { id: 'kabir2'.padEnd(24, '0'), firstName: 'Kabir', lastName: 'Mehta' }];
  const withTwins = { roster: twins, now: ctx.now };

  it('asks which child when two share a first name, and the answer completes the draft', () => {
    const first = respond('Kabir is absent', withTwins, ['c'.repeat(24)]);
    expect(first.calls).toEqual([]);
    expect(first.clarify).toMatchObject({ kind: 'child', word: 'Kabir' });
    expect(first.clarify?.options.map((o) => o.label)).toEqual(['Kabir Khan', 'Kabir Mehta']);
    const done = respond('Kabir is absent', withTwins, [], { child: { word: 'Kabir', id: 'kabir2'.padEnd(24, '0') } });
    expect(attendanceOf(done.calls as ToolCall[])?.marks).toEqual({ ['kabir2'.padEnd(24, '0')]: 'absent' });
  });

  it('asks what to do when the intent layer is unsure, and drafts what the teacher picks', () => {
    // A model that hears an observation with a probability of 0.4, whatever the text.
    const unsure = new IntentModel(
      LABELS.map(() => new Float32Array(1 << BITS)),
      LABELS.map((l) => (l === 'observation' ? Math.log(0.4 / 0.6) : -10)),
    );
    const first = respond('Meera and the sand tray', ctx, [], {}, unsure);
    expect(first.calls).toEqual([]);
    expect(first.clarify?.kind).toBe('intent');
    expect(first.clarify?.options.map((o) => o.value)).toEqual(['observation', 'none']);
    const done = respond('Meera and the sand tray', ctx, [], { intent: 'observation' }, unsure);
    expect(done.calls.map((c) => c.name)).toEqual(['create_observation']);
    const nothing = respond('Meera and the sand tray', ctx, [], { intent: 'none' }, unsure);
    expect(nothing.calls.map((c) => c.name)).toEqual(['mentioned_students']);
  });

  it('asks which day a weekday means when it is today, said of the past', () => {
    // 22-11-2026 is a Sunday.
    const first = respond('Diya was absent on Sunday', ctx, []);
    expect(first.clarify).toMatchObject({ kind: 'date', options: [{ value: '22-11-2026' }, { value: '15-11-2026' }] });
    const done = respond('Diya was absent on Sunday', ctx, [], { date: { word: first.clarify?.word ?? '', date: '15-11-2026' } });
    expect(attendanceOf(done.calls as ToolCall[])?.date).toBe('15-11-2026');
  });

  it('never drafts a child who is not in the class, and names them', () => {
    const r = respond('Zara is absent today', ctx, []);
    expect(r.calls).toEqual([]);
    expect(r.notFound).toEqual(['Zara']);
  });
});
