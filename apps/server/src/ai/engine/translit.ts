/**
 * Names across scripts: "Adam" written أدم / آدم / ادم in Arabic or אדם in Hebrew. Both the roster's
 * name (Latin letters) and a word of the sentence (Arabic or Hebrew letters) become sound keys:
 *
 * - letters that sound alike share a class (b p f v w → B; s z sh ts ص ش ס צ ש → S; k c q ق ك ק כ → K;
 *   h kh ح خ ه ח → H; t th ط ت ث ט ת → T; g j ج غ ג → G ...);
 * - vowels are not written in Hebrew and Arabic (or written as ا و ي א ו י ע ה), so a key keeps only
 *   whether the name starts and ends with a vowel, and the consonants in between;
 * - letters that may be a vowel or a consonant (y, h; و ي ه; ו י ה כ) give one key per reading.
 *
 * A word names a child when one of its keys is one of the child's keys: Adam → "^DM", أدم → "^DM",
 * אדם → "^DM"; Meera → "MR$" and Omar → "^MR" stay apart. Keys of one consonant need a word of three
 * letters or more. Ordinary words with a child's key ("إلى" for Eli, "נא" for Noa) are listed apart.
 */

type Sym = string | string[];

const LATIN_DIGRAPHS: Record<string, string> = {
  sh: 'S',
  kh: 'H',
  ph: 'B',
  th: 'T',
  ch: 'S',
  gh: 'G',
  ck: 'K',
  ts: 'S',
  tz: 'S',
  dh: 'D',
  zh: 'S',
};
const LATIN: Record<string, Sym> = {
  a: 'V',
  e: 'V',
  i: 'V',
  o: 'V',
  u: 'V',
  y: ['Y', 'V'],
  h: ['H', ''],
  w: 'B',
  b: 'B',
  p: 'B',
  f: 'B',
  v: 'B',
  c: 'K',
  k: 'K',
  q: 'K',
  g: 'G',
  j: 'G',
  s: 'S',
  z: 'S',
  x: 'KS',
  t: 'T',
  d: 'D',
  l: 'L',
  m: 'M',
  n: 'N',
  r: 'R',
};

const NATIVE: Record<string, Sym> = {
  // Arabic
  ا: 'V',
  أ: 'V',
  إ: 'V',
  آ: 'V',
  ى: 'V',
  ة: 'V',
  ع: 'V',
  ء: '',
  ئ: ['Y', 'V'],
  ؤ: ['B', 'V'],
  ب: 'B',
  ت: 'T',
  ث: ['T', 'S'],
  ج: 'G',
  ح: 'H',
  خ: 'H',
  د: 'D',
  ذ: ['D', 'S'],
  ر: 'R',
  ز: 'S',
  س: 'S',
  ش: 'S',
  ص: 'S',
  ض: 'D',
  ط: 'T',
  ظ: ['S', 'D'],
  غ: 'G',
  ف: 'B',
  ق: 'K',
  ك: 'K',
  ل: 'L',
  م: 'M',
  ن: 'N',
  ه: ['H', 'V'],
  و: ['B', 'V'],
  ي: ['Y', 'V'],
  پ: 'B',
  چ: 'S',
  گ: 'G',
  ڤ: 'B',
  // Hebrew
  א: 'V',
  ע: 'V',
  ב: 'B',
  ג: 'G',
  ד: 'D',
  ה: ['H', 'V'],
  ו: ['B', 'V'],
  ז: 'S',
  ח: 'H',
  ט: 'T',
  י: ['Y', 'V'],
  כ: ['K', 'H'],
  ך: ['K', 'H'],
  ל: 'L',
  מ: 'M',
  ם: 'M',
  נ: 'N',
  ן: 'N',
  ס: 'S',
  פ: 'B',
  ף: 'B',
  צ: 'S',
  ץ: 'S',
  ק: 'K',
  ר: 'R',
  ש: 'S',
  ת: 'T',
};

/** The keys of a sequence of symbols (each one or several readings): vowels collapsed, edges kept. */
function keysOf(symbols: Sym[], limit = 256): Set<string> {
  let readings: string[][] = [[]];
  for (const s of symbols) {
    const options = Array.isArray(s) ? s : [s];
    const next: string[][] = [];
    for (const r of readings) for (const o of options) if (next.length < limit) next.push(o ? [...r, ...o.split('')] : r);
    readings = next;
  }
  const out = new Set<string>();
  for (const r of readings) {
    if (r.length === 0) continue;
    const consonants = r.filter((x) => x !== 'V').join('');
    if (!consonants) continue;
    out.add(`${r[0] === 'V' ? '^' : ''}${consonants}${r.at(-1) === 'V' ? '$' : ''}`);
  }
  return out;
}

