import { TIMETABLE_CONFLICT_KINDS, TIMETABLE_MESSAGES, TIMETABLE_REASON_KINDS, TIMETABLE_RUN_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

/** The solver's kinds of hard conflict, as a run's reasons and a refused move name them. */
const HARD_KINDS = [
  'unplaced',
  'bad_start',
  'teacher_clash',
  'group_clash',
  'room_clash',
  'room_kind',
  'teacher_unavailable',
  'group_unavailable',
  'teacher_day_limit',
];

describeCatalogs({
  title: 'the timetable catalog',
  ns: 'timetable',
  keys: () => [
    ...keysInCode('timetable', ['pages', 'components']),
    ...TIMETABLE_REASON_KINDS.map((k) => `reason.${k}`),
    ...TIMETABLE_CONFLICT_KINDS.map((k) => `conflict.${k}`),
    ...TIMETABLE_RUN_STATUSES.map((s) => `runStatus.${s}`),
    ...['outside', 'teacher', 'class', 'room'].map((k) => `clash.${k}`),
    ...HARD_KINDS.map((k) => `hard.${k}`),
    ...Object.keys(TIMETABLE_MESSAGES).map((m) => `messages.${m}`),
  ],
  minKeys: 120,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(TIMETABLE_MESSAGES)) expect(messages[name], name).toBe(text);
    },
  },
});
