import { describe, expect, it } from 'vitest';
import { type EngineCall, respond } from './engine.js';
import { readable } from './lang.js';
import { findNames } from './names.js';
import { latinKeys, nativeKeys } from './translit.js';

/** Moonbeam's Toddlers; Tuesday 25-05-2027, 08:45 in the school's time zone. */
const roster = ['Adam Nassar', 'Maya Klein', 'Sara Aziz', 'Eli Stern', 'Lina Farouk'].map((n) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: firstName.toLowerCase().padEnd(24, '0'), firstName, lastName };
});
const id = (first: string) => first.toLowerCase().padEnd(24, '0');
const ctx = { roster, now: new Date(Date.UTC(2027, 4, 25, 8, 45)) };
const run = (text: string) => respond(text, ctx, ['c'.repeat(24)]).calls;
const names = (text: string) => findNames(readable(text), roster).found.map((m) => m.child.firstName);

const attendance = (calls: EngineCall[]) =>
  calls
    .filter((c) => c.name === 'mark_attendance')
    .map((c) =>
      c.name === 'mark_attendance'
        ? {
            date: c.args.date,
            marks: Object.fromEntries(c.args.student_attendance_list.map((e) => [e.student_id, e.attendance_status])),
          }
        : null,
    );
const announcementOf = (calls: EngineCall[]) => {
  const a = calls.find((c) => c.name === 'draft_announcement');
  return a?.name === 'draft_announcement' ? a.args : null;
};
const observed = (calls: EngineCall[]) => {
  const o = calls.find((c) => c.name === 'create_observation');
  return o?.name === 'create_observation' ? o.args.observation_entries.map((e) => [e.student_id, e.date]) : [];
};

describe('names in Arabic and Hebrew letters', () => {
  it('match the roster by sound, with the prefixes people write', () => {
    expect(nativeKeys('أدم')).toContain([...latinKeys('Adam')][0]);
    expect(names('آدم غايب اليوم وسارة متأخرة')).toEqual(['Adam', 'Sara']);
    expect(names('ادم نصار غاب')).toEqual(['Adam']);
    expect(names('אדם חסר היום ומאיה איחרה')).toEqual(['Adam', 'Maya']);
    expect(names('כולם פה חוץ מאדם ולינה')).toEqual(['Adam', 'Lina']);
    expect(names('שרה הגיעה, אלי שטרן חסר')).toEqual(['Sara', 'Eli']);
    expect(names('Adam חסר היום, ל-Maya יש חום')).toEqual(['Adam', 'Maya']);
  });

  it('keep ordinary words and names of no child apart', () => {
    expect(names('ذكّري الأهل إنو الرجاء إرسال ملابس إضافية إلى الحضانة')).toEqual([]);
    expect(names('נא לשלוח בגדים להחלפה, אולי מחר')).toEqual([]);
    expect(names('כריم غايب اليوم')).toEqual([]);
  });
});

describe('attendance in Arabic and Hebrew', () => {
  it('reads statuses, negations and days', () => {
    expect(attendance(run('آدم غايب اليوم ومايا وصلت متأخرة'))).toEqual([
      { date: '25-05-2027', marks: { [id('Adam')]: 'absent', [id('Maya')]: 'late' } },
    ]);
    expect(attendance(run('لينا ما إجت امبارح'))).toEqual([{ date: '24-05-2027', marks: { [id('Lina')]: 'absent' } }]);
    expect(attendance(run('אלי לא הגיע ביום חמישי'))).toEqual([{ date: '20-05-2027', marks: { [id('Eli')]: 'absent' } }]);
    expect(attendance(run('שרה בחופשה עם המשפחה'))).toEqual([{ date: '25-05-2027', marks: { [id('Sara')]: 'excused' } }]);
  });

  it('reads everyone and its exceptions, with the opposite or their own status', () => {
    expect(attendance(run('الكل حاضر ما عدا آدم'))[0]?.marks).toEqual({
      [id('Adam')]: 'absent',
      [id('Maya')]: 'present',
      [id('Sara')]: 'present',
      [id('Eli')]: 'present',
      [id('Lina')]: 'present',
    });
    expect(attendance(run('כולם פה חוץ מלינה שאיחרה'))[0]?.marks[id('Lina')]).toBe('late');
  });

  it('reads a run-on list of statuses', () => {
    expect(attendance(run('שרה חסרה מאיה איחרה אדם הגיע'))[0]?.marks).toEqual({
      [id('Adam')]: 'present',
      [id('Maya')]: 'late',
      [id('Sara')]: 'absent',
    });
  });
});

