import { type ChildDay, ERROR_CODES, type ExpectedCollector } from '@cue/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { alertSentence } from './alertText';
import { adultRequestOf, byClass, collectorKey, isDoorRefusal, lastEntryOf, timeOf } from './checks';

const person = (over: Partial<ExpectedCollector>): ExpectedCollector => ({
  kind: 'parent',
  name: 'Rohan Sharma',
  relationship: 'Father',
  phone: null,
  photo: null,
  contact_id: null,
  parent_id: null,
  pickup_id: null,
  ...over,
});
const rohan = person({ parent_id: 'p1' });
const grandma = person({ kind: 'collector', name: 'Asha Sharma', relationship: 'Grandmother', contact_id: 'c1' });
const visitor = person({ kind: 'one_time', name: 'Meera', pickup_id: 'o1' });
const expected = [rohan, grandma, visitor];

const event = (kind: 'in' | 'out', id: string) =>
  ({ id, kind, at: '2026-11-27T08:42:00.000Z' }) as unknown as NonNullable<ChildDay['checked_in']>;
const child = (first: string, classId: string, className: string, over: Partial<ChildDay> = {}): ChildDay =>
  ({
    student: { id: `s-${first}`, first_name: first, last_name: 'X', student_profile_picture: null },
    class_id: classId,
    class_name: className,
    status: 'in',
    checked_in: null,
    checked_out: null,
    ...over,
  }) as ChildDay;

describe('the adult a check-in or out sends', () => {
  it('sends a parent by their id and a collector by their contact', () => {
    expect(adultRequestOf({ kind: 'expected', key: collectorKey(rohan) }, expected)).toEqual({ kind: 'parent', parent_id: 'p1' });
    expect(adultRequestOf({ kind: 'expected', key: collectorKey(grandma) }, expected)).toEqual({
      kind: 'collector',
      contact_id: 'c1',
    });
  });

  it('never sends a one-time person without their code', () => {
    expect(adultRequestOf({ kind: 'expected', key: collectorKey(visitor) }, expected)).toBeNull();
    expect(adultRequestOf({ kind: 'code', code: '12345' }, expected)).toBeNull();
    expect(adultRequestOf({ kind: 'code', code: '12a456' }, expected)).toBeNull();
    expect(adultRequestOf({ kind: 'code', code: ' 123456 ' }, expected)).toEqual({ kind: 'one_time', code: '123456' });
  });

  it('sends someone else by their trimmed name, the relationship only when given', () => {
    expect(adultRequestOf({ kind: 'other', name: '  ', relationship: '' }, expected)).toBeNull();
    expect(adultRequestOf({ kind: 'other', name: ' John Doe ', relationship: ' ' }, expected)).toEqual({
      kind: 'other',
      name: 'John Doe',
    });
    expect(adultRequestOf({ kind: 'other', name: 'John', relationship: 'Uncle' }, expected)).toEqual({
      kind: 'other',
      name: 'John',
      relationship: 'Uncle',
    });
  });

  it('sends nothing for no choice or an adult no longer expected', () => {
    expect(adultRequestOf(null, expected)).toBeNull();
    expect(adultRequestOf({ kind: 'expected', key: 'parent:gone' }, expected)).toBeNull();
  });
});

describe('refusals at the door', () => {
  it('are the three refusals of an adult, not any other', () => {
    expect(isDoorRefusal(new ApiError(403, 'x', ERROR_CODES.notAuthorisedCollector))).toBe(true);
    expect(isDoorRefusal(new ApiError(403, 'x', ERROR_CODES.collectorBlocked))).toBe(true);
    expect(isDoorRefusal(new ApiError(403, 'x', ERROR_CODES.pickupCodeInvalid))).toBe(true);
    expect(isDoorRefusal(new ApiError(403, 'x', ERROR_CODES.forbidden))).toBe(false);
    expect(isDoorRefusal(new Error('network'))).toBe(false);
  });
});

describe('the dismissal list and the day', () => {
  it('groups children by class, classes and children in name order', () => {
    const groups = byClass([
      child('Zara', 'k', 'Kindergarten B'),
      child('Diya', 'k', 'Kindergarten B'),
      child('Aarav', 'n', 'Nursery A'),
    ]);
    expect(groups.map((g) => [g.name, g.children.map((c) => c.student.first_name)])).toEqual([
      ['Kindergarten B', ['Diya', 'Zara']],
      ['Nursery A', ['Aarav']],
    ]);
  });

  it('takes back the check-out before the check-in', () => {
    expect(lastEntryOf(child('A', 'n', 'N', { checked_in: event('in', 'e1'), checked_out: event('out', 'e2') }))?.id).toBe('e2');
    expect(lastEntryOf(child('A', 'n', 'N', { checked_in: event('in', 'e1') }))?.id).toBe('e1');
    expect(lastEntryOf(child('A', 'n', 'N'))).toBeNull();
  });

  it('shows a time as hh:mm A', () => {
    expect(timeOf('2026-11-27T08:42:00')).toBe('08:42 AM');
    expect(timeOf('2026-11-27T15:05:00')).toBe('03:05 PM');
  });
});

describe("an alert's sentence", () => {
  // A stand-in for i18next: the key and its values, so the test reads which sentence was chosen.
  const t = ((key: string, values?: Record<string, string>) =>
    values ? `${key}(${Object.values(values).join('|')})` : key) as unknown as TFunction;

  it('names the adult and the child when both are known, and leaves out what is not', () => {
    expect(alertSentence(t, { kind: 'blocked', adult: 'John', child: 'Aarav Sharma' })).toBe(
      'alerts.sentenceBoth(alerts.kind.blocked|John|Aarav Sharma)',
    );
    expect(alertSentence(t, { kind: 'health', adult: null, child: 'Aarav Sharma' })).toBe(
      'alerts.sentenceChild(alerts.kind.health|Aarav Sharma)',
    );
    expect(alertSentence(t, { kind: 'not_authorised', adult: 'John', child: null })).toBe(
      'alerts.sentenceAdult(alerts.kind.not_authorised|John)',
    );
    expect(alertSentence(t, { kind: 'invalid_pickup_code', adult: null, child: null })).toBe('alerts.kind.invalid_pickup_code');
  });
});
