import { describe, expect, it } from 'vitest';
import {
  barcodeSample,
  ITEM_LANGUAGES,
  languageOptions,
  libraryText,
  numberOrNull,
  refusalsCsv,
  sequenceRange,
  splitBarcodes,
  textOrNull,
  withBarcode,
} from './format';

describe('library management helpers', () => {
  it('pads the next barcode to five digits after the prefix', () => {
    expect(barcodeSample('LIB', 42)).toBe('LIB00042');
    expect(barcodeSample(' lib ', 7)).toBe('LIB00007');
    expect(barcodeSample('', 123456)).toBe('123456');
  });

  it('offers English, Arabic and Hebrew first, each with its code, and keeps an unknown current code', () => {
    const options = languageOptions('en');
    expect(options.slice(0, 3).map((o) => o.value)).toEqual(['en', 'ar', 'he']);
    expect(options[1]?.label).toBe('Arabic (ar)');
    expect(options).toHaveLength(ITEM_LANGUAGES.length);
    expect(languageOptions('en', 'xx-yy').at(-1)?.value).toBe('xx-yy');
  });

  it('splits typed barcodes on lines, commas and spaces, each once', () => {
    expect(splitBarcodes('A1\nA2, A3 A1\n\n')).toEqual(['A1', 'A2', 'A3']);
    expect(withBarcode(['A1'], 'A1')).toEqual(['A1']);
    expect(withBarcode(['A1'], 'A2')).toEqual(['A1', 'A2']);
  });

  it('says a contract sentence through the catalog and any other text as it came', () => {
    expect(libraryText('Enter a valid ISBN-10 or ISBN-13')).toBe('Enter a valid ISBN-10 or ISBN-13');
    expect(libraryText('Row has no title')).toBe('Row has no title');
    expect(libraryText(null)).toBe('');
    expect(libraryText('Enter a valid ISBN-10 or ISBN-13 (123)')).toBe('Enter a valid ISBN-10 or ISBN-13 (123)');
    expect(libraryText('Something else (123)')).toBe('Something else (123)');
  });

  it('writes refusals as a CSV with quoting and formula guard', () => {
    const csv = refusalsCsv({ row: 'Row', field: 'Field', reason: 'Reason', excerpt: 'Excerpt' }, [
      { row: 3, field: 'isbn', message: 'Enter a valid ISBN-10 or ISBN-13', excerpt: 'Tom, "the" cat' },
      { row: 9, field: null, message: 'x', excerpt: '=SUM(A1)' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFRow,Field,Reason,Excerpt',
      '3,isbn,Enter a valid ISBN-10 or ISBN-13,"Tom, ""the"" cat"',
      "9,,x,'=SUM(A1)",
      '',
    ]);
  });

  it("names the sequence's barcodes an import used, or none", () => {
    expect(sequenceRange('LIB', 40, 43)).toEqual({ from: 'LIB00040', to: 'LIB00042' });
    expect(sequenceRange('LIB', 40, 40)).toBeNull();
  });

  it('makes empty values null', () => {
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' a ')).toBe('a');
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(4)).toBe(4);
  });
});