describe('observations, announcements and questions in Arabic and Hebrew', () => {
  it('observes the child who did something, on the day said', () => {
    expect(observed(run('إيلي لبس الجاكيت لحاله امبارح'))).toEqual([[id('Eli'), '24-05-2027']]);
    expect(observed(run('תרשמי שמאיה ציירה בית'))).toEqual([[id('Maya'), '25-05-2027']]);
  });

  it('drafts announcements after a request, a label or an addressee, scheduled only by a send time', () => {
    expect(announcementOf(run('تذكير: بكرا ما في دوام'))).toMatchObject({ schedule_later: false, summary: 'بكرا ما في دوام.' });
    expect(announcementOf(run('ابعت للأهالي يوم الخميس الساعة ٤ إنو في حفلة'))).toMatchObject({
      date: '27-05-2027',
      time: '04:00 PM',
      schedule_later: true,
    });
    expect(announcementOf(run('הורים יקרים, אסיפת הורים ביום חמישי בשעה 5'))).toMatchObject({ schedule_later: false });
    expect(announcementOf(run('תזכירי להורים מחר ב-8 בבוקר שיש טיול'))).toMatchObject({
      date: '26-05-2027',
      time: '08:00 AM',
      schedule_later: true,
    });
  });

  it('answers questions over the records with their periods', () => {
    expect(run('مين غاب امبارح؟')).toEqual([
      { name: 'class_question', args: { kind: 'absences', from: '24-05-2027', to: '24-05-2027' } },
    ]);
    expect(run('מה אחוז הנוכחות של שרה החודש?')).toEqual([
      { name: 'class_question', args: { kind: 'attendance_rate', from: '01-05-2027', to: '25-05-2027', student_id: id('Sara') } },
    ]);
    expect(run('לאילו ילדים אין תצפית במתמטיקה החודש?')).toEqual([
      {
        name: 'class_question',
        args: { kind: 'no_observation_in_area', from: '01-05-2027', to: '25-05-2027', area: 'Mathematics' },
      },
    ]);
  });
});

describe('generalising over how Toddlers teachers write', () => {
  it('reads an arrival at a clock time after the start of the day as late', () => {
    expect(attendance(run('آدم وصل الساعة 9:30'))).toEqual([{ date: '25-05-2027', marks: { [id('Adam')]: 'late' } }]);
    expect(attendance(run('אדם הגיע ב-9:30'))).toEqual([{ date: '25-05-2027', marks: { [id('Adam')]: 'late' } }]);
    expect(attendance(run('آدم وصل الساعة 8'))).toEqual([{ date: '25-05-2027', marks: { [id('Adam')]: 'present' } }]);
  });

  it('takes an absence for a family occasion or a trip as a leave', () => {
    expect(attendance(run('أم لينا بعتت رسالة إنها رح تغيب اليوم عشان عرس خالتها'))).toEqual([
      { date: '25-05-2027', marks: { [id('Lina')]: 'excused' } },
    ]);
    expect(attendance(run('לינה חסרה היום כי הם בחתונה'))).toEqual([{ date: '25-05-2027', marks: { [id('Lina')]: 'excused' } }]);
  });

  it('does not take "واحد" (one) for Sunday', () => {
    expect(observed(run('سجلي ملاحظة: سارة عدّت من واحد لعشرة'))).toEqual([[id('Sara'), '25-05-2027']]);
    expect(attendance(run('لينا غابت يوم الأحد الماضي'))).toEqual([{ date: '23-05-2027', marks: { [id('Lina')]: 'absent' } }]);
  });

  it('hears a plural request to the families and its send time, not parents who sent something', () => {
    expect(announcementOf(run('أرسلوا للأهل غداً الساعة 8 تذكير بالحفلة'))).toMatchObject({
      date: '26-05-2027',
      time: '08:00 AM',
      schedule_later: true,
    });
    expect(announcementOf(run('תשלחו להורים מחר ב-8 תזכורת על המסיבה'))).toMatchObject({
      date: '26-05-2027',
      schedule_later: true,
    });
    expect(announcementOf(run('أهل مايا أرسلوا إذن غياب، عندهم سفر'))).toBeNull();
  });
});
