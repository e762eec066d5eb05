import {
  DAY_PORTIONS,
  LEAVE_ACCRUALS,
  LEAVE_MESSAGES,
  LEAVE_STATUSES,
  STAFF_ATTENDANCE_MESSAGES,
  STAFF_DAY_STATUSES,
  WEEKDAYS,
} from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: 'the leave catalog',
  ns: 'leave',
  keys: () => [
    ...keysInCode('leave', ['pages']),
    ...LEAVE_STATUSES.map((s) => `status.${s}`),
    ...DAY_PORTIONS.map((p) => `portion.${p}`),
    ...['full', 'am', 'pm'].map((p) => `portionChoice.start.${p}`),
    ...['full', 'am'].map((p) => `portionChoice.end.${p}`),
    ...LEAVE_ACCRUALS.map((a) => `accrual.${a}`),
    ...['none', 'manager', 'two'].map((a) => `approval.${a}`),
    ...WEEKDAYS.map((d) => `weekdays.${d}`),
    ...['manager', 'admin'].flatMap((s) => [`request.waitingFor.${s}`, `request.step.${s}`]),
    ...['approved', 'declined'].map((d) => `request.decision.${d}`),
    ...Object.keys(LEAVE_MESSAGES).map((m) => `messages.${m}`),
    ...Object.keys(STAFF_ATTENDANCE_MESSAGES).map((m) => `attendanceMessages.${m}`),
    ...STAFF_DAY_STATUSES.map((s) => `attendance.status.${s}`),
    ...['web', 'kiosk', 'admin'].map((v) => `attendance.via.${v}`),
    ...WEEKDAYS.map((d) => `weekdaysShort.${d}`),
    ...['label', 'previous', 'next', 'pick', 'today'].map((k) => `day.${k}`),
  ],
  minKeys: 100,
  messages: {
    title: 'hold the contract messages verbatim in English',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(LEAVE_MESSAGES)) expect(messages[name], name).toBe(text);
      const attendance = en.attendanceMessages as Record<string, string>;
      for (const [name, text] of Object.entries(STAFF_ATTENDANCE_MESSAGES)) expect(attendance[name], name).toBe(text);
    },
  },
});
