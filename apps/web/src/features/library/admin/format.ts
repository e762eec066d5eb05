import { LIBRARY_MESSAGES } from '@cue/contract';
import { csvCell } from '../../../lib/csv';
import { type LibraryMessage, libraryMessage } from '../i18n';

/**
 * Language codes offered for an item, the school's own languages first (English, Arabic, Hebrew), then
 * those most often found on a preschool's shelves. A code outside the list (an imported record's) is
 * still shown, as it came.
 */
export const ITEM_LANGUAGES = [
  'en',
  'ar',
  'he',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'ru',
  'tr',
  'fa',
  'ur',
  'hi',
  'bn',
  'ta',
  'zh',
  'ja',
  'ko',
  'am',
  'ti',
] as const;

/** The languages as a select's options: each named in the reader's language, its code after it. */
export function languageOptions(readerLanguage: string, current?: string | null): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([readerLanguage], { type: 'language' });
  } catch {
    names = null;
  }
  const codes: string[] = [...ITEM_LANGUAGES];
  if (current && !codes.includes(current)) codes.push(current);
  return codes.map((code) => {
    let name: string | undefined;
    try {
      name = names?.of(code);
    } catch {
      name = undefined;
    }
    return { value: code, label: name && name !== code ? `${name} (${code})` : code };
  });
}

/** The barcode the school's next new copy takes: the prefix and the number zero-padded to 5 digits ("LIB00042"). */
export const barcodeSample = (prefix: string, next: number): string =>
  `${prefix.trim().toUpperCase()}${String(Math.max(0, Math.trunc(next || 0))).padStart(5, '0')}`;

/** Barcodes typed into a box, one a line (or separated by commas or spaces), each once, in their order. */
export function splitBarcodes(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const code = part.trim();
    if (code) seen.add(code);
  }
  return [...seen];
}

/** Adds a scanned barcode to the list unless it is there already. */
export const withBarcode = (list: readonly string[], code: string): string[] =>
  list.includes(code) ? [...list] : [...list, code];

const BY_TEXT = new Map<string, LibraryMessage>(
  (Object.entries(LIBRARY_MESSAGES) as [LibraryMessage, string][]).map(([name, text]) => [text, name]),
);

/**
 * A sentence of the library in the reader's language: the server speaks the contract's English
 * (LIBRARY_MESSAGES, a save's message or an import's refusal); any other text is shown as it came.
 */
export function libraryText(text: string | null | undefined): string {
  if (!text) return '';
  const name = BY_TEXT.get(text);
  if (name) return libraryMessage(name);
  // An import's refusal may add what it read after the sentence: "Enter a valid ISBN-10 or ISBN-13 (123)".
  const detailed = /^(.*?) (\(.*\))$/.exec(text);
  const base = detailed?.[1] ? BY_TEXT.get(detailed[1]) : undefined;
  return base && detailed ? `${libraryMessage(base)} ${detailed[2]}` : text;
}

/** The refused records of an import as a CSV (header in the reader's words), for fixing the file. */
export function refusalsCsv(
  header: { row: string; field: string; reason: string; excerpt: string },
  refusals: readonly { row: number; field: string | null; message: string; excerpt: string }[],
): string {
  const lines = [[header.row, header.field, header.reason, header.excerpt].map(csvCell).join(',')];
  for (const r of refusals) lines.push([r.row, r.field, libraryText(r.message), r.excerpt].map(csvCell).join(','));
  // A byte order mark so that spreadsheet programs read Arabic and Hebrew as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The barcodes an import gave its new copies from the school's sequence: between the sequence's next
 * number before the import and after it (none when the file's records brought their own barcodes).
 */
export function sequenceRange(prefix: string, before: number, after: number): { from: string; to: string } | null {
  if (!(after > before)) return null;
  return { from: barcodeSample(prefix, before), to: barcodeSample(prefix, after - 1) };
}

/** Empty text as null (the contract's "no value"), other text trimmed. */
export const textOrNull = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return text ? text : null;
};

/** A number field's value as the contract's number or null ('' is empty). */
export const numberOrNull = (value: number | string | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
