import { CUE_MESSAGES, DEFAULT_AGE_GROUP } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { isoDay, missingContext, missingValues, missingValuesMessage, taskPayload } from './request';

describe('missing values of a Cue command', () => {
  it('lists class id, user id and command when absent or blank', () => {
    expect(missingValues({ classId: 'c', userId: 'u', command: 'Mark everyone present' })).toEqual([]);
    expect(missingValues({ classId: null, userId: undefined, command: '   ' })).toEqual(['class_id', 'user_id', 'command']);
    expect(missingValues({ classId: 'c', userId: '', command: 'x' })).toEqual(['user_id']);
  });

  it("builds the spec's message 'Missing values: ' followed by the names", () => {
    expect(missingValuesMessage({ classId: null, userId: 'u', command: '' })).toBe(
      `${CUE_MESSAGES.missingValues}class_id, command`,
    );
    expect(missingValuesMessage({ classId: 'c', userId: 'u', command: 'Hi' })).toBeNull();
  });

  it("names the small chat's missing context: token, classId, userId", () => {
    expect(missingContext({ token: null, classId: 'c', userId: null })).toEqual(['token', 'userId']);
    expect(missingContext({ token: 't', classId: 'c', userId: 'u' })).toEqual([]);
  });
});

describe('task payload', () => {
  it('carries user_query as JSON of class_id, command and date, the age group (or the default) and staff details', () => {
    const payload = taskPayload({
      classId: 'c1',
      command: '  Mark everyone present except Omar ',
      date: '2026-03-02',
      ageGroup: '',
      token: 'tok',
      userId: 'u1',
      userName: 'Tara Menon',
      language: 'en',
    });
    expect(JSON.parse(payload.user_query)).toEqual({
      class_id: 'c1',
      command: 'Mark everyone present except Omar',
      date: '2026-03-02',
    });
    expect(payload.age_group).toBe(DEFAULT_AGE_GROUP);
    expect(payload.user_details).toEqual({ token: 'tok', user_id: 'u1', user_name: 'Tara Menon', user_role: 'staff' });
    expect(payload.language).toBe('en');
  });

  it('writes the day as YYYY-MM-DD', () => {
    expect(isoDay(new Date(2026, 2, 5))).toBe('2026-03-05');
  });
});
