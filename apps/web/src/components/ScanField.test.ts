import { describe, expect, it } from 'vitest';
import { cleanScan, detectorFormats, scanKeyAction } from './ScanField';

describe('the scan field', () => {
  it('hands over a code when Enter ends it, as a USB scanner does', () => {
    expect(scanKeyAction('Enter', 'LIB00042')).toEqual({ kind: 'scan', text: 'LIB00042' });
    expect(scanKeyAction('NumpadEnter', '9780140328721')).toEqual({ kind: 'scan', text: '9780140328721' });
  });

  it('takes off the framing scanners and hands leave around a code', () => {
    expect(scanKeyAction('Enter', '  LIB00042 \r\n')).toEqual({ kind: 'scan', text: 'LIB00042' });
    expect(cleanScan('\u001d0109780140328721\u001d')).toBe('0109780140328721');
    // A typed title keeps its inner spaces.
    expect(cleanScan(' The Gruffalo ')).toBe('The Gruffalo');
  });

  it('does nothing on Enter in an empty field or one of spaces', () => {
    expect(scanKeyAction('Enter', '')).toBeNull();
    expect(scanKeyAction('Enter', '   ')).toBeNull();
  });

  it('is typing for every other key, and never scans while a keyboard composes a word', () => {
    expect(scanKeyAction('L', 'LIB')).toBeNull();
    expect(scanKeyAction('Tab', 'LIB00042')).toBeNull();
    expect(scanKeyAction('Enter', 'كتاب', true)).toBeNull();
  });

  it('empties the field on Escape', () => {
    expect(scanKeyAction('Escape', 'LIB0')).toEqual({ kind: 'clear' });
    expect(scanKeyAction('Escape', '')).toBeNull();
  });

  it('asks the camera for the formats chosen', () => {
    expect(detectorFormats('qr')).toEqual(['qr_code']);
    expect(detectorFormats('barcode')).toContain('code_128');
    expect(detectorFormats('barcode')).not.toContain('qr_code');
    expect(detectorFormats('any')).toEqual(expect.arrayContaining(['ean_13', 'qr_code']));
  });
});
