import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, isErrorCode } from './messages.js';

describe('ERROR_CODES', () => {
  it('gives every refusal its own code: no two entries share one', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const [name, code] of Object.entries(ERROR_CODES)) {
      const before = seen.get(code);
      if (before) shared.push(`${code}: ${before} and ${name}`);
      seen.set(code, name);
    }
    expect(shared).toEqual([]);
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
  });

  it('codes are upper-case words joined by underscores', () => {
    for (const code of ALL_ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('tells a code of the list from any other text', () => {
    expect(isErrorCode('VALIDATION_ERROR')).toBe(true);
    expect(isErrorCode('HTTP_500')).toBe(false);
  });
});
