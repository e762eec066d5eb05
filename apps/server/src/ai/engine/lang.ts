/**
 * Scripts and spelling: which language a sentence is written in, the text as the engine reads it
 * (optional Arabic and Hebrew marks gone, letter variants and digits unified), and words folded for
 * comparison.
 */

export type Lang = 'en' | 'ar' | 'he';

const ARABIC = /[\u0600-\u06FF]/g;
const HEBREW = /[\u0590-\u05FF]/g;

/** The language a sentence is written in: the script most of its letters use (Latin is English). */
export function langOf(text: string): Lang {
  const ar = text.match(ARABIC)?.length ?? 0;
  const he = text.match(HEBREW)?.length ?? 0;
  if (ar === 0 && he === 0) return 'en';
  return ar >= he ? 'ar' : 'he';
}

/** Arabic-Indic and Persian digits as ASCII ("٣" → "3"). */
export const asciiDigits = (s: string) =>
  s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const c = d.charCodeAt(0);
    return String(c >= 0x06f0 ? c - 0x06f0 : c - 0x0660);
  });

/**
 * The text as the engine reads it: Arabic tashkeel and tatweel and Hebrew points removed, hamza
 * forms of alef and final ى unified, Arabic and Hebrew punctuation and quotes as ASCII, digits as ASCII.
 * Positions found in it are positions in what the engine keeps (notes are written from it).
 */
export function readable(text: string): string {
  return asciiDigits(text.normalize('NFC'))
    .replace(/[\u064B-\u065F\u0670\u0640\u0591-\u05BD\u05BF-\u05C2\u05C4\u05C5\u05C7]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/״/g, '"')
    .replace(/׳/g, "'")
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى(?=[\s.,!?،؟:;-]|$)/g, 'ي')
    .replace(/،/g, ',')
    .replace(/؟/g, '?')
    .replace(/؛/g, ';');
}

/** A word folded for comparison: lower case, Latin accents gone, ة as ه, Hebrew final letters as other letters. */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ך/g, 'כ')
    .replace(/ם/g, 'מ')
    .replace(/ן/g, 'נ')
    .replace(/ף/g, 'פ')
    .replace(/ץ/g, 'צ');
}
