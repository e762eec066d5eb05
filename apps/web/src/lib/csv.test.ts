import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('keeps formulas as text, as the server does, and quotes what needs it', () => {
    expect(['=SUM(A1)', '+1', '-2', '@x', '\tcmd', '\uFF1D1+1', 'plain', 3, null].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@x",
      "'\tcmd",
      "'\uFF1D1+1",
      'plain',
      '3',
      '',
    ]);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('Tom, "the" cat')).toBe('"Tom, ""the"" cat"');
  });
});
