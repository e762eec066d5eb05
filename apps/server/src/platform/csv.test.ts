import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes what a spreadsheet would run as a formula and keeps numbers, negative ones too', () => {
    const csv = toCsv([
      ['=HYPERLINK("x")', '+1+1', '@SUM(A1)', '-2+3', '\uFF1D1', 'Aarav'],
      ['-120.50', '+3', '0', -4, null, 'a,b'],
    ]);
    expect(csv.split('\n')).toEqual([`"'=HYPERLINK(""x"")",'+1+1,'@SUM(A1),'-2+3,'\uFF1D1,Aarav`, '-120.50,+3,0,-4,,"a,b"', '']);
  });
});
