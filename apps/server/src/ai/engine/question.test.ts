import { describe, expect, it } from 'vitest';
import { areaIn, question } from './question.js';

const roster = ['Aarav Sharma', 'Kabir Khan', 'Meera Nair', 'Noa Levi'].map((n) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: firstName.toLowerCase().padEnd(24, '0'), firstName, lastName };
});
// Thursday 12-11-2026, 09:00.
const ctx = { roster, now: new Date(Date.UTC(2026, 10, 12, 9, 0)) };
const ask = (text: string) => question(text, ctx);

describe('question', () => {
  it('absences over a period', () => {
    expect(ask('Who was absent this week?')).toEqual({ kind: 'absences', from: '09-11-2026', to: '12-11-2026' });
    expect(ask('Who was off last week?')).toEqual({ kind: 'absences', from: '02-11-2026', to: '06-11-2026' });
    expect(ask('who was absent yesterday')).toEqual({ kind: 'absences', from: '11-11-2026', to: '11-11-2026' });
    expect(ask('Who is away today?')).toEqual({ kind: 'absences', from: '12-11-2026', to: '12-11-2026' });
    expect(ask('Was Kabir absent on Monday?')).toEqual({
      kind: 'absences',
      from: '09-11-2026',
      to: '09-11-2026',
      student_id: 'kabir'.padEnd(24, '0'),
    });
  });

  it('children with no observation in an area, the area matched loosely', () => {
    expect(ask('Which children have no observation in Communication and Language this month?')).toEqual({
      kind: 'no_observation_in_area',
      from: '01-11-2026',
      to: '12-11-2026',
      area: 'Communication and Language',
    });
    expect(ask('Which children have not been observed in maths this term?')).toMatchObject({
      from: '01-09-2026',
      area: 'Mathematics',
    });
    expect(ask("Who hasn't got a PSED observation?")).toMatchObject({ area: 'Personal, Social and Emotional Development' });
    expect(ask('Any children without a physical observation last month?')).toEqual({
      kind: 'no_observation_in_area',
      from: '01-10-2026',
      to: '31-10-2026',
      area: 'Physical Development',
    });
  });

  it("a child's attendance rate, this term unless a period is named", () => {
    expect(ask("What is Kabir's attendance rate?")).toEqual({
      kind: 'attendance_rate',
      from: '01-09-2026',
      to: '12-11-2026',
      student_id: 'kabir'.padEnd(24, '0'),
    });
    expect(ask("What's Noa's attendance been like this month?")).toMatchObject({
      from: '01-11-2026',
      student_id: 'noa'.padEnd(24, '0'),
    });
  });

  it('is null for commands, small talk and questions it cannot answer', () => {
    expect(ask('Mark everyone present except Kabir')).toBeNull();
    expect(ask('Can you mark Kabir absent?')).toBeNull();
    expect(ask('Good morning!')).toBeNull();
    expect(ask('How is Meera settling in?')).toBeNull();
    expect(ask("What's the weather like tomorrow?")).toBeNull();
  });
});

describe('areaIn', () => {
  it('knows the seven EYFS areas by their usual short names', () => {
    expect(['maths', 'PSED', 'physical', 'literacy', 'C&L', 'understanding the world', 'expressive arts'].map(areaIn)).toEqual([
      'Mathematics',
      'Personal, Social and Emotional Development',
      'Physical Development',
      'Literacy',
      'Communication and Language',
      'Understanding the World',
      'Expressive Arts and Design',
    ]);
  });
});
