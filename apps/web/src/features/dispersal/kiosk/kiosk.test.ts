import { ERROR_CODES, type KioskFamily } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  adultFor,
  eligibleChildren,
  isTooManyAttempts,
  isUnpaired,
  needsStaff,
  pairTokenFrom,
  pressDigit,
  sharedCollectors,
  typedCodeKind,
} from '../api-kiosk';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('the kiosk pairing link', () => {
  it('takes the token from the link, its fragment or the bare token', () => {
    expect(pairTokenFrom(`https://school.example/kiosk#pair=${TOKEN}`)).toBe(TOKEN);
    expect(pairTokenFrom(`#pair=${encodeURIComponent(TOKEN)}`)).toBe(TOKEN);
    expect(pairTokenFrom(`  ${TOKEN}  `)).toBe(TOKEN);
    expect(pairTokenFrom(`/kiosk#pair=${TOKEN}&x=1`)).toBe(TOKEN);
  });
  it('refuses what is not a token', () => {
    expect(pairTokenFrom('')).toBeNull();
    expect(pairTokenFrom('https://school.example/kiosk')).toBeNull();
    expect(pairTokenFrom('hello world')).toBeNull();
    expect(pairTokenFrom('#pair=')).toBeNull();
  });
});

describe('the kiosk keypad', () => {
  it('takes digits only, six at most', () => {
    expect(pressDigit('12', '3')).toBe('123');
    expect(pressDigit('12', 'a')).toBe('12');
    expect(pressDigit('123456', '7')).toBe('123456');
  });
  it('knows a family code (4 digits) from a one-time code (6)', () => {
    expect(typedCodeKind('1234')).toBe('family');
    expect(typedCodeKind('123456')).toBe('one_time');
    expect(typedCodeKind('12345')).toBeNull();
    expect(typedCodeKind('12a4')).toBeNull();
  });
});

describe('the kiosk refusals', () => {
  it('tells an unpaired tablet, a locked keypad and a person staff must see apart', () => {
    const invalid = new ApiError(401, 'x', ERROR_CODES.kioskInvalid);
    const locked = new ApiError(429, 'x', ERROR_CODES.tooManyAttempts);
    const wrong = new ApiError(404, 'x', ERROR_CODES.kioskCodeInvalid);
    expect(isUnpaired(invalid)).toBe(true);
    expect(isUnpaired(wrong)).toBe(false);
    expect(isTooManyAttempts(locked)).toBe(true);
    expect(isTooManyAttempts(wrong)).toBe(false);
    for (const code of [ERROR_CODES.notAuthorisedCollector, ERROR_CODES.collectorBlocked, ERROR_CODES.pickupCodeInvalid])
      expect(needsStaff(new ApiError(403, 'x', code)), code).toBe(true);
    expect(needsStaff(wrong)).toBe(false);
    expect(needsStaff(new Error('x'))).toBe(false);
  });
});

const student = (id: string) => ({ id, first_name: id, last_name: 'S', student_profile_picture: null });
const collector = (contact: string) => ({
  kind: 'collector' as const,
  name: contact,
  relationship: 'Aunt',
  phone: null,
  photo: null,
  contact_id: contact,
  parent_id: null,
  pickup_id: null,
});
const mum = { ...collector('x'), kind: 'parent' as const, name: 'Mum', contact_id: null, parent_id: 'p1' };
const family: KioskFamily = {
  kind: 'family',
  adult: { name: 'Mum', relationship: null, parent_id: 'p1' },
  children: [
    { student: student('a'), class_name: 'A', status: 'not_arrived', collectors: [mum, collector('c1'), collector('c2')] },
    { student: student('b'), class_name: 'B', status: 'in', collectors: [mum, collector('c2')] },
    { student: student('c'), class_name: 'B', status: 'out', collectors: [mum] },
  ],
};

describe('the kiosk children and collectors', () => {
  it('offers drop-off for those not arrived and pick-up for those in', () => {
    expect(eligibleChildren(family, 'in').map((c) => c.student.id)).toEqual(['a']);
    expect(eligibleChildren(family, 'out').map((c) => c.student.id)).toEqual(['b']);
  });
  it('offers only the collectors every chosen child shares', () => {
    const [a, b] = family.children.slice(0, 2);
    expect(sharedCollectors(family.children.slice(0, 2)).map((c) => c.name)).toEqual(['Mum', 'c2']);
    expect(sharedCollectors(family.children.slice(0, 1)).map((c) => c.name)).toEqual(['Mum', 'c1', 'c2']);
    expect([a?.student.id, b?.student.id]).toEqual(['a', 'b']);
    expect(sharedCollectors([])).toEqual([]);
  });
  it('sends a collector by contact and a parent by id', () => {
    expect(adultFor(collector('c1'))).toEqual({ kind: 'collector', contact_id: 'c1' });
    expect(adultFor(mum)).toEqual({ kind: 'parent', parent_id: 'p1' });
  });
});
