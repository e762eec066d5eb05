import { describe, expect, it } from 'vitest';
import { ACCESS_OTHERS_ANNOUNCEMENT, canManageCommunication } from './schemas.js';

const creator = 'a'.repeat(24);
const other = 'b'.repeat(24);

describe('canManageCommunication', () => {
  it('lets the creator manage their own', () => {
    expect(canManageCommunication({ kind: 'staff', userId: creator }, creator, [])).toBe(true);
  });
  it('refuses another teacher without access_others_announcement', () => {
    expect(canManageCommunication({ kind: 'staff', userId: other }, creator, ['daily_communication.announcements'])).toBe(false);
  });
  it('lets holders of access_others_announcement manage anyone’s, as an array or a set', () => {
    expect(canManageCommunication({ kind: 'staff', userId: other }, creator, [ACCESS_OTHERS_ANNOUNCEMENT])).toBe(true);
    expect(canManageCommunication({ kind: 'staff', userId: other }, creator, new Set([ACCESS_OTHERS_ANNOUNCEMENT]))).toBe(true);
  });
  it('never lets a parent manage, even with the same id', () => {
    expect(canManageCommunication({ kind: 'parent', userId: creator }, creator, [ACCESS_OTHERS_ANNOUNCEMENT])).toBe(false);
  });
});
