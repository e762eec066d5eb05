import { LIBRARY_MESSAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { libraryErrorText, librarySaid, nameMatches, searchable } from './libraryText';

describe('the library desk words', () => {
  it('finds a child by first, last or both names, in any case and without accents or vowel marks', () => {
    const aarav = { first_name: 'Aarav', last_name: 'Sharma' };
    expect(nameMatches(aarav, 'aar')).toBe(true);
    expect(nameMatches(aarav, 'sharma aarav')).toBe(true);
    expect(nameMatches(aarav, '  SHAR  ')).toBe(true);
    expect(nameMatches(aarav, 'diya')).toBe(false);
    expect(nameMatches({ first_name: 'Zoë', last_name: 'Müller' }, 'zoe mul')).toBe(true);
    expect(searchable('مُحَمَّد')).toBe('محمد');
    expect(nameMatches({ first_name: 'מִרְיָם', last_name: 'כהן' }, 'מרים')).toBe(true);
  });

  it('says a refusal that shares a general code with the library sentence the server gave', () => {
    const refusal = new ApiError(409, LIBRARY_MESSAGES.reservedForOther, 'CONFLICT');
    expect(libraryErrorText(refusal)).toBe(LIBRARY_MESSAGES.reservedForOther);
  });

  it("says a change's message in the library's words, or the expected one when the server's is unknown", () => {
    expect(librarySaid(LIBRARY_MESSAGES.renewed, 'checkedOut')).toBe(LIBRARY_MESSAGES.renewed);
    expect(librarySaid(undefined, 'reserved')).toBe(LIBRARY_MESSAGES.reserved);
  });
});