const isNative = (w: string) => /[\u0590-\u05FF\u0600-\u06FF]/.test(w);

/** Keys of a name written in Latin letters (a roster name). Double letters are one sound. */
export function latinKeys(name: string): Set<string> {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
  const symbols: Sym[] = [];
  for (let i = 0; i < s.length; ) {
    const two = s.slice(i, i + 2);
    const digraph = LATIN_DIGRAPHS[two];
    // A silent "h" at the end of a name ("Sarah", "Noah").
    if (s[i] === 'h' && i === s.length - 1 && i > 0) {
      i++;
      continue;
    }
    const sym = digraph ?? LATIN[s[i] as string] ?? '';
    i += digraph ? 2 : 1;
    const prev = symbols.at(-1);
    // Double consonants ("dd", "ss") are one.
    if (typeof sym === 'string' && sym !== 'V' && sym === prev) continue;
    symbols.push(sym);
  }
  return keysOf(symbols);
}

/** Keys of a word written in Arabic or Hebrew letters. A final ה / ه is a vowel. */
export function nativeKeys(word: string): Set<string> {
  const letters = [...word.replace(/['׳"״\-ـ]/g, '')];
  const symbols: Sym[] = [];
  letters.forEach((ch, i) => {
    const last = i === letters.length - 1;
    // Hebrew writes a consonant y or v with two letters ("ציירה", "סאנווי"): one consonant.
    if ((ch === 'י' || ch === 'ו') && letters[i + 1] === ch) return;
    if ((ch === 'י' || ch === 'ו') && letters[i - 1] === ch) {
      symbols.push(ch === 'י' ? 'Y' : 'B');
      return;
    }
    if ((ch === 'ה' || ch === 'ه') && last) symbols.push('V');
    else symbols.push(NATIVE[ch] ?? '');
  });
  return keysOf(symbols);
}

/** Keys of a name in any script. */
export const nameKeys = (name: string): Set<string> => (isNative(name) ? nativeKeys(name) : latinKeys(name));

/** Whether a key has a single consonant (such names need a word of three letters or more). */
export const shortKey = (key: string) => key.replace(/[\^$]/g, '').length <= 1;

/** Ordinary Arabic and Hebrew words that share a key with a name of the demo rosters or common names. */
export const NOT_NATIVE_NAMES = new Set([
  // Arabic
  'إلى',
  'الى',
  'الي',
  'علي',
  'على',
  'عالي',
  'عدم',
  'لنا',
  'مية',
  'ميه',
  'كبير',
  'كبيرة',
  'كبيره',
  'اللي',
  'لما',
  'ليه',
  'ليش',
  'مرة',
  'مره',
  'منيح',
  'مع',
  'من',
  'ما',
  'مش',
  'هو',
  'هي',
  'هم',
  'يا',
  'انا',
  'أنا',
  'انت',
  'نحن',
  'في',
  'فيه',
  'عن',
  'أو',
  'او',
  'بس',
  'كل',
  'كان',
  'كانت',
  'رح',
  'اليوم',
  'امبارح',
  'مبارح',
  'بكرا',
  'بكرة',
  'أمس',
  'امس',
  'غدا',
  'سارت',
  'صار',
  'صارت',
  'عمل',
  'عملت',
  'امر',
  'صبي',
  'زراعة',
  'زراعه',
  'معي',
  'معه',
  'معها',
  'لانه',
  'لانها',
  'لان',
  'ليلة',
  'ليله',
  // Hebrew
  'עלי',
  'אלה',
  'אמר',
  'אומר',
  'ערב',
  'כבר',
  'בריא',
  'בריאה',
  'ערה',
  'ער',
  'שרו',
  'עלה',
  'עלתה',
  'סיבה',
  'סבא',
  'אולי',
  'לנו',
  'נא',
  'נו',
  'אדום',
  'אדומה',
  'עם',
  'של',
  'את',
  'על',
  'אל',
  'לא',
  'כן',
  'הוא',
  'היא',
  'הם',
  'הן',
  'אני',
  'אנחנו',
  'זה',
  'זו',
  'זאת',
  'גם',
  'רק',
  'כל',
  'היום',
  'אתמול',
  'מחר',
  'מה',
  'מי',
  'למה',
  'איך',
  'כמה',
  'יש',
  'אין',
  'היה',
  'הייתה',
  'עוד',
  'מאוד',
  'לו',
  'לה',
  'לי',
  'שלו',
  'שלה',
  'אותו',
  'אותה',
  'כי',
  'אם',
  'או',
  'אבל',
  'לכם',
  'עליה',
  'עליו',
  'אמא',
  'אבא',
  'ילד',
  'ילדה',
  'ילדים',
  'שלום',
  'תודה',
]);

export const isNativeWord = isNative;
