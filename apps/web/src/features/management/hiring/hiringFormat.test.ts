import { describe, expect, it } from 'vitest';
import { cvProblem, hireDefaults, interviewsByDay, paragraphsOf, weekOf } from './hiringFormat';

describe('the interview week', () => {
  it('runs Monday to Sunday around any of its days', () => {
    // 28-11-2026 is a Saturday.
    expect(weekOf('28-11-2026')).toEqual({
      from: '23-11-2026',
      to: '29-11-2026',
      days: ['23-11-2026', '24-11-2026', '25-11-2026', '26-11-2026', '27-11-2026', '28-11-2026', '29-11-2026'],
    });
    expect(weekOf('23-11-2026').from).toBe('23-11-2026');
    expect(weekOf('29-11-2026').from).toBe('23-11-2026');
    // Across a month's and a year's end.
    expect(weekOf('01-01-2027')).toMatchObject({ from: '28-12-2026', to: '03-01-2027' });
  });

  it("orders each day's interviews by start time, afternoon after morning", () => {
    const x = (date: string, start: string, cancelled = false) => ({
      date,
      start,
      cancelled,
      id: `${date} ${start} ${cancelled}`,
    });
    const days = interviewsByDay(
      [
        x('24-11-2026', '02:00 PM'),
        x('24-11-2026', '09:30 AM'),
        x('24-11-2026', '09:30 AM', true),
        x('25-11-2026', '12:00 PM'),
        x('24-11-2026', '12:15 PM'),
      ],
      ['24-11-2026', '25-11-2026', '26-11-2026'],
    );
    expect(days.map((d) => d.interviews.map((i) => i.id))).toEqual([
      ['24-11-2026 09:30 AM false', '24-11-2026 09:30 AM true', '24-11-2026 12:15 PM false', '24-11-2026 02:00 PM false'],
      ['25-11-2026 12:00 PM false'],
      [],
    ]);
  });
});

describe("a job's description", () => {
  it('splits into paragraphs on blank lines and keeps the lines of each', () => {
    expect(paragraphsOf('We are hiring.\r\n\r\n  \nYou will:\n- teach\n- play\n\n\n')).toEqual([
      ['We are hiring.'],
      ['You will:', '- teach', '- play'],
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
  });
});

describe('the hire form', () => {
  it("starts from the applicant's contact and the opening's role and classes", () => {
    const app = { first_name: 'Sara', last_name: 'Haddad', phone: null, email: 'sara@example.com' };
    expect(hireDefaults(app, { role: { _id: 'r1' }, classes: [{ _id: 'c1' }, { _id: 'c2' }] })).toMatchObject({
      first_name: 'Sara',
      phone: '',
      email: 'sara@example.com',
      role_id: 'r1',
      class_ids: ['c1', 'c2'],
    });
    expect(hireDefaults(app, { role: null, classes: [] })).toMatchObject({ role_id: '', class_ids: [] });
  });
});

describe('a CV before upload', () => {
  it('takes PDF, DOC and DOCX up to 10 MB', () => {
    expect(cvProblem({ name: 'cv.pdf', type: 'application/pdf', size: 200_000 })).toBeNull();
    expect(cvProblem({ name: 'CV.DOCX', type: '', size: 10 * 1024 * 1024 })).toBeNull();
    expect(cvProblem({ name: 'cv', type: 'application/msword', size: 1 })).toBeNull();
    expect(cvProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 1 })).toBe('cvType');
    expect(cvProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('cvSize');
  });
});
